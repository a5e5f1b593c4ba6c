// The text of a rendered answer as a screen reader should hear it once: without markdown
// punctuation (backticks, asterisks, table pipes) and without the answer's buttons.

// A code block's label (its language, its title or a code group's chosen tab) is its own phrase too:
// "Composition API", then the code.
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, tr, th, td, .da-code-language, [role=tab]';

export function readableText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  // A code group is heard as the tab it shows: "npm", then its command.
  for (const button of copy.querySelectorAll('button:not([aria-selected=true])')) button.remove();
  // Blocks are read as separate phrases, not run together.
  for (const block of copy.querySelectorAll(BLOCKS)) block.append(' ');
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
