// Reading the AI SDK's UI messages: their text, their sources, and the question an answer answers.
import type { UIMessage } from 'ai';
import type { AnswerMetadata, AssistantContextItem } from '../wire.ts';
import type { QuestionMetadata } from './transport.ts';

export interface SourceLink {
  url: string;
  title: string;
}

export function messageText(message: UIMessage): string {
  return message.parts
    .filter((part): part is Extract<UIMessage['parts'][number], { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** The `source-url` parts, each URL once, in arrival order. */
export function messageSources(message: UIMessage): SourceLink[] {
  const seen = new Set<string>();
  const sources: SourceLink[] = [];
  for (const part of message.parts) {
    if (part.type !== 'source-url' || seen.has(part.url)) continue;
    seen.add(part.url);
    sources.push({ url: part.url, title: part.title?.trim() || part.url });
  }
  return sources;
}

export function messageContext(message: UIMessage): AssistantContextItem[] {
  const context = (message.metadata as QuestionMetadata | undefined)?.context;
  return Array.isArray(context) ? context : [];
}

/** The user question just before the assistant message at `index`. */
export function questionBefore(messages: UIMessage[], index: number): string {
  for (let position = index - 1; position >= 0; position -= 1) {
    const candidate = messages[position];
    if (candidate?.role === 'user') return messageText(candidate);
  }
  return '';
}

/** Whether the server marked the answer as not covered by the docs (`finish.messageMetadata.notFound`). */
export function messageNotFound(message: UIMessage): boolean {
  return message.role === 'assistant' && (message.metadata as Partial<AnswerMetadata> | undefined)?.notFound === true;
}
