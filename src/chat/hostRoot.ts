// The host page's <html> and <body>: where pages say their theme and writing direction, and change them
// in place (a theme toggle, a language switch).

/** A subscribe function (for useSyncExternalStore) called when any of `attributes` changes on <html> or <body>. */
export function watchHostRoot(attributes: string[]): (onChange: () => void) => () => void {
  return (onChange) => {
    if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => {};
    const observer = new MutationObserver(onChange);
    for (const element of [document.documentElement, document.body]) {
      if (element) observer.observe(element, { attributes: true, attributeFilter: attributes });
    }
    return () => observer.disconnect();
  };
}
