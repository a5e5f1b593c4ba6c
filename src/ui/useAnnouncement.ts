// Announces each finished answer once through a polite live region, read from the rendered answer
// (so no markdown punctuation), with the raw text as a fallback before it is in the DOM.
import { useEffect, useRef } from 'react';
import { readableText } from './readableText.ts';

function announce(region: HTMLElement, answer: string, prefix: string): void {
  let text = '';
  if (answer !== '') {
    const dialog = region.closest('[role="dialog"]');
    const rendered = [...(dialog?.querySelectorAll('[data-role="assistant"] .da-markdown') ?? [])].at(-1);
    text = `${prefix} ${rendered ? readableText(rendered) : answer}`;
  }
  // Rewriting the same words would make some screen readers say them again.
  if (region.textContent !== text) region.textContent = text;
}

/**
 * Returns the ref for the live region. `answer` is the finished answer's text ('' clears it);
 * `rendered` changes when the conversation re-renders, so the final DOM is read once it is there.
 */
export function useAnnouncement(answer: string, prefix: string, rendered: unknown) {
  const region = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    if (region.current && rendered !== undefined) announce(region.current, answer, prefix);
  }, [answer, prefix, rendered]);
  return region;
}
