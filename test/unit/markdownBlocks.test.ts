import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from '../../src/chat/markdownBlocks.ts';

describe('given an answer streaming in', () => {
  it('splits paragraphs, headings, tables and closed code blocks at the blank lines between them', () => {
    const markdown = '## Routing\n\nUse `app.get`.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst app = new Hono()\n```\n\nDone.';
    expect(splitMarkdownBlocks(markdown)).toEqual(['## Routing\n', 'Use `app.get`.\n', '| a | b |\n| - | - |\n| 1 | 2 |\n', '```ts\nconst app = new Hono()\n```\n', 'Done.']);
  });

  it('keeps a fenced code block with blank lines in it whole, also while it is still open', () => {
    const closed = 'Intro\n\n~~~~\nfirst\n\nsecond\n~~~\nstill code\n~~~~\n\nAfter';
    expect(splitMarkdownBlocks(closed)).toEqual(['Intro\n', '~~~~\nfirst\n\nsecond\n~~~\nstill code\n~~~~\n', 'After']);
    expect(splitMarkdownBlocks('Intro\n\n```\nfirst\n\nsecond')).toEqual(['Intro\n', '```\nfirst\n\nsecond']);
  });

  it('keeps loose lists and indented continuations with their block', () => {
    const markdown = 'Steps:\n\n1. Install\n\n2. Run\n\n   more about running\n\nThen read on.';
    expect(splitMarkdownBlocks(markdown)).toEqual(['Steps:\n\n1. Install\n\n2. Run\n\n   more about running\n', 'Then read on.']);
  });

  it('leaves an answer with reference or footnote definitions whole (they apply across blocks)', () => {
    const markdown = 'See [the guide][guide].\n\nMore[^1].\n\n[guide]: /docs/guide\n[^1]: A note.';
    expect(splitMarkdownBlocks(markdown)).toEqual([markdown]);
  });

  it('gives back the whole text when joined', () => {
    const markdown = '# A\n\ntext\n\n\n- x\n- y\n\n> quote\n\nend\n';
    expect(splitMarkdownBlocks(markdown).join('\n')).toBe(markdown);
  });
});
