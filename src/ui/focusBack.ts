// Where focus goes when the assistant lets go of it (the dialog closes, the shortcut leaves the side panel).

/**
 * Back to where the reader was; when that was nothing (the body: Safari does not focus clicked buttons) or
 * is gone, to `fallback` (the launcher). Returns whether focus was placed.
 */
export function focusBack(previous: HTMLElement | null, fallback: HTMLElement | null): boolean {
  const target = previous?.isConnected && previous !== previous.ownerDocument.body ? previous : fallback;
  if (!target?.isConnected) return false;
  target.focus({ preventScroll: true });
  return true;
}
