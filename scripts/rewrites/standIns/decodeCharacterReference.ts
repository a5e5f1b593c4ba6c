// decode-named-character-reference for the script-tag chat (the build aliases the package here).
// micromark calls it for every `&name;` in an answer. The package's browser build parses the reference
// with innerHTML, a sink that pages enforcing Trusted Types (`require-trusted-types-for 'script'`)
// reject with a TypeError: the answer would not render at all. setHTML, the Sanitizer API's safe sink,
// is exempt from Trusted Types and parses a reference the same way; a browser without it keeps
// innerHTML, as before, and on a Trusted Types page shows the reference as typed instead of failing.
// (The package's non-DOM build avoids the DOM with the whole table of references: 11.6 kB gzip more.)
const element = document.createElement('i') as HTMLElement & { setHTML?: (html: string) => void };

/** The character `&value;` stands for, or false when it is no named character reference. */
export function decodeNamedCharacterReference(value: string): string | false {
  const reference = `&${value};`;
  try {
    if (element.setHTML) element.setHTML(reference);
    else element.innerHTML = reference;
  } catch {
    return false;
  }
  const character = element.textContent;
  // Some references need no semicolon (`&not`), so `&notit;` parses as `¬it;`: a trailing semicolon
  // means the match was partial (unless the reference is `&semi;` itself).
  if (character.endsWith(';') && value !== 'semi') return false;
  // Unchanged text: not a reference.
  return character === reference ? false : character;
}
