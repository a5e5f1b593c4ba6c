// The HTML of each demo page. Docs pages carry the widget's script tag exactly as the README shows it;
// the dark and strict-CSP pages add only what their name says.
import type { DocsPage, DocsSite } from './docsSite.ts';
import { escapeHtml } from './html.ts';
import { demoRoutes, renderShell, type WidgetAttributes } from './layout.ts';

export interface WidgetSettings {
  domain: string;
  apiKey: string;
}

/** The Content-Security-Policy of the strict page: nothing inline, everything from this origin. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

/** The README's tag: `<script async src="/widget/embed.js" data-domain="docs" data-api-key="..."></script>`. */
function readmeWidget(widget: WidgetSettings): WidgetAttributes {
  return { domain: widget.domain, 'api-key': widget.apiKey };
}

export function docsPageHtml(site: DocsSite, page: DocsPage, widget: WidgetSettings): string {
  return renderShell({
    title: page.title,
    description: page.description,
    site,
    currentRoute: page.route,
    content: page.html,
    headings: page.headings,
    widget: readmeWidget(widget),
  });
}

/** The dark page: the site and the widget in their dark schemes, with starter questions. */
export function darkPageHtml(site: DocsSite, widget: WidgetSettings): string {
  const page = site.page('/getting-started') ?? site.pages[0];
  const intro = `<p class="demo-note">This page shows the site and the assistant in dark mode: the script tag adds <code>data-theme="dark"</code> and two starter questions. Open it with the launcher or Ctrl+I.</p>`;
  return renderShell({
    title: 'Dark page',
    description: 'The docs site and the assistant in dark mode.',
    site,
    currentRoute: demoRoutes.dark,
    content: page ? injectAfterTitle(page.html, intro) : `<h1>Dark page</h1>${intro}`,
    headings: page?.headings,
    theme: 'dark',
    widget: {
      ...readmeWidget(widget),
      theme: 'dark',
      'starter-questions': JSON.stringify(['How do I change the colors?', 'Does it work under a strict CSP?']),
    },
  });
}

/** The strict-CSP page: served with `STRICT_CSP`; the widget must work with no inline script or style. */
export function strictCspPageHtml(site: DocsSite, widget: WidgetSettings): string {
  const page = site.page('/script-tag') ?? site.pages[0];
  const intro = `<p class="demo-note">This page is served with the header <code>Content-Security-Policy: ${escapeHtml(STRICT_CSP)}</code>. It has no inline script or style; the assistant still opens, streams and styles itself.</p>`;
  return renderShell({
    title: 'Strict CSP page',
    description: 'The assistant under a strict Content Security Policy.',
    site,
    currentRoute: demoRoutes.strictCsp,
    content: page ? injectAfterTitle(page.html, intro) : `<h1>Strict CSP page</h1>${intro}`,
    headings: page?.headings,
    widget: readmeWidget(widget),
  });
}

export function notFoundPageHtml(site: DocsSite, path: string): string {
  return renderShell({
    title: 'Page not found',
    site,
    currentRoute: path,
    content: `<h1>Page not found</h1><p>No page lives at <code>${escapeHtml(path)}</code>. Pick one from the navigation.</p>`,
    widget: null,
  });
}

function injectAfterTitle(html: string, note: string): string {
  const end = html.indexOf('</h1>');
  return end === -1 ? note + html : html.slice(0, end + 5) + note + html.slice(end + 5);
}
