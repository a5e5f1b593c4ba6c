// Where a docs file is published: its route and the URL of each of its sections.

/** `guides/setup.mdx` -> `/guides/setup`; `guides/index.md` -> `/guides`; `index.md` -> `/`. */
export function routeForFile(file: string): string {
  const withoutExtension = file.replace(/\\/g, '/').replace(/\.mdx?$/i, '');
  const segments = withoutExtension.split('/').filter((segment) => segment !== '');
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** Characters a path segment may hold as they are (RFC 3986 sub-delims, `:` and `@`), which encodeURIComponent escapes. */
const PATH_SAFE_ESCAPES = /%(24|26|2B|2C|3B|3D|3A|40)/g;

/** A route as a URL path: each segment percent-encoded, so a file named `C# & F#?.md` or `インストール.md` links right. */
export function encodeRoute(route: string): string {
  return route
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(PATH_SAFE_ESCAPES, (escape) => decodeURIComponent(escape)))
    .join('/');
}

/** Site URL (trailing slash dropped) + encoded route + `#anchor`; no `#` when the anchor is empty. */
export function sectionUrl(siteUrl: string | undefined, route: string, anchor: string): string {
  const base = (siteUrl ?? '').replace(/\/+$/, '');
  return `${base}${encodeRoute(route)}${anchor === '' ? '' : `#${anchor}`}`;
}
