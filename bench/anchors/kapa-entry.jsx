// Minimal mount of Kapa's headless React SDK, as in the size notes (Appendix A): a provider and a
// component that lists the conversation and submits a question. Bundled with React into one IIFE.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { KapaProvider, useChat } from '@kapaai/react-sdk';

function Chat() {
  const { conversation, submitQuery, isGeneratingAnswer } = useChat();
  const [question, setQuestion] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitQuery(question);
        setQuestion('');
      }}
    >
      <ul>
        {conversation.map((pair) => (
          <li key={pair.id ?? pair.question}>
            <p>{pair.question}</p>
            <p>{pair.answer}</p>
          </li>
        ))}
      </ul>
      <input aria-label="Question" value={question} onChange={(event) => setQuestion(event.target.value)} />
      <button type="submit" disabled={isGeneratingAnswer}>Ask</button>
    </form>
  );
}

const container = document.createElement('div');
document.body.append(container);
createRoot(container).render(
  <KapaProvider integrationId="00000000-0000-0000-0000-000000000000">
    <Chat />
  </KapaProvider>,
);
