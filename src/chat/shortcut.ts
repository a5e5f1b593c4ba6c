// Keyboard shortcuts written like 'mod+i' or 'ctrl+shift+k'; `mod` is Cmd on Apple platforms, Ctrl elsewhere.

/** A parsed shortcut: its key and the modifiers held with it (an absent modifier must not be held). */
export interface Shortcut {
  key: string;
  mod?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  alt?: boolean;
  shift?: boolean;
}

export function parseShortcut(text: string): Shortcut | null {
  const parts = text.toLowerCase().split('+').map((part) => part.trim()).filter(Boolean);
  const key = parts.pop();
  if (!key) return null;
  // Only the modifiers it names: fewer bytes in embed.js, which bundles this parser.
  const shortcut: Shortcut = { key };
  for (const modifier of parts) {
    if (modifier === 'mod') shortcut.mod = true;
    else if (modifier === 'ctrl' || modifier === 'control') shortcut.ctrl = true;
    else if (modifier === 'meta' || modifier === 'cmd' || modifier === 'command') shortcut.meta = true;
    else if (modifier === 'alt' || modifier === 'option') shortcut.alt = true;
    else if (modifier === 'shift') shortcut.shift = true;
    else return null;
  }
  return shortcut;
}

/** Only called in the browser (on a key press, or after hydration to name the shortcut). */
export function isApplePlatform(): boolean {
  return /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut, apple = isApplePlatform()): boolean {
  return (
    event.key.toLowerCase() === shortcut.key &&
    event.metaKey === Boolean(shortcut.meta || (shortcut.mod && apple)) &&
    event.ctrlKey === Boolean(shortcut.ctrl || (shortcut.mod && !apple)) &&
    event.altKey === Boolean(shortcut.alt) &&
    event.shiftKey === Boolean(shortcut.shift)
  );
}

type Modifier = 'ctrl' | 'meta' | 'alt' | 'shift';

/** The modifiers actually pressed on this platform, in the conventional order. */
function pressedModifiers(shortcut: Shortcut, apple: boolean): Modifier[] {
  const pressed: Modifier[] = [];
  if (shortcut.ctrl || (shortcut.mod && !apple)) pressed.push('ctrl');
  if (shortcut.meta || (shortcut.mod && apple)) pressed.push('meta');
  if (shortcut.alt) pressed.push('alt');
  if (shortcut.shift) pressed.push('shift');
  return pressed;
}

function keyName(shortcut: Shortcut): string {
  return shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
}

const appleSymbols: Record<Modifier, string> = { ctrl: '⌃', meta: '⌘', alt: '⌥', shift: '⇧' };
const otherNames: Record<Modifier, string> = { ctrl: 'Ctrl', meta: 'Meta', alt: 'Alt', shift: 'Shift' };
const ariaNames: Record<Modifier, string> = { ctrl: 'Control', meta: 'Meta', alt: 'Alt', shift: 'Shift' };

/** The shortcut as a reader sees it, e.g. '⌘ I' or 'Ctrl I'. */
export function describeShortcut(shortcut: Shortcut, apple = isApplePlatform()): string {
  const names = apple ? appleSymbols : otherNames;
  return [...pressedModifiers(shortcut, apple).map((modifier) => names[modifier]), keyName(shortcut)].join(' ');
}

/** The shortcut in `aria-keyshortcuts` syntax, e.g. 'Meta+I' or 'Control+Shift+K'. */
export function ariaKeyShortcut(shortcut: Shortcut, apple = isApplePlatform()): string {
  return [...pressedModifiers(shortcut, apple).map((modifier) => ariaNames[modifier]), keyName(shortcut)].join('+');
}
