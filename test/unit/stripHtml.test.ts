// HTML in docs reduced to its text, in one pass: the same text as before for ordinary HTML, and no stall
// on a file full of openings that never close.
import { describe, expect, it } from 'vitest';
import { stripHtml } from '../../server/docs/blockText.ts';

describe('given HTML from a docs page', () => {
  it('keeps the text and leaves out tags and comments', () => {
    expect(stripHtml('<p>Set the <code>port</code> <!-- TODO: link --> option.</p>')).toBe('Set the port  option.');
    expect(stripHtml('<a title="a>b">link</a>')).toBe('b">link');
    expect(stripHtml('<!-- a > b --><b>bold</b>')).toBe('bold');
    expect(stripHtml('plain text')).toBe('plain text');
  });

  it('keeps an unclosed tag as text and drops what an unclosed comment hides', () => {
    expect(stripHtml('1 < 2 and <b>3</b> < 4')).toBe('1 < 2 and 3 < 4');
    expect(stripHtml('before <!-- never closed <b>x</b>')).toBe('before ');
  });

  it('reads 256 KiB of openings that never close, keeping them as text', () => {
    const tags = '<a '.repeat(87_000);
    expect(stripHtml(tags)).toBe(tags);
    const comments = `text ${'<!-- '.repeat(52_000)}`;
    expect(stripHtml(comments)).toBe('text ');
  });
});
