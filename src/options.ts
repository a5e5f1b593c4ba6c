// The widget's options: one flat interface shared by the React component's props,
// the script tag's data-* attributes and window.DocsAssistantConfig. No React import here.
import type { AssistantContextItem, AssistantFilter } from './wire.ts';

/** Every string the widget shows. Partial overrides go through the `translations` option. */
export interface Translations {
  launcherLabel: string;
  dialogTitle: string;
  dialogDescription: string;
  composerPlaceholder: string;
  composerLabel: string;
  send: string;
  stop: string;
  retry: string;
  close: string;
  newConversation: string;
  copyAnswer: string;
  copied: string;
  copyCode: string;
  /** Names a code block in an answer that has no language. */
  codeBlock: string;
  helpful: string;
  /** Shown once an answer is rated. */
  feedbackThanks: string;
  /** Label of the optional reason after a thumbs-down. */
  feedbackReasonLabel: string;
  feedbackSend: string;
  notHelpful: string;
  sources: string;
  askAboutCode: string;
  removeContext: string;
  selectionChip: string;
  codeChip: string;
  starterQuestionsLabel: string;
  /** Accessible name of the list of questions and answers. */
  conversationLabel: string;
  emptyState: string;
  /** Under an answer the docs do not cover: searches the docs for the question's words. */
  searchDocs: string;
  searchResults: string;
  /** Announced when keyword results show under the composer; `{count}` is their number. */
  searchAsYouTypeStatus: string;
  /** The side panel's resize handle. */
  resizePanel: string;
  searchNoResults: string;
  searchFailed: string;
  /** The empty state when the server names the site; `{site}` is its name. */
  emptyStateSite: string;
  /** Hint under the starter questions: how to ask about part of the page. */
  hintContext: string;
  /** Hint of the keys, shown where there is a keyboard (not on touch screens). */
  hintKeys: string;
  thinking: string;
  answerReady: string;
  /** Notice on an answer the reader stopped (its partial text stays); also announced once. */
  answerStopped: string;
  /** Notice on an answer whose stream failed or ended early (the error itself is announced by the error banner). */
  answerCutOff: string;
  errorUnauthorized: string;
  errorNotFound: string;
  errorRateLimited: string;
  /** `{seconds}` is replaced by the countdown. */
  errorRateLimitedRetryIn: string;
  /** After a rate limit's countdown: the reader may retry. */
  errorRateLimitedOver: string;
  errorServer: string;
  errorOffline: string;
  errorNetwork: string;
  errorStream: string;
  /** A question longer than the server takes (`{max}` characters): it stays in the box to shorten. */
  errorQuestionLength: string;
  errorConfiguration: string;
}

/** Names of the events the widget emits through `on(event, handler)` and the `onEvent` prop. */
export type DocsAssistantEventName = 'open' | 'close' | 'question' | 'answer' | 'feedback' | 'error' | 'newConversation' | 'copy';

export interface DocsAssistantEvent {
  type: DocsAssistantEventName;
  /** The question, for `question`, `answer` and `feedback`. */
  question?: string;
  /** The answer's text, for `answer`, `feedback` and `copy`. */
  answer?: string;
  /** The assistant message id, for `answer`, `feedback` and `copy`. */
  messageId?: string;
  /** `up` or `down`, for `feedback`. */
  rating?: 'up' | 'down';
  /** A readable message, for `error`. */
  message?: string;
  threadId?: string | null;
}

/** Options of the widget. Every field has a default except `domain`. */
export interface DocsAssistantOptions {
  /** The domain identifier: the last segment of the dashboard URL. Required. */
  domain: string;
  /** Public assistant key (its prefix ends in `_dsc_`); leave out when a proxy adds it. */
  apiKey?: string;
  /** Base URL of the API (a proxy URL works too). @default location.origin for the component; the origin that served embed.js for the script tag */
  baseUrl?: string;
  /** Search results used per answer. @default 5 */
  retrievalPageSize?: number;
  /** Filter on the docs' metadata (version, language, groups). @default null */
  filter?: AssistantFilter | null;
  /** Returns the current route, for hash or custom routers. @default () => location.pathname */
  getCurrentPath?: () => string;
  /** Color scheme. @default 'auto' */
  theme?: 'light' | 'dark' | 'auto';
  /** Keyboard shortcut that opens the dialog, e.g. 'mod+i'; false turns it off. @default 'mod+i' */
  shortcut?: string | false;
  /** CSS selector of code blocks that get an "Ask AI" button; false turns them off. @default 'pre' */
  codeBlocks?: string | false;
  /** A dialog over the page ('modal'), or a side panel beside it that stays open across page loads ('panel'). @default 'modal' */
  layout?: 'modal' | 'panel';
  /** With `layout: 'panel'`: over the page ('overlay') or pushing it aside ('push', a margin on <html> while open). @default 'overlay' */
  panelMode?: 'overlay' | 'push';
  /** Writing direction: 'auto' follows the host page (its `dir`), 'rtl' mirrors the layout. @default 'auto' */
  dir?: 'ltr' | 'rtl' | 'auto';
  /** Launcher corner, named for a left-to-right page: on a right-to-left page the layout mirrors, so 'bottom-right' is the bottom left. @default 'bottom-right' */
  position?: 'bottom-right' | 'bottom-left';
  /** Whether to render the floating launcher. @default true */
  launcher?: boolean;
  /** Keyword results from the docs under the question box as the reader types (Down to browse them). @default true */
  searchAsYouType?: boolean;
  /** Questions offered before the first message. @default [] */
  starterQuestions?: string[];
  /** Use FingerprintJS for `fp`; false sends 'anonymous'. @default true */
  fingerprint?: boolean;
  /** Overrides for any UI string. @default {} */
  translations?: Partial<Translations>;
  /** Receives every widget event. */
  onEvent?: (event: DocsAssistantEvent) => void;
}

export type { AssistantContextItem };
