// The readable sentence for each kind of failure.
import type { Translations } from '../options.ts';
import type { AssistantError } from './errors.ts';
import { formatMessage } from './translations.ts';

export function errorMessage(error: AssistantError, translations: Translations, secondsLeft?: number): string {
  switch (error.kind) {
    case 'configuration':
      return translations.errorConfiguration;
    case 'unauthorized':
      return translations.errorUnauthorized;
    case 'notFound':
      return translations.errorNotFound;
    case 'rateLimited': {
      const seconds = secondsLeft ?? error.retryAfterSeconds;
      return seconds !== undefined && seconds > 0
        ? formatMessage(translations.errorRateLimitedRetryIn, { seconds })
        : translations.errorRateLimited;
    }
    case 'server':
      return translations.errorServer;
    case 'offline':
      return translations.errorOffline;
    case 'network':
      return translations.errorNetwork;
    case 'stream':
      return translations.errorStream;
  }
}
