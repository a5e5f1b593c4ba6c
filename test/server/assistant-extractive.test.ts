import { describe, expect, it } from 'vitest';
import { composeExtractiveAnswer, NOTHING_FOUND, splitIntoDeltas } from '../../server/assistant/extractive.ts';
import { contentTerms } from '../../server/assistant/terms.ts';
import type { Section } from '../../server/docs/types.ts';

function section(id: string, heading: string, text: string): Section {
  return { id: `/page#${id}`, file: 'page.md', route: '/page', anchor: id, url: `/page#${id}`, pageTitle: 'Page', headingPath: ['Page', heading], text, metadata: {} };
}

const question = (text: string) => ({ terms: contentTerms(text) });

describe('given sections and a question', () => {
  it('quotes only the sentences with two question terms, and marks the gap between them', () => {
    const text = 'Tokens expire after one hour. The weather is nice. Refresh tokens expire after thirty days. Nothing else.';
    const answer = composeExtractiveAnswer([section('tokens', 'Tokens', text)], question('When do tokens expire?'));
    expect(answer.text).toBe(
      '**[Page › Tokens](/page#tokens)**\n\nTokens expire after one hour. … Refresh tokens expire after thirty days.',
    );
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#tokens']);
  });

  it('keeps the code block that follows a quoted paragraph, and list items whole', () => {
    const text = 'Install the relay with npm.\n\n```sh\nnpm install relay\n```\n\n- Install needs npm 10.\n- Unrelated item.';
    const answer = composeExtractiveAnswer([section('install', 'Install', text)], question('install with npm'));
    expect(answer.text).toContain('Install the relay with npm.\n\n```sh\nnpm install relay\n```\n\n- Install needs npm 10.');
    expect(answer.text).not.toContain('Unrelated item');
  });

  it('leaves out a long code block that only follows the quoted paragraph', () => {
    const longCode = `\`\`\`ts\n${Array.from({ length: 20 }, (_unused, index) => `const line${index} = ${index};`).join('\n')}\n\`\`\``;
    const answer = composeExtractiveAnswer([section('s', 'Setup', `Configure the relay port here.\n\n${longCode}`)], question('configure relay port'));
    expect(answer.text).not.toContain('```');
  });

  it('falls back to one-term sentences of the best section only when nothing else qualifies', () => {
    const best = section('a', 'A', 'The relay has a port.');
    const second = section('b', 'B', 'A port is a number.');
    expect(composeExtractiveAnswer([best, second], question('port quantum')).sections.map((used) => used.id)).toEqual(['/page#a']);
  });

  it('accepts one term of a short follow-up plus one of the previous question', () => {
    const host = section('host', 'Host', 'In a container, set the host with --host. The host file is unrelated.');
    const followUp = contentTerms('and the host name?');
    expect(composeExtractiveAnswer([host, section('x', 'X', 'A host name is a name.')], { terms: followUp }).sections.map((used) => used.id)).toEqual(['/page#x']);
    const answer = composeExtractiveAnswer([host], { terms: followUp, contextTerms: contentTerms('relay port in a container') });
    expect(answer.text).toContain('In a container, set the host with --host.');
    expect(answer.text).not.toContain('host file');
  });

  it('says plainly when nothing matches', () => {
    expect(composeExtractiveAnswer([section('a', 'A', 'Unrelated text.')], question('quantum lattice'))).toEqual({ text: NOTHING_FOUND, sections: [] });
    expect(composeExtractiveAnswer([], question('how do I?'))).toEqual({ text: NOTHING_FOUND, sections: [] });
  });
});

describe('given an answer text', () => {
  it('cuts it into small deltas at word boundaries that join back exactly', () => {
    const text = '**[Page › A](/a)**\n\n```sh\nnpm  install\n```\n\n| a | b |\n';
    const deltas = splitIntoDeltas(text);
    expect(deltas.join('')).toBe(text);
    expect(deltas.length).toBeGreaterThan(2);
    // A link counts as one word (it is never cut).
    for (const delta of deltas) expect(delta.replace(/\*\*\[[^\]]*\]\([^)]*\)\*\*/g, 'link').trim().split(/\s+/).length).toBeLessThanOrEqual(3);
  });

  it('never ends a delta inside a markdown link, so no raw brackets show mid-stream', () => {
    const text = '**[Theming › Change the launcher color](https://docs.example/theming#change-the-launcher-color)**\n\nThe launcher uses [the accent](/theming#colors) color.';
    const deltas = splitIntoDeltas(text);
    expect(deltas.join('')).toBe(text);
    expect(deltas[0]).toMatch(/^\*\*\[Theming › Change the launcher color\]\(https:\/\/docs\.example\/theming#change-the-launcher-color\)\*\*/);
    expect(deltas.some((delta) => delta.includes('[the accent](/theming#colors)'))).toBe(true);
  });
});
