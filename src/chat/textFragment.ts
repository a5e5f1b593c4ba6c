// Source links that land on the quoted passage, not only its heading: a text fragment
// (`#anchor:~:text=...`, https://wicg.github.io/scroll-to-text-fragment/) made of the first words the
// answer quoted under that source's title. Added only where the browser supports it: elsewhere the
// directive would become part of the anchor and the page would not scroll to the heading at all.

const FRAGMENT_WORDS = 8;

export function supportsTextFragments(): boolean {
  return typeof document !== 'undefined' && 'fragmentDirective' in document;
}

/** The first words of the passage an extractive answer quoted under `**[title](url)**`, as plain text. */
function quotedStart(answer: string, url: string): string | null {
  const at = answer.indexOf(`](${url})**\n\n`);
  if (at === -1) return null;
  // Only up to an ellipsis: the quote leaves out what the page has there, so the text would not be found.
  const passage = (answer.slice(at + url.length + 6).split('\n\n')[0] ?? '').split('…')[0] ?? '';
  // A code block or a table is no text to find: only prose and list items.
  if (/^(```|~~~|\|)/.test(passage)) return null;
  const plain = passage
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = plain.split(' ').slice(0, FRAGMENT_WORDS).join(' ');
  return words.length >= 12 ? words : null;
}

/** `url` with a text fragment for the passage the answer quoted from it, when there is one and the browser supports them. */
export function withTextFragment(url: string, answer: string): string {
  if (!supportsTextFragments() || url.includes(':~:')) return url;
  const start = quotedStart(answer, url);
  if (start === null) return url;
  // In a text directive, "-", "&" and "," are syntax: percent-encode them in the text itself.
  const text = encodeURIComponent(start).replace(/-/g, '%2D').replace(/,/g, '%2C');
  return `${url}${url.includes('#') ? '' : '#'}:~:text=${text}`;
}
