import { describe, expect, it } from 'vitest';
import { ariaKeyShortcut, describeShortcut, matchesShortcut, parseShortcut } from '../../src/chat/shortcut.ts';

function press(key: string, modifiers: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}): KeyboardEvent {
  return new KeyboardEvent('keydown', { key, ...modifiers });
}

describe('given the default shortcut mod+i', () => {
  const shortcut = parseShortcut('mod+i');
  if (!shortcut) throw new Error('mod+i must parse');

  it('is Cmd+I on Apple platforms and Ctrl+I elsewhere', () => {
    expect(matchesShortcut(press('i', { metaKey: true }), shortcut, true)).toBe(true);
    expect(matchesShortcut(press('i', { ctrlKey: true }), shortcut, true)).toBe(false);
    expect(matchesShortcut(press('i', { ctrlKey: true }), shortcut, false)).toBe(true);
    expect(matchesShortcut(press('I', { ctrlKey: true }), shortcut, false)).toBe(true);
    expect(matchesShortcut(press('i', { ctrlKey: true, shiftKey: true }), shortcut, false)).toBe(false);
  });

  it('is shown and announced in each platform\'s words', () => {
    expect(describeShortcut(shortcut, true)).toBe('⌘ I');
    expect(describeShortcut(shortcut, false)).toBe('Ctrl I');
    expect(ariaKeyShortcut(shortcut, true)).toBe('Meta+I');
    expect(ariaKeyShortcut(shortcut, false)).toBe('Control+I');
  });
});

describe('given a configured shortcut', () => {
  it('parses explicit modifiers and refuses unknown ones', () => {
    const shortcut = parseShortcut('ctrl+shift+k');
    expect(shortcut && matchesShortcut(press('k', { ctrlKey: true, shiftKey: true }), shortcut, true)).toBe(true);
    expect(parseShortcut('hyper+k')).toBeNull();
    expect(parseShortcut('')).toBeNull();
  });

  it('reads every name of each modifier, in any case and with spaces around the +', () => {
    const names: [string, Parameters<typeof press>[1]][] = [
      ['ctrl+k', { ctrlKey: true }],
      ['control+k', { ctrlKey: true }],
      ['meta+k', { metaKey: true }],
      ['cmd+k', { metaKey: true }],
      ['command+k', { metaKey: true }],
      ['alt+k', { altKey: true }],
      ['option+k', { altKey: true }],
      ['shift+k', { shiftKey: true }],
      ['Ctrl + Shift + K', { ctrlKey: true, shiftKey: true }],
    ];
    for (const [text, modifiers] of names) {
      const shortcut = parseShortcut(text);
      if (!shortcut) throw new Error(`${text} must parse`);
      // The name in the compared value says which one failed.
      expect({ text, withModifiers: matchesShortcut(press('k', modifiers), shortcut, false), bare: matchesShortcut(press('k'), shortcut, false) }).toEqual({
        text,
        withModifiers: true,
        bare: false,
      });
    }
  });
});
