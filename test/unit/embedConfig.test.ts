// How the script tag's data-* attributes and window.DocsAssistantConfig become widget options.
import { describe, expect, it, vi } from 'vitest';
import { readEmbedOptions, starterQuestionsOf } from '../../src/embed/config.ts';
import type { DocsAssistantEvent } from '../../src/options.ts';

/** A stand-in for the <script> element: readEmbedOptions only reads its dataset and src. */
function scriptTag(dataset: Record<string, string>, src = 'https://assistant.example.com/widget/embed.js') {
  return { dataset, src } as unknown as HTMLScriptElement;
}

describe('given a script tag with data-* attributes', () => {
  it('reads numbers, booleans and JSON, and keeps other values as text', () => {
    const options = readEmbedOptions(
      scriptTag({
        domain: 'acme',
        apiKey: 'mint_dsc_123',
        retrievalPageSize: '3',
        fingerprint: 'false',
        filter: '{"version":"v2"}',
        theme: 'dark',
        shortcut: 'mod+k',
        codeBlocks: 'pre code',
      }),
      undefined,
    );
    expect(options).toEqual({
      domain: 'acme',
      apiKey: 'mint_dsc_123',
      baseUrl: 'https://assistant.example.com',
      retrievalPageSize: 3,
      fingerprint: false,
      filter: { version: 'v2' },
      theme: 'dark',
      shortcut: 'mod+k',
      codeBlocks: 'pre code',
    });
  });

  it('never parses the domain, the key or the base URL, even when they look like numbers', () => {
    const options = readEmbedOptions(scriptTag({ domain: '1234', apiKey: '5', baseUrl: 'https://api.example.com/proxy' }), undefined);
    expect(options).toEqual({ domain: '1234', apiKey: '5', baseUrl: 'https://api.example.com/proxy' });
  });

  it('splits starter questions on "|" and accepts a JSON array', () => {
    const starterQuestions = (tag: ReturnType<typeof scriptTag>) => starterQuestionsOf(readEmbedOptions(tag, undefined).starterQuestions);
    expect(starterQuestions(scriptTag({ domain: 'a', starterQuestions: 'How do I start?|What does it cost?' }))).toEqual(['How do I start?', 'What does it cost?']);
    expect(starterQuestions(scriptTag({ domain: 'a', starterQuestions: '["One | two"]' }))).toEqual(['One | two']);
    expect(starterQuestions(scriptTag({ domain: 'a' }))).toBeUndefined();
  });

  it('turns the shortcut and code-block buttons off with "false"', () => {
    const options = readEmbedOptions(scriptTag({ domain: 'a', shortcut: 'false', codeBlocks: 'false' }), undefined);
    expect(options.shortcut).toBe(false);
    expect(options.codeBlocks).toBe(false);
  });
});

describe('given window.DocsAssistantConfig', () => {
  it('uses it where the tag has no attribute, and lets attributes win', () => {
    const onEvent = vi.fn<(event: DocsAssistantEvent) => void>();
    const options = readEmbedOptions(scriptTag({ theme: 'light' }), { domain: 'acme', theme: 'dark', onEvent });
    expect(options).toEqual({ domain: 'acme', theme: 'light', onEvent, baseUrl: 'https://assistant.example.com' });
  });

  it('keeps a configured baseUrl over the origin of embed.js', () => {
    expect(readEmbedOptions(scriptTag({}), { domain: 'acme', baseUrl: 'https://proxy.example.com' }).baseUrl).toBe('https://proxy.example.com');
  });

  it('works without a script element (embed.js evaluated by a bundler or a test)', () => {
    expect(readEmbedOptions(null, { domain: 'acme' })).toEqual({ domain: 'acme' });
  });
});
