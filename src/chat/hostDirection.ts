// `dir: 'auto'` follows the host page's writing direction: a page in Arabic or Hebrew (`dir="rtl"` on
// <html> or <body>, or `direction: rtl` in its CSS) gets a mirrored widget, and a page that switches
// language in place (rewriting `dir`) switches it too.

export type Direction = 'ltr' | 'rtl';

export function hostDirection(): Direction {
  const element = document.body ?? document.documentElement;
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Calls `onChange` when the page may have switched its direction. */
export function watchHostDirection(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => {};
  const observer = new MutationObserver(onChange);
  for (const element of [document.documentElement, document.body]) {
    if (element) observer.observe(element, { attributes: true, attributeFilter: ['dir', 'lang', 'class', 'style'] });
  }
  return () => observer.disconnect();
}
