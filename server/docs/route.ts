// Where a docs file is published: its route and the URL of each of its sections.

/** `guides/setup.mdx` -> `/guides/setup`; `guides/index.md` -> `/guides`; `index.md` -> `/`. */
export function routeForFile(file: string): string {
  const withoutExtension = file.replace(/\\/g, '/').replace(/\.mdx?$/i, '');
  const segments = withoutExtension.split('/').filter((segment) => segment !== '');
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Site URL (trailing slash dropped) + route + `#anchor`; no `#` when the anchor is empty. */
export function sectionUrl(siteUrl: string | undefined, route: string, anchor: string): string {
  const base = (siteUrl ?? '').replace(/\/+$/, '');
  return `${base}${route}${anchor === '' ? '' : `#${anchor}`}`;
}
