// Keeps a scroll area pinned to its end while content streams in, unless the reader scrolled up
// to read. Only the widget's own scroll area moves (never scrollIntoView, which scrolls the host page).
import { useEffect, useRef, type RefObject } from 'react';

const PINNED_DISTANCE_PX = 48;

export function useStickToBottom<T extends HTMLElement>(): RefObject<T | null> {
  const scrollArea = useRef<T>(null);

  useEffect(() => {
    const element = scrollArea.current;
    if (!element) return;
    let pinned = true;
    const onScroll = () => {
      pinned = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_DISTANCE_PX;
    };
    const follow = () => {
      if (pinned) element.scrollTop = element.scrollHeight;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new MutationObserver(follow);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, []);

  return scrollArea;
}
