// `theme: 'auto'` follows the host page, not only the operating system: a white docs site in a dark OS
// keeps a light assistant. The page's own marks come first (`data-theme` or a `dark`/`light` class on
// <html> or <body>, as Docusaurus, VitePress, Tailwind and most themes set them), then a single
// `color-scheme` on <html>; with none, 'auto' leaves it to the OS (prefers-color-scheme). The
// script-tag loader reads it once for its launcher; the chat watches it for changes.
import { watchHostRoot } from './hostRoot.ts';

export type HostScheme = 'light' | 'dark' | 'auto';

export function hostScheme(): HostScheme {
  const html = document.documentElement;
  const body = document.body;
  // A `color-scheme` of "light dark" says the page supports both: that is no answer.
  const marks = `${html.dataset.theme} ${html.className} ${body?.dataset.theme} ${body?.className} ${getComputedStyle(html).colorScheme.replace(/light dark|dark light/, '')}`;
  return /\bdark\b/.test(marks) ? 'dark' : /\blight\b/.test(marks) ? 'light' : 'auto';
}

/** Calls `onChange` when the page may have switched its scheme (a theme toggle rewrites these attributes). */
export const watchHostScheme = watchHostRoot(['class', 'data-theme', 'style']);
