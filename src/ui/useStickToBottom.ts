// Keeps a scroll area following an answer as it streams in, until the answer's question reaches the
// top (a long answer is read from its start) or the reader scrolls. Only the widget's own scroll area
// moves (never scrollIntoView, which scrolls the host page).
import { useCallback, useRef } from 'react';
import { useLatest } from './useLatest.ts';

const PINNED_DISTANCE_PX = 48;

/**
 * The end of the conversation, but not past the latest question's top: a long answer stops scrolling
 * once its question reaches the top, so the reader reads it from its first line (its source heading).
 */
function followTarget(element: HTMLElement): number {
  const end = element.scrollHeight - element.clientHeight;
  const questions = element.querySelectorAll('[data-role="user"]');
  const latest = questions[questions.length - 1];
  if (!latest) return end;
  const padding = Number.parseFloat(getComputedStyle(element).paddingTop) || 0;
  const questionTop = latest.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop - padding;
  return Math.max(0, Math.min(end, questionTop));
}

interface Kept {
  /** Where to start (a conversation carried over from the previous page); null: at its end. */
  initialScrollTop: number | null;
  /** Receives the position when the area goes: closed, or the page left (pagehide). */
  onLeave: ((scrollTop: number) => void) | null;
}

/** Attaches the behaviour to `element`; returns the detach function. */
function stickToBottom(element: HTMLElement, kept: Kept): () => void {
  let pinned = true;
  // Until the reader scrolls down past it, following stops at the latest question's top.
  let holdAtQuestion = true;
  // A scroll area that just mounted is at its top; reading scrollTop here would force a layout.
  let lastTop = 0;
  // Growth and following set lastTop themselves, so a move here is the reader's: it ends the hold at the
  // question, and following goes on only from the end.
  const onScroll = () => {
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_DISTANCE_PX;
    if (Math.abs(element.scrollTop - lastTop) > 1) {
      holdAtQuestion = false;
      pinned = atEnd;
    } else if (atEnd) {
      pinned = true;
    }
    lastTop = element.scrollTop;
  };
  const follow = (records: MutationRecord[]) => {
    // A new question always brings it into view.
    const asked = records.some((record) => [...record.addedNodes].some((node) => node instanceof Element && node.matches('[data-role="user"]')));
    if (asked) {
      pinned = true;
      holdAtQuestion = true;
    }
    if (!pinned) return;
    element.scrollTop = holdAtQuestion ? followTarget(element) : element.scrollHeight;
    lastTop = element.scrollTop;
  };
  element.addEventListener('scroll', onScroll, { passive: true });
  const observer = new MutationObserver(follow);
  observer.observe(element, { childList: true, subtree: true, characterData: true });
  // A restored conversation starts at its end. In the next frame, before anything is painted: reading the
  // scroll height while the dialog mounts would force a layout of its own there.
  const firstFrame = requestAnimationFrame(() => {
    if (kept.initialScrollTop === null) return follow([]);
    // Where the reader left it on the previous page; following resumes only if that was the end.
    element.scrollTop = kept.initialScrollTop;
    lastTop = element.scrollTop;
    holdAtQuestion = false;
    pinned = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_DISTANCE_PX;
  });
  const leave = () => kept.onLeave?.(element.scrollTop);
  window.addEventListener('pagehide', leave);
  return () => {
    cancelAnimationFrame(firstFrame);
    leave();
    window.removeEventListener('pagehide', leave);
    element.removeEventListener('scroll', onScroll);
    observer.disconnect();
  };
}

/** A callback ref for the scroll area (which mounts and unmounts with the dialog). */
export function useStickToBottom<T extends HTMLElement>(initialScrollTop: number | null = null, onLeave: ((scrollTop: number) => void) | null = null): (element: T | null) => void {
  const detach = useRef<(() => void) | null>(null);
  // Read when the area mounts and leaves, not when they change: the ref callback stays the same.
  const kept = useLatest<Kept>({ initialScrollTop, onLeave });
  return useCallback((element: T | null) => {
    detach.current?.();
    detach.current = element ? stickToBottom(element, { ...kept.current, onLeave: (top) => kept.current.onLeave?.(top) }) : null;
  }, [kept]);
}
