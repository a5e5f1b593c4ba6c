// Finds a code group in an answer's blocks: fenced blocks side by side, each titled and in one language
// (```bash [npm], ```bash [pnpm]: one command for each package manager; Vue's Composition API and Options
// API). The widget shows such a run as tabs, one block's room instead of five.
import { CLOSING_FENCE } from './markdownBlocks.ts';

/** One titled fenced block: its language, its title and its code. */
export interface CodeVariant {
  language: string;
  title: string;
  code: string;
}

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)([^`\n]*)$/;

/** The title in a fence's info string past its language (```bash [npm] -> "npm"), if any. */
export function fenceTitleOf(info: string | undefined): string | undefined {
  return /\[(.+)\]/.exec(info ?? '')?.[1]?.trim();
}

/** The block as a titled fence (```bash [npm]), or null when it is anything else or more than one fence. */
export function titledFence(block: string): CodeVariant | null {
  const lines = block.trimEnd().split('\n');
  const opening = OPENING_FENCE.exec(lines[0] ?? '');
  const title = fenceTitleOf(opening?.[3]);
  if (!opening || !title || lines.length < 2) return null;
  const fence = opening[1] ?? '';
  // The first closing fence (same character, at least as long) must be the block's last line.
  const closes = (line: string) => {
    const closing = CLOSING_FENCE.exec(line)?.[1];
    return closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length;
  };
  const end = lines.findIndex((line, index) => index > 0 && closes(line));
  if (end !== lines.length - 1) return null;
  return { language: (opening[2] ?? '').toLowerCase(), title, code: lines.slice(1, end).join('\n') };
}

/**
 * The blocks with each code group (two or more titled fences in a row, one language, no title twice)
 * gathered into an array; every other block stays as it is.
 */
export function groupCodeBlocks(blocks: string[]): (string | CodeVariant[])[] {
  const grouped: (string | CodeVariant[])[] = [];
  let run: { block: string; variant: CodeVariant }[] = [];
  const flush = () => {
    if (run.length > 1) grouped.push(run.map(({ variant }) => variant));
    else grouped.push(...run.map(({ block }) => block));
    run = [];
  };
  for (const block of blocks) {
    const variant = titledFence(block);
    const first = run[0]?.variant;
    const joins = variant !== null && first !== undefined && variant.language === first.language && !run.some((item) => item.variant.title === variant.title);
    if (!joins) flush();
    if (variant === null) grouped.push(block);
    else run.push({ block, variant });
  }
  flush();
  return grouped;
}
