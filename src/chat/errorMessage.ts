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
      if (seconds !== undefined && seconds > 0) return formatMessage(translations.errorRateLimitedRetryIn, { seconds });
      // The countdown is over: no more "please wait".
      return secondsLeft === 0 && error.retryAfterSeconds ? translations.errorRateLimitedOver : translations.errorRateLimited;
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
