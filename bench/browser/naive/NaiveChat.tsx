// The naive baseline for the streaming bench: the same transport and stream as the widget, but the
// whole answer is re-rendered with react-markdown on every delta (no memoising, no throttling).
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const transport = new DefaultChatTransport({ api: '/discovery/v2/assistant/bench/message' });

export function NaiveChat() {
  const { messages, sendMessage } = useChat({ transport });
  const [question, setQuestion] = useState('');
  return (
    <main>
      {messages.map((message) => (
        <article key={message.id} data-role={message.role}>
          <Markdown remarkPlugins={[remarkGfm]}>{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</Markdown>
        </article>
      ))}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void sendMessage({ text: question });
          setQuestion('');
        }}
      >
        <textarea
          aria-label="Your question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}
