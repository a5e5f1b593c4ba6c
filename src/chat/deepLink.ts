// Deep links: `?ask=<question>` (or `#ask=<question>`) on any page of the site opens the assistant and
// asks, once: the parameter is removed from the address bar (history.replaceState, no reload), so a
// reload or a shared copy of the current URL does not ask again.

const PARAMETER = 'ask';
/** Longer values are not a reader's question (and the server would refuse them). */
const MAX_QUESTION_CHARS = 2_000;

export function takeAskParameter(): string | null {
  if (typeof location === 'undefined' || typeof history === 'undefined') return null;
  const url = new URL(location.href);
  const fromQuery = url.searchParams.get(PARAMETER);
  const hash = new URLSearchParams(url.hash.slice(1));
  const fromHash = fromQuery === null ? hash.get(PARAMETER) : null;
  const question = (fromQuery ?? fromHash)?.trim() ?? '';
  if (fromQuery !== null) url.searchParams.delete(PARAMETER);
  else if (fromHash !== null) {
    hash.delete(PARAMETER);
    url.hash = hash.toString();
  } else return null;
  try {
    history.replaceState(history.state, '', url.href);
  } catch {
    // A sandboxed frame may refuse: the question is still asked once for this page view.
  }
  return question === '' ? null : question.slice(0, MAX_QUESTION_CHARS);
}
