// Shows the React integration: controlled open state, the ref's verbs, a theme set through
// --docs-assistant-* CSS variables, starter questions, and every widget event in a log.
import { useEffect, useRef, useState } from 'react';
import { DocsAssistant, type DocsAssistantEvent, type DocsAssistantHandle } from 'docs-assistant';

/** The demo server's public assistant key (see demo/server.ts). */
const DEMO_ASSISTANT_KEY = 'da_dsc_demo0public0key0for0the0demo0site';

const brands = [
  { id: 'default', label: 'Default' },
  { id: 'violet', label: 'Violet' },
  { id: 'forest', label: 'Forest' },
] as const;
type Brand = (typeof brands)[number]['id'];

const starterQuestions = ['How do I control the open state in React?', 'Which CSS variables can I set?', 'How do I use it with Next.js?'];

interface LoggedEvent {
  id: number;
  time: string;
  event: DocsAssistantEvent;
}

export function ReactPage() {
  const [open, setOpen] = useState(false);
  const [brand, setBrand] = useState<Brand>('violet');
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const assistant = useRef<DocsAssistantHandle>(null);
  const nextEventId = useRef(1);

  // The theme's variables live in reactPage.css under html[data-brand=...]; the widget reads them from any ancestor.
  useEffect(() => {
    document.documentElement.dataset.brand = brand;
  }, [brand]);

  const logEvent = (event: DocsAssistantEvent) => {
    const entry = { id: nextEventId.current++, time: new Date().toLocaleTimeString(), event };
    setEvents((previous) => [entry, ...previous].slice(0, 50));
  };

  return (
    <>
      <a className="skip-link" href="#content">Skip to content</a>
      <header className="site-header">
        <a className="brand" href="/">docs-assistant</a>
        <nav className="demo-nav" aria-label="Demo pages">
          <a href="/">Docs</a>
          <a href="/demo/react/" aria-current="page">React page</a>
          <a href="/demo/dark">Dark page</a>
          <a href="/demo/strict-csp">Strict CSP page</a>
        </nav>
      </header>
      <main id="content" className="react-page">
        <h1>React component</h1>
        <p>
          This page renders <code>{"<DocsAssistant>"}</code> imported from <code>docs-assistant</code> and bundled with Vite.
          Its open state lives in this page's React state, its colors come from CSS variables, and every event it emits is logged below.
        </p>

        <section aria-labelledby="open-state-title" className="panel">
          <h2 id="open-state-title">Controlled open state</h2>
          <p>
            The dialog is <strong data-testid="open-state">{open ? 'open' : 'closed'}</strong>.
          </p>
          <div className="button-row">
            <button type="button" onClick={() => setOpen(true)}>Open the assistant</button>
            <button type="button" onClick={() => assistant.current?.ask('How do I theme the widget?')}>
              Ask "How do I theme the widget?"
            </button>
            <button type="button" onClick={() => assistant.current?.newConversation()}>New conversation</button>
          </div>
        </section>

        <section aria-labelledby="theme-title" className="panel">
          <h2 id="theme-title">Custom theme</h2>
          <fieldset>
            <legend>Accent colors, set through <code>--docs-assistant-*</code> variables</legend>
            {brands.map((option) => (
              <label key={option.id} className="choice">
                <input type="radio" name="brand" value={option.id} checked={brand === option.id} onChange={() => setBrand(option.id)} />
                {option.label}
              </label>
            ))}
          </fieldset>
        </section>

        <section aria-labelledby="log-title" className="panel">
          <h2 id="log-title">Event log</h2>
          {events.length === 0 ? (
            <p>No events yet. Open the assistant and ask a question.</p>
          ) : (
            <ol className="event-log" aria-label="Widget events, newest first">
              {events.map((entry) => (
                <li key={entry.id}>
                  <span className="event-time">{entry.time}</span> <code>{entry.event.type}</code> {describe(entry.event)}
                </li>
              ))}
            </ol>
          )}
        </section>

        <pre className="wrapped-code">
          <code>{`import { DocsAssistant } from 'docs-assistant';
import 'docs-assistant/styles.css';

<DocsAssistant
  domain="docs"
  apiKey="${DEMO_ASSISTANT_KEY}"
  open={open}
  onOpenChange={setOpen}
  starterQuestions={[...]}
  onEvent={logEvent}
/>`}</code>
        </pre>
      </main>
      <DocsAssistant
        ref={assistant}
        domain="docs"
        apiKey={DEMO_ASSISTANT_KEY}
        open={open}
        onOpenChange={setOpen}
        starterQuestions={starterQuestions}
        onEvent={logEvent}
      />
    </>
  );
}

function describe(event: DocsAssistantEvent): string {
  if (event.type === 'question') return `"${event.question ?? ''}"`;
  if (event.type === 'answer') return `${(event.answer ?? '').length} characters${event.threadId ? `, thread ${event.threadId.slice(0, 8)}…` : ''}`;
  if (event.type === 'feedback') return `${event.rating === 'up' ? 'helpful' : 'not helpful'}`;
  if (event.type === 'error') return event.message ?? '';
  return '';
}
