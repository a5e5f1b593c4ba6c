// A site's own instructions for its assistant: `assistant.md` at the top of the docs folder (or the file
// given with --instructions). Its body is added to the model's system prompt (tone, product names, what
// never to answer); its frontmatter names the site and lists starter questions, which the widget reads
// from `GET /discovery/v2/assistant/{domain}/config`, and the site's synonyms, which the search reads
// questions with (server/docs/synonyms.ts). It is not a docs page: it is never indexed.
//
//   ---
//   siteName: Acme Relay
//   starterQuestions:
//     - How do I install the relay?
//     - How do I change the port?
//   synonyms:
//     - tunnel, pipe => relay
//   ---
//   Call the product "Acme Relay", never "the relay server". Do not discuss pricing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { SITE_INSTRUCTIONS_FILE } from '../docs/load.ts';
import { synonymLineProblem } from '../docs/synonyms.ts';
const MAX_STARTER_QUESTIONS = 6;
const MAX_QUESTION_CHARS = 200;
const MAX_SITE_NAME_CHARS = 100;
/** Each line is matched against every question's words: a list this long is already a thesaurus. */
const MAX_SYNONYM_LINES = 500;
const MAX_SYNONYM_LINE_CHARS = 500;
/** Instructions beyond this are cut: they ride along with every answer's prompt. */
const MAX_INSTRUCTIONS_CHARS = 8000;

/** What the widget reads from the config route (`siteName` null when the file names none). */
export interface SiteConfig {
  siteName: string | null;
  starterQuestions: string[];
}

export interface SiteInstructions extends SiteConfig {
  /** Text for the model's system prompt ('' when none). */
  instructions: string;
  /** The site's synonym lines ("bubble, chat icon => launcher"), read with the built-in ones. */
  synonyms: string[];
  /** One line per ignored field or cut text, naming the file. */
  warnings: string[];
}

export const NO_SITE_INSTRUCTIONS: SiteInstructions = { instructions: '', siteName: null, starterQuestions: [], synonyms: [], warnings: [] };

/**
 * Reads `file`, or `assistant.md` in `docsDir` when no file is given. A missing default file means no
 * instructions; a missing file that was asked for is an error (a typo in --instructions should stop the start).
 */
export async function readSiteInstructions(docsDir: string, file?: string): Promise<SiteInstructions> {
  const target = file ?? path.join(docsDir, SITE_INSTRUCTIONS_FILE);
  let source: string;
  try {
    source = await readFile(target, 'utf8');
  } catch (error) {
    if (file === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return NO_SITE_INSTRUCTIONS;
    throw new Error(`--instructions: cannot read ${file ?? target} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
  return parseSiteInstructions(source, path.basename(target));
}

export function parseSiteInstructions(source: string, name: string): SiteInstructions {
  const warnings: string[] = [];
  let data: Record<string, unknown> = {};
  let body = source;
  try {
    const parsed = matter(source);
    data = parsed.data;
    body = parsed.content;
  } catch (error) {
    warnings.push(`${name}: frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]}); read as instructions only`);
  }
  const siteName = typeof data.siteName === 'string' && data.siteName.trim() !== '' ? data.siteName.trim().slice(0, MAX_SITE_NAME_CHARS) : null;
  if (data.siteName !== undefined && siteName === null) warnings.push(`${name}: siteName must be text; ignored`);
  const listed = data.starterQuestions;
  let starterQuestions: string[] = [];
  if (Array.isArray(listed)) {
    starterQuestions = listed.filter((question): question is string => typeof question === 'string' && question.trim() !== '').map((question) => question.trim().slice(0, MAX_QUESTION_CHARS));
    if (starterQuestions.length !== listed.length) warnings.push(`${name}: starterQuestions holds items that are not text; they are ignored`);
    if (starterQuestions.length > MAX_STARTER_QUESTIONS) {
      warnings.push(`${name}: more than ${MAX_STARTER_QUESTIONS} starter questions; the first ${MAX_STARTER_QUESTIONS} are offered`);
      starterQuestions = starterQuestions.slice(0, MAX_STARTER_QUESTIONS);
    }
  } else if (listed !== undefined) warnings.push(`${name}: starterQuestions must be a list of questions; ignored`);
  const synonyms = synonymLines(data.synonyms, name, warnings);
  let instructions = body.trim();
  if (instructions.length > MAX_INSTRUCTIONS_CHARS) {
    warnings.push(`${name}: instructions longer than ${MAX_INSTRUCTIONS_CHARS} characters; the rest is left out`);
    instructions = instructions.slice(0, MAX_INSTRUCTIONS_CHARS);
  }
  return { instructions, siteName, starterQuestions, synonyms, warnings };
}

/** The usable lines of a `synonyms` list; each line left out is named in `warnings`. */
function synonymLines(listed: unknown, name: string, warnings: string[]): string[] {
  if (listed === undefined) return [];
  if (!Array.isArray(listed)) {
    warnings.push(`${name}: synonyms must be a list of lines such as "bubble, chat icon => launcher"; ignored`);
    return [];
  }
  const lines: string[] = [];
  for (const [position, line] of listed.entries()) {
    const problem = typeof line !== 'string' ? 'not text' : line.length > MAX_SYNONYM_LINE_CHARS ? `longer than ${MAX_SYNONYM_LINE_CHARS} characters` : synonymLineProblem(line);
    if (problem !== undefined) warnings.push(`${name}: synonyms line ${position + 1} ignored (${problem})`);
    else lines.push(line as string);
  }
  if (lines.length > MAX_SYNONYM_LINES) {
    warnings.push(`${name}: more than ${MAX_SYNONYM_LINES} synonyms lines; the first ${MAX_SYNONYM_LINES} are used`);
    return lines.slice(0, MAX_SYNONYM_LINES);
  }
  return lines;
}
