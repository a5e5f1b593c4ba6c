// Code in an answer: one fenced block under its label, or a code group (npm, pnpm, Yarn... one command
// each) as tabs, so five one-line alternatives take one block's room on a phone.
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CodeVariant } from '../chat/codeGroups.ts';
import { readRaw, writeRaw } from '../chat/threadStorage.ts';
import { CopyButton } from './CopyButton.tsx';
import { useWidget } from './widgetContext.ts';

/** The highlighted code once the highlighter (its own chunk, loaded with the first code block) has it. */
function useHighlighted(code: string, language: string): ReactNode | null {
  const [highlighted, setHighlighted] = useState<{ code: string; nodes: ReactNode } | null>(null);
  useEffect(() => {
    if (language === '') return;
    let current = true;
    void import('../chat/highlight.ts').then(
      ({ highlightCode }) => {
        const nodes = highlightCode(code, language);
        if (current) setHighlighted(nodes === null ? null : { code, nodes });
      },
      () => {}, // no highlighter (offline mid-answer): the code stays plain
    );
    return () => {
      current = false;
    };
  }, [code, language]);
  return highlighted?.code === code ? highlighted.nodes : null;
}

interface CodeProps {
  language: string;
  code: string;
  /** The code as markdown rendered it, shown until it is highlighted. */
  plain: ReactNode;
}

function HighlightedPre({ language, code, plain }: CodeProps) {
  const highlighted = useHighlighted(code, language);
  return (
    // Focusable, so keyboard users scroll long lines with the arrow keys.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre tabIndex={0}>{highlighted === null ? plain : <code className={`language-${language} hljs`}>{highlighted}</code>}</pre>
  );
}

function CodeFrame({ label, code, children }: { label: ReactNode; code: string; children: ReactNode }) {
  const { translations } = useWidget();
  return (
    <div className="da-code">
      <div className="da-code-header">
        {label}
        <CopyButton className="da-icon-button da-code-copy" label={translations.copyCode} getText={() => code} />
      </div>
      {children}
    </div>
  );
}

/** One fenced block under its title (a file name, an API style) or its language. */
export function CodeBlock({ title, ...code }: CodeProps & { title: string | undefined }) {
  const { translations } = useWidget();
  const label = title ?? (code.language === '' ? translations.codeBlock : code.language);
  return (
    <CodeFrame label={<span className="da-code-language">{label}</span>} code={code.code}>
      <HighlightedPre {...code} />
    </CodeFrame>
  );
}

/** The tabs the reader chose, latest first: a later code group opens on pnpm once the reader picked pnpm. */
const ChosenTabs = createContext<{ chosen: string[]; choose: (title: string) => void }>({ chosen: [], choose: () => {} });

/**
 * Remembers the reader's code group tabs across the answers inside it and the site's pages (sessionStorage, as
 * the conversation: Docusaurus and Starlight sync tabs alike).
 */
export function ChosenTabsProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<string[]>(readChosenTabs);
  const value = useMemo(
    () => ({
      chosen,
      choose: (title: string) => {
        const titles = [title, ...chosen.filter((other) => other !== title)].slice(0, MAX_CHOSEN_TABS);
        writeRaw(CHOSEN_TABS_KEY, JSON.stringify(titles));
        setChosen(titles);
      },
    }),
    [chosen],
  );
  return <ChosenTabs.Provider value={value}>{children}</ChosenTabs.Provider>;
}

const CHOSEN_TABS_KEY = 'docs-assistant:code-tabs';
const MAX_CHOSEN_TABS = 10;

/** The kept choices; a missing or damaged entry reads as none. */
function readChosenTabs(): string[] {
  try {
    const stored: unknown = JSON.parse(readRaw(CHOSEN_TABS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((title): title is string => typeof title === 'string') : [];
  } catch {
    return [];
  }
}

/** The tab the reader's question names ("how do I install it with pnpm?" opens on pnpm). The longest name wins: "pnpm" holds "npm". */
function namedTab(titles: string[], question: string): string | undefined {
  const asked = question.toLowerCase();
  let named: string | undefined;
  for (const title of titles) if (asked.includes(title.toLowerCase()) && title.length > (named?.length ?? 0)) named = title;
  return named;
}

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * A code group as tabs (the WAI-ARIA tabs pattern: the arrow keys, Home and End move between the tabs and
 * show each as it gets focus; one Tab stop), the chosen tab's code below and its copy button beside them.
 */
export function CodeTabs({ variants, question }: { variants: CodeVariant[]; question: string }) {
  const { translations } = useWidget();
  const { chosen, choose } = useContext(ChosenTabs);
  // Picked here, else named by the question, else picked in another group, else the first.
  const [picked, setPicked] = useState<string>();
  const titles = variants.map(({ title }) => title);
  const shown = [picked, namedTab(titles, question), ...chosen].find((title) => title !== undefined && titles.includes(title));
  const selected = shown === undefined ? 0 : titles.indexOf(shown);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const variant = variants[selected] as CodeVariant;
  const select = (index: number) => {
    const title = titles[index] as string;
    setPicked(title);
    choose(title);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = STEPS[event.key];
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = variants.length - 1;
    // Right to left, the arrow keys follow the tabs as they are drawn.
    else if (step !== undefined) next = selected + (getComputedStyle(event.currentTarget).direction === 'rtl' ? -step : step);
    else return;
    event.preventDefault();
    next = (next + variants.length) % variants.length;
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <CodeFrame
      code={variant.code}
      label={
        <div role="tablist" aria-label={translations.codeBlock} className="da-code-tabs">
          {variants.map((tab, index) => (
            <button
              key={tab.title}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${index}`}
              aria-selected={index === selected}
              aria-controls={`${id}-panel`}
              tabIndex={index === selected ? 0 : -1}
              className="da-code-tab"
              onClick={() => select(index)}
              onKeyDown={onKeyDown}
            >
              {tab.title}
            </button>
          ))}
        </div>
      }
    >
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`}>
        <HighlightedPre language={variant.language} code={variant.code} plain={<code className={`language-${variant.language}`}>{variant.code}</code>} />
      </div>
    </CodeFrame>
  );
}
