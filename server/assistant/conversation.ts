// What the answer knows of the conversation: earlier turns, and the terms a short follow-up leans on.
import type { Exchange } from '../store/threads.ts';
import { contentTerms } from './terms.ts';

export type Turn = { role: 'user' | 'assistant'; text: string };

/** Turns kept for the model and for follow-ups; older ones rarely matter and cost tokens. */
export const HISTORY_EXCHANGES = 10;

/** A stored thread is the history the server trusts; without one, the client's earlier messages are used. */
export function historyTurns(stored: readonly Exchange[] | null, clientTurns: readonly Turn[]): Turn[] {
  if (stored === null) return clientTurns.slice(-2 * HISTORY_EXCHANGES);
  return stored.flatMap((exchange): Turn[] => [
    { role: 'user', text: exchange.question },
    { role: 'assistant', text: exchange.answer },
  ]);
}

/**
 * The search query and match terms for a question. A follow-up with fewer than three topic words ("and the
 * port?") borrows the previous question's words, so it is answered in the same context.
 */
export function retrievalFor(question: string, history: readonly Turn[]): { query: string; terms: string[] } {
  const terms = contentTerms(question);
  const previousQuestion = history.findLast((turn) => turn.role === 'user')?.text;
  if (terms.length >= 3 || !previousQuestion) return { query: question, terms };
  return {
    query: `${previousQuestion} ${question}`,
    terms: [...new Set([...terms, ...contentTerms(previousQuestion)])],
  };
}
