// Default UI strings and the merge of a host's partial overrides.
import type { Translations } from '../options.ts';

export const defaultTranslations: Translations = {
  launcherLabel: 'Ask AI',
  dialogTitle: 'Ask the docs',
  dialogDescription: 'Answers come from this documentation, with links to their sources.',
  composerPlaceholder: 'Ask a question…',
  composerLabel: 'Your question',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  close: 'Close',
  newConversation: 'New conversation',
  copyAnswer: 'Copy answer',
  copied: 'Copied',
  copyCode: 'Copy code',
  codeBlock: 'Code',
  helpful: 'Helpful',
  feedbackThanks: 'Thanks for the feedback.',
  feedbackReasonLabel: 'What was missing or wrong? (optional)',
  feedbackSend: 'Send feedback',
  notHelpful: 'Not helpful',
  sources: 'Sources',
  askAboutCode: 'Ask AI about this code',
  removeContext: 'Remove',
  selectionChip: 'Selected text',
  codeChip: 'Code block',
  starterQuestionsLabel: 'Try asking',
  conversationLabel: 'Conversation',
  emptyState: 'Ask anything about these docs.',
  searchDocs: 'Search the docs for this',
  searchResults: 'Search results',
  resizePanel: 'Resize the panel',
  searchAsYouTypeStatus: '{count} pages of the docs match. Press Down to go through them.',
  searchNoResults: 'No other page matches these words.',
  searchFailed: 'The search failed. Try again later.',
  emptyStateSite: 'Ask anything about {site}.',
  hintContext: 'Select text, or use "Ask AI" on a code block, to ask about it.',
  hintKeys: 'Shift+Enter adds a line; Esc closes.',
  thinking: 'Thinking…',
  answerReady: 'Answer ready.',
  answerStopped: 'Answer stopped',
  answerCutOff: 'Answer cut off',
  errorUnauthorized: 'The assistant is not authorized on this site. Check its API key.',
  errorNotFound: 'The assistant could not be found for this site. Check its domain.',
  errorRateLimited: 'Too many questions right now. Please wait a moment and retry.',
  errorRateLimitedRetryIn: 'Too many questions right now. You can retry in {seconds} s.',
  errorRateLimitedOver: 'You can ask again now: press Retry.',
  errorServer: 'The assistant had a problem answering. Please retry.',
  errorOffline: 'You are offline. Reconnect, then retry.',
  errorNetwork: 'The assistant could not be reached. Check your connection and retry.',
  errorStream: 'The answer was cut off. Retry to get the full answer.',
  errorQuestionLength: 'Your question is over {max} characters: shorten it to send it.',
  errorConfiguration: 'The assistant is misconfigured on this site, so questions cannot be sent.',
};

/** Defaults overlaid with the host's overrides; empty strings are ignored so nothing renders blank. */
export function resolveTranslations(overrides: Partial<Translations> | undefined): Translations {
  const resolved = { ...defaultTranslations };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (typeof value === 'string' && value.trim() !== '' && key in resolved) {
      resolved[key as keyof Translations] = value;
    }
  }
  return resolved;
}

/** Replaces `{name}` placeholders, e.g. `{seconds}` in the rate-limit message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
