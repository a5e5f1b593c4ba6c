// AI SDK 4's own client code, resolved from this folder's node_modules (see package.json here).
export { callChatApi, parseDataStreamPart, processDataStream } from '@ai-sdk/ui-utils';
export type { Message } from '@ai-sdk/ui-utils';
