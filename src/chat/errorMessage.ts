// The readable sentence for each kind of failure.
import type { Translations } from '../options.ts';
import type { AssistantError } from './errors.ts';
import { formatMessage } from './translations.ts';
import { QUESTION_MAX_LENGTH } from '../wire.ts';

export function errorMessage(error: AssistantError, translations: Translations, secondsLeft?: number): string {
  if (error.kind === 'rateLimited') {
    const seconds = secondsLeft ?? error.retryAfterSeconds;
    if (seconds !== undefined && seconds > 0) return formatMessage(translations.errorRateLimitedRetryIn, { seconds });
    // The countdown is over: no more "please wait".
    return secondsLeft === 0 && error.retryAfterSeconds ? translations.errorRateLimitedOver : translations.errorRateLimited;
  }
  // A lookup rather than a switch: every byte here ships with the chat.
  const messages: Record<Exclude<AssistantError['kind'], 'rateLimited'>, string> = {
    configuration: translations.errorConfiguration,
    unauthorized: translations.errorUnauthorized,
    notFound: translations.errorNotFound,
    server: translations.errorServer,
    offline: translations.errorOffline,
    network: translations.errorNetwork,
    stream: translations.errorStream,
    // In the reader's own digits and grouping (8,000; 8.000 in German).
    tooLong: formatMessage(translations.errorQuestionLength, { max: QUESTION_MAX_LENGTH.toLocaleString() }),
  };
  return messages[error.kind];
}
