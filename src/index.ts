// The package's public surface: an explicit list (no `export *`). The build adds 'use client'.
export { DocsAssistant } from './DocsAssistant.tsx';
export type { DocsAssistantHandle, DocsAssistantProps } from './DocsAssistant.tsx';
export { useDocsAssistant } from './useDocsAssistant.ts';
export type { AskOptions, AssistantStatus, DocsAssistantController } from './useDocsAssistant.ts';
export { AssistantTransport, assistantEndpoint } from './chat/transport.ts';
export type { AssistantTransportOptions, RequestFields, ThreadRef } from './chat/transport.ts';
export { defaultTranslations } from './chat/translations.ts';
export type { AssistantError, AssistantErrorKind } from './chat/errors.ts';
export { answerCutOff } from './chat/cutOff.ts';
export type { AnswerMetadata, CutOff } from './chat/cutOff.ts';
export type { DocsAssistantEvent, DocsAssistantEventName, DocsAssistantOptions, Translations } from './options.ts';
export type { AssistantContextItem, AssistantFilter, AssistantRequestBody } from './wire.ts';
