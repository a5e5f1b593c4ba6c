// `dir: 'auto'` follows the host page's writing direction: a page in Arabic or Hebrew (`dir="rtl"` on
// <html> or <body>, or `direction: rtl` in its CSS) gets a mirrored widget, and a page that switches
// language in place (rewriting `dir`) switches it too.
import { watchHostRoot } from './hostRoot.ts';

export type Direction = 'ltr' | 'rtl';

export function hostDirection(): Direction {
  const element = document.body ?? document.documentElement;
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Calls `onChange` when the page may have switched its direction. */
export const watchHostDirection = watchHostRoot(['dir', 'lang', 'class', 'style']);
