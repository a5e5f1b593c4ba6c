import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REWORDED_SETS } from '../../bench/retrieval.ts';
import { buildPage } from '../../server/docs/sections.ts';
import type { QueryTerm } from '../../server/docs/postings.ts';
import { liftTableRows } from '../../server/docs/tableRows.ts';
import { extractiveAnswer, firstHeading, indexOf, scoredWithAndWithout } from './support/docs.ts';

/** A widget's theming page: a long table of variables, one row per variable, and prose that names the dialog's width in passing. */
const THEMING_DOCS = {
  'theming.md': [
    '# Theming',
    '',
    '## Variables',
    '',
    '| Variable | Default | What it styles |',
    '| --- | --- | --- |',
    '| `--widget-radius` | `14px` | Dialog corners. |',
    '| `--widget-font-family` | `system-ui` | Text font. |',
    '| `--widget-font-family-mono` | `ui-monospace` | Code font. |',
    '| `--widget-font-size` | `15px` | Base text size. |',
    '| `--widget-line-height` | `1.55` | Line height of text. |',
    '| `--widget-spacing` | `12px` | Default padding and gaps. |',
    '| `--widget-offset` | `20px` | Distance of the launcher from the edges. |',
    '| `--widget-dialog-width` | `680px` | Dialog width above 768 px. |',
    '| `--widget-shadow` | `0 24px 64px` | Dialog shadow. |',
    '| `--widget-z-index` | `2147480000` | Stacking order of the launcher. |',
    '',
    '## Small screens',
    '',
    'Below 768 px, the dialog takes the full screen, so the conversation uses the whole width of a phone.',
  ].join('\n'),
  'setup.md':
    '# Setup\n\n## Add the script tag\n\nThe launcher opens the dialog on every page.\n\n## Change the label\n\nChange the launcher text with `data-label`.\n\n## Change the shortcut\n\nChange the keys that open the dialog with `data-shortcut`.',
  'colors.md': '# Colors\n\n## Change the colors\n\nChange the accent color of the launcher and the dialog with the accent variable.\n\n## Change the position\n\nChange the corner of the launcher with `data-position`.',
};

const MODELS_DOCS =
  '# Models\n\n## Do I need an OpenAI key?\n\nNo. Without a key, answers quote the docs.\n\n## Providers\n\n| Provider | Model | Variable |\n| --- | --- | --- |\n| OpenAI | `openai:gpt-4.1-mini` | `OPENAI_API_KEY` |\n| Anthropic | `anthropic:claude` | `ANTHROPIC_API_KEY` |\n| Ollama | `llama3.2` | none |';

const query = (term: string): QueryTerm => ({ term, prefix: false, fuzzy: false });

describe('given a question whose answer is one row of a long table', () => {
  it('opens on the table whose row holds its words, where a short section has them far apart', () => {
    expect(firstHeading(indexOf(THEMING_DOCS), 'How do I change the dialog width?')).toBe('Variables');
    // Without the lift, BM25 weighs the table as one long text and shorter sections lead: the test fails there.
    expect(firstHeading(indexOf(THEMING_DOCS, { tableRowBoost: 1 }), 'How do I change the dialog width?')).not.toBe('Variables');
  });

  it('does not lift a table whose rows hold the words apart, one in each', () => {
    const spread = { ...THEMING_DOCS, 'theming.md': THEMING_DOCS['theming.md'].replace('| `--widget-dialog-width` | `680px` | Dialog width above 768 px. |', '| `--widget-size` | `680px` | Size above 768 px. |').replace('Base text size.', 'Base text width.') };
    expect(firstHeading(indexOf(spread), 'How do I change the dialog width?')).not.toBe('Variables');
  });

  it('counts the terms of one word as one word: a row naming OpenAI alone is not lifted for a question on OpenAI', () => {
    const sections = buildPage('models.md', MODELS_DOCS).page.sections;
    const prose = sections.find((section) => section.anchor === 'do-i-need-an-openai-key');
    const table = sections.find((section) => section.anchor === 'providers');
    const ranked = () => [
      { section: prose!, score: 10, coverage: 1 },
      { section: table!, score: 8, coverage: 1 },
    ];
    // OpenAI is one word of three terms; "need" is in no row.
    const oneWord = ranked();
    liftTableRows(oneWord, { queries: ['openai', 'open', 'ai', 'need'].map(query), weights: Float64Array.of(3, 1, 1, 0.5), question: 'Do I need OpenAI?' }, 2);
    expect(oneWord.map((candidate) => candidate.section.headingPath.at(-1))).toEqual(['Do I need an OpenAI key?', 'Providers']);
    // OpenAI and its model: two words in one row.
    const twoWords = ranked();
    liftTableRows(twoWords, { queries: ['openai', 'gpt'].map(query), weights: Float64Array.of(3, 3), question: 'OpenAI GPT' }, 2);
    expect(twoWords.map((candidate) => candidate.section.headingPath.at(-1))).toEqual(['Providers', 'Do I need an OpenAI key?']);
  });

  it('keeps a section whose heading names every word of the question before a table it led', () => {
    const sections = buildPage('theming.md', '# Theming\n\n## Change the launcher color\n\nSet the accent variable.\n\n## Change the label\n\nSet `data-label`.\n\n## Colors\n\n| Variable | What it styles |\n| --- | --- |\n| `--accent` | Send button and launcher colors. |\n| `--text` | Main text. |\n| `--border` | Borders. |').page.sections;
    const section = (anchor: string) => sections.find((candidate) => candidate.anchor === anchor)!;
    const asked = { queries: ['launcher', 'color'].map(query), weights: Float64Array.of(2, 2), question: 'launcher color' };
    const order = (first: string) => {
      const ranked = [
        { section: section(first), score: 10, coverage: 1 },
        { section: section('colors'), score: 9, coverage: 1 },
      ];
      liftTableRows(ranked, asked, 1.75);
      return ranked.map((candidate) => candidate.section.headingPath.at(-1));
    };
    expect(order('change-the-launcher-color')).toEqual(['Change the launcher color', 'Colors']);
    // A heading that names part of the question does not hold the table back.
    expect(order('change-the-label')).toEqual(['Colors', 'Change the label']);
  });

  it("quotes the row that answers, not the table's first rows, when the question's words are the header's column names", async () => {
    const docs = {
      'server.md': [
        '# Server',
        '',
        '## CLI flags',
        '',
        '| Flag | Environment variable | Default | What it does |',
        '| --- | --- | --- | --- |',
        '| `--host` | `WIDGET_HOST` | `127.0.0.1` | Interface to listen on. |',
        '| `--domain` | `WIDGET_DOMAIN` | `docs` | Domain identifier in the path. |',
        '| `--data` | `WIDGET_DATA` | `./data` | Folder of the database. |',
        '| `--log-format` | `WIDGET_LOG_FORMAT` | `text` | One JSON object per line, or text. |',
        '| `--model` | `WIDGET_MODEL` | none | Model that writes answers. |',
        '| `--exclude` | `WIDGET_EXCLUDE` | none | Docs files not to index. |',
        '| `--watch` | `WIDGET_WATCH` | on | Re-index files that change. |',
        '| `--metrics-port` | `WIDGET_METRICS_PORT` | none | Serve metrics on this port. |',
        '| `--config` | `WIDGET_CONFIG` | none | JSON config file to read. |',
        '| `--site-url` | `WIDGET_SITE_URL` | none | Public URL of your docs site. |',
        '| `--port` | `WIDGET_PORT` | `8787` | Port to listen on; `0` picks a free one. |',
      ].join('\n'),
    };
    const answer = await extractiveAnswer(indexOf(docs), 'Which environment variable sets the port?');
    expect(answer).toContain('| `--port` | `WIDGET_PORT` | `8787` | Port to listen on; `0` picks a free one. |');
    expect(answer).toContain('| Flag | Environment variable | Default | What it does |');
    expect(answer).not.toContain('--host');
  });
});

describe('given readers asking for one row of a table (bench/questions/*-table-rows.json, written before the rule)', () => {
  const sets = REWORDED_SETS.filter((set) => set.name.endsWith('-table-rows') && existsSync(set.docsDir));

  it(
    'finds the table first more often than without the lift, and in the top 5 as often at least',
    async () => {
      // This project's docs are always there; the corpora may be left out of a clone.
      expect(sets.map((set) => set.name)).toContain('docs-table-rows');
      const firsts = new Map<string, { lifted: number; unlifted: number }>();
      for (const set of sets) {
        const { ours: lifted, without: unlifted } = await scoredWithAndWithout(set, { tableRowBoost: 1 });
        expect({ set: set.name, first: lifted.precisionAt1 >= unlifted.precisionAt1, top5: lifted.recallAt5 >= unlifted.recallAt5 }).toEqual({ set: set.name, first: true, top5: true });
        firsts.set(set.name, { lifted: lifted.precisionAt1, unlifted: unlifted.precisionAt1 });
      }
      const docs = firsts.get('docs-table-rows');
      expect(docs?.lifted).toBeGreaterThan(docs?.unlifted ?? 1);
    },
    60_000,
  );
});
