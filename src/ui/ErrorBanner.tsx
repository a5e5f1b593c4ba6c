// What went wrong, in words, with Retry (the question is kept). A 429 counts down its Retry-After.
import { useEffect, useState } from 'react';
import type { AssistantError } from '../chat/errors.ts';
import { errorMessage } from '../chat/errorMessage.ts';
import { useWidget } from './widgetContext.ts';

/** Seconds left of a 429's Retry-After, ticking once a second. */
function useCountdown(error: AssistantError): number {
  const [now, setNow] = useState(() => Date.now());
  const total = error.retryAfterSeconds ?? 0;
  const secondsLeft = Math.max(0, total - Math.floor(Math.max(0, now - error.receivedAt) / 1000));
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [counting]);
  return secondsLeft;
}

export function ErrorBanner({ error, onRetry }: { error: AssistantError; onRetry: () => void }) {
  const { translations } = useWidget();
  const secondsLeft = useCountdown(error);
  // Retrying sends the same request: a misconfigured widget or a question too long fails again.
  const canRetry = error.kind !== 'configuration' && error.kind !== 'tooLong';
  const message = errorMessage(error, translations, secondsLeft);
  return (
    <div className="da-error" data-kind={error.kind}>
      {error.retryAfterSeconds ? (
        <>
          {/* Announced once; the visible countdown below would otherwise be read every second. */}
          <p role="alert" className="da-visually-hidden">
            {errorMessage(error, translations)}
          </p>
          <p className="da-error-message" aria-hidden={secondsLeft > 0 || undefined} role={secondsLeft > 0 ? undefined : 'status'} data-countdown={secondsLeft}>
            {message}
          </p>
        </>
      ) : (
        <p role="alert" className="da-error-message">
          {message}
        </p>
      )}
      {canRetry ? (
        <button type="button" className="da-button da-retry" onClick={onRetry} disabled={secondsLeft > 0}>
          {translations.retry}
        </button>
      ) : null}
    </div>
  );
}
