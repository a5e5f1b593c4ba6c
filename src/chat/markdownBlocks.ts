// Splits an answer's markdown into top-level blocks that parse the same alone as together, so a
// streaming answer re-parses and re-renders only its last block (the others are memoised). Not a
// parser: it only finds blank lines where CommonMark always starts a new block, and keeps together
// whatever could continue across one (fenced code, indented lines, list items).

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})/;
export const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
// Link reference and footnote definitions apply to the whole document: such answers stay one block.
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/** Whether a line after a blank line surely starts a new top-level block (not a list's continuation). */
function startsBlock(line: string): boolean {
  return line.trim() !== '' && !/^[ \t]/.test(line) && !LIST_ITEM.test(line);
}

export function splitMarkdownBlocks(markdown: string): string[] {
  if (DEFINITION.test(markdown)) return [markdown];
  const blocks: string[] = [];
  let current: string[] = [];
  // The opening run of the fenced code block we are in (a closing fence uses the same character, at least as many).
  let fence: string | null = null;
  let afterBlankLine = false;
  for (const line of markdown.split('\n')) {
    if (fence === null && afterBlankLine && current.length > 0 && startsBlock(line)) {
      blocks.push(current.join('\n'));
      current = [];
    }
    current.push(line);
    if (fence === null) {
      fence = OPENING_FENCE.exec(line)?.[1] ?? null;
      afterBlankLine = fence === null && line.trim() === '';
    } else {
      const closing = CLOSING_FENCE.exec(line)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) fence = null;
      afterBlankLine = false;
    }
  }
  blocks.push(current.join('\n'));
  return blocks;
}
