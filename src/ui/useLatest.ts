// A ref that always holds the latest value, updated after render (never during it), for event
// handlers and callbacks that must not change identity.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

// useLayoutEffect warns during server rendering on React 18; both behave the same in the browser.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
