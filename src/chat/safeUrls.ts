// URL policy for everything the server's markdown can point at. Answers are untrusted text (the
// docs or an attacker's page may carry injected instructions), so links are limited to http(s),
// mailto and relative targets, and images load only from the docs' own origin: a remote image
// would leak data with zero clicks.

// Browsers drop ASCII tab/newline anywhere in a URL and trim control characters and spaces,
// so `java\tscript:` must be judged as `javascript:`.
function normalize(url: string): string {
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  return url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

function schemeOf(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The href to render, or null when the target must not be a link. */
export function safeLinkHref(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const clean = normalize(url);
  if (clean === '') return null;
  const scheme = schemeOf(clean);
  if (scheme === null) return /^[\\]/.test(clean) ? null : clean;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? clean : null;
}

/** Whether a safe href leaves the page (opens in a new tab, marked as external). */
export function isExternalHref(href: string, pageOrigin: string | undefined): boolean {
  const scheme = schemeOf(href);
  if (scheme === 'mailto') return false;
  if (scheme === null && !href.startsWith('//')) return false;
  try {
    return new URL(href, pageOrigin ?? 'http://localhost').origin !== pageOrigin;
  } catch {
    return true;
  }
}

/** The absolute image URL when it is on the docs' origin (`baseUrl`), else null (the image is dropped). */
export function safeImageSrc(url: string | null | undefined, baseUrl: string): string | null {
  if (typeof url !== 'string') return null;
  const clean = normalize(url);
  if (clean === '') return null;
  try {
    const base = new URL(baseUrl);
    const resolved = new URL(clean, base);
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return null;
    return resolved.origin === base.origin ? resolved.href : null;
  } catch {
    return null;
  }
}
