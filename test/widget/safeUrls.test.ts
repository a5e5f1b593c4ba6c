import { describe, expect, it } from 'vitest';
import { isExternalHref, safeImageSrc, safeLinkHref } from '../../src/chat/safeUrls.ts';

describe('given link targets from an answer', () => {
  it.each([
    ['https://example.org/a', 'https://example.org/a'],
    ['http://example.org', 'http://example.org'],
    ['mailto:help@example.org', 'mailto:help@example.org'],
    ['/docs/intro#setup', '/docs/intro#setup'],
    ['../guide', '../guide'],
    ['#heading', '#heading'],
  ])('keeps %s', (url, expected) => {
    expect(safeLinkHref(url)).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' \u0001javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', ''])(
    'refuses %j',
    (url) => {
      expect(safeLinkHref(url)).toBeNull();
    },
  );

  it('treats only other origins as external', () => {
    expect(isExternalHref('https://example.org/a', 'https://docs.example.test')).toBe(true);
    expect(isExternalHref('//example.org/a', 'https://docs.example.test')).toBe(true);
    expect(isExternalHref('/docs/a', 'https://docs.example.test')).toBe(false);
    expect(isExternalHref('https://docs.example.test/a', 'https://docs.example.test')).toBe(false);
    expect(isExternalHref('mailto:a@b.c', 'https://docs.example.test')).toBe(false);
  });
});

describe('given image sources from an answer', () => {
  const baseUrl = 'https://docs.example.test/api';
  it('loads only images on the docs origin, as absolute URLs', () => {
    expect(safeImageSrc('/img/a.png', baseUrl)).toBe('https://docs.example.test/img/a.png');
    expect(safeImageSrc('https://docs.example.test/img/a.png', baseUrl)).toBe('https://docs.example.test/img/a.png');
    expect(safeImageSrc('https://attacker.example/p.png?q=secret', baseUrl)).toBeNull();
    expect(safeImageSrc('//attacker.example/p.png', baseUrl)).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA', baseUrl)).toBeNull();
    expect(safeImageSrc('http://docs.example.test/img/a.png', baseUrl)).toBeNull();
  });
});
