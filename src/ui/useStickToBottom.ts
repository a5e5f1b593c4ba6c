// Keeps a scroll area pinned to its end while an answer streams in, unless the reader scrolled up
// to read. Only the widget's own scroll area moves (never scrollIntoView, which scrolls the host page).
import { useCallback, useRef } from 'react';

const PINNED_DISTANCE_PX = 48;

/** Attaches the behaviour to `element`; returns the detach function. */
function stickToBottom(element: HTMLElement): () => void {
  let pinned = true;
  let lastTop = element.scrollTop;
  // Growth never moves scrollTop up, so only a reader scrolling up unpins; reaching the end re-pins.
  const onScroll = () => {
    if (element.scrollTop < lastTop - 1) pinned = false;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_DISTANCE_PX) pinned = true;
    lastTop = element.scrollTop;
  };
  const follow = (records: MutationRecord[]) => {
    // A new question always brings the end into view.
    const asked = records.some((record) => [...record.addedNodes].some((node) => node instanceof Element && node.matches('[data-role="user"]')));
    if (asked) pinned = true;
    if (!pinned) return;
    element.scrollTop = element.scrollHeight;
    lastTop = element.scrollTop;
  };
  element.addEventListener('scroll', onScroll, { passive: true });
  const observer = new MutationObserver(follow);
  observer.observe(element, { childList: true, subtree: true, characterData: true });
  follow([]);
  return () => {
    element.removeEventListener('scroll', onScroll);
    observer.disconnect();
  };
}

/** A callback ref for the scroll area (which mounts and unmounts with the dialog). */
export function useStickToBottom<T extends HTMLElement>(): (element: T | null) => void {
  const detach = useRef<(() => void) | null>(null);
  return useCallback((element: T | null) => {
    detach.current?.();
    detach.current = element ? stickToBottom(element) : null;
  }, []);
}
