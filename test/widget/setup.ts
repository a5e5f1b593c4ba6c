import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // ssr.test.tsx runs in Node, without a DOM.
  if (typeof document === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  document.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});
