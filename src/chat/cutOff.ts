// Whether an answer was cut off, kept on the answer itself (its metadata), so the mark survives a
// reload from sessionStorage and needs no guess from the parts. The AI SDK says how a response ended
// (`onFinish`: isAbort, isError, finishReason) but keeps none of it on the message; the transport
// already turns a body that ends before `finish` into an error, so every cut is one of these.
// The transport strips metadata from the request, so the mark never reaches the server.
import type { FinishReason, UIMessage } from 'ai';

/** `stopped`: the reader pressed Stop. `failed`: the stream failed or ended short of a whole answer. */
export type CutOff = 'stopped' | 'failed';

/** Metadata the widget keeps on an assistant message. */
export interface AnswerMetadata {
  cutOff?: CutOff;
}

// Finish reasons of a stream that ended "normally" with less than the whole answer.
const truncatingFinishReasons = new Set<FinishReason>(['length', 'content-filter', 'error', 'interrupted']);

/** How an answer was cut off, or undefined when it is whole (or still streaming). */
export function answerCutOff(message: UIMessage): CutOff | undefined {
  if (message.role !== 'assistant') return undefined;
  const cutOff = (message.metadata as AnswerMetadata | undefined)?.cutOff;
  return cutOff === 'stopped' || cutOff === 'failed' ? cutOff : undefined;
}

/** The cut-off a finished response leaves on its answer (`onFinish`'s flags), if any. */
export function cutOffOnFinish(finish: { isAbort: boolean; isError: boolean; finishReason?: FinishReason | undefined }): CutOff | undefined {
  if (finish.isAbort) return 'stopped';
  if (finish.isError || (finish.finishReason !== undefined && truncatingFinishReasons.has(finish.finishReason))) return 'failed';
  return undefined;
}

/**
 * `messages` with the answer `messageId` marked as cut off (the same array when there is no such
 * answer or it already carries that mark, so nothing re-renders or is saved for nothing).
 */
export function markCutOff(messages: UIMessage[], messageId: string, cutOff: CutOff): UIMessage[] {
  const answer = messages.find((message) => message.id === messageId && message.role === 'assistant');
  if (!answer || answerCutOff(answer) === cutOff) return messages;
  const marked: UIMessage = { ...answer, metadata: { ...(answer.metadata as object | undefined), cutOff } satisfies AnswerMetadata };
  return messages.map((message) => (message === answer ? marked : message));
}
