// Questions offered before the first message.
import { useId } from 'react';
import { useWidget } from './widgetContext.ts';
import { passageLanguage } from '../chat/passageLanguage.ts';

export function StarterQuestions({ questions, onAsk }: { questions: string[]; onAsk: (question: string) => void }) {
  const { translations } = useWidget();
  const labelId = useId();
  if (questions.length === 0) return null;
  return (
    <section className="da-starters" aria-labelledby={labelId}>
      <h3 id={labelId} className="da-starters-title">
        {translations.starterQuestionsLabel}
      </h3>
      <ul className="da-starters-list">
        {questions.map((question) => (
          <li key={question}>
            <button type="button" className="da-starter" lang={passageLanguage(question)} onClick={() => onAsk(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
