// A repository's own rules for contributors (AGENTS.md, CONTRIBUTING.md, a configured style guide):
// the agent reads them before each turn and follows them, as a new contributor would. They are the
// docs team's instructions, read from the job's worktree; the tools still cannot write outside the docs.
import { readFile } from 'node:fs/promises';
import type { DocsJail } from './docsJail.ts';

const HOUSE_RULE_FILES = ['AGENTS.md', 'CONTRIBUTING.md'];
/** Per file: a rules file is guidance, not a corpus. */
const MAX_RULE_CHARS = 16_000;

/** The system-prompt addition with the repository's rules, or '' when it has none. */
export async function readHouseRules(repository: DocsJail, instructionsFile: string | undefined): Promise<string> {
  const files = [...HOUSE_RULE_FILES, ...(instructionsFile ? [instructionsFile] : [])];
  const sections: string[] = [];
  for (const file of files) {
    // A missing file, a symlink or a path outside the repository is simply not read.
    const target = await repository.resolveForRead(file).catch(() => undefined);
    const text = target ? await readFile(target, 'utf8').catch(() => undefined) : undefined;
    if (!text?.trim()) continue;
    sections.push(`<house-rules file="${repository.relative(target as string)}">\n${text.slice(0, MAX_RULE_CHARS).trim()}\n</house-rules>`);
  }
  if (sections.length === 0) return '';
  return `\n\nThis repository's house rules for contributors follow. Follow them in your edits (style, naming, structure), as long as they do not ask you to leave the docs folder: your tools can read the whole repository but write only docs pages.\n\n${sections.join('\n\n')}`;
}
