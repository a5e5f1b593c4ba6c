// The page shell of every demo page: header, docs sidebar, content, "On this page", and the widget's
// script tag exactly as the README shows it. No inline script or style anywhere (the strict-CSP page
// uses this same shell), so all site CSS lives in /assets/site.css.
import type { DocsSite } from './docsSite.ts';
import { attributes, escapeHtml } from './html.ts';
import type { RenderedHeading } from './markdown.ts';

/** The demo's extra pages, beside the docs routes. */
export const demoRoutes = {
  react: '/demo/react',
  dark: '/demo/dark',
  strictCsp: '/demo/strict-csp',
} as const;

/** Data attributes of the widget's script tag, without the `data-` prefix. */
export type WidgetAttributes = Record<string, string | undefined>;

export interface PageShell {
  title: string;
  description?: string;
  site: DocsSite;
  /** Route of the page shown, to mark it in the navigation. */
  currentRoute: string;
  /** The rendered article. */
  content: string;
  headings?: RenderedHeading[];
  theme?: 'light' | 'dark';
  /** The widget's script tag attributes; null leaves the widget out. */
  widget: WidgetAttributes | null;
}

export function renderShell(shell: PageShell): string {
  const theme = shell.theme ?? 'light';
  return `<!doctype html>
<html lang="en" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shell.title)} · docs-assistant</title>
${shell.description ? `<meta name="description"${attributes({ content: shell.description })}>\n` : ''}<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
<header class="site-header">
<a class="brand" href="/">docs-assistant</a>
<nav class="demo-nav" aria-label="Demo pages">
${demoLink('/', 'Docs', shell.currentRoute, shell.site)}
${demoLink(demoRoutes.react, 'React page', shell.currentRoute, shell.site)}
${demoLink(demoRoutes.dark, 'Dark page', shell.currentRoute, shell.site)}
${demoLink(demoRoutes.strictCsp, 'Strict CSP page', shell.currentRoute, shell.site)}
</nav>
</header>
<div class="layout">
<nav class="sidebar" aria-label="Documentation">
<ul>
${shell.site.pages.map((page) => `<li>${navLink(page.route, page.title, shell.currentRoute)}</li>`).join('\n')}
</ul>
</nav>
<main id="content" class="content">
<article>
${shell.content}
</article>
</main>
${tableOfContents(shell.headings ?? [])}
</div>
${shell.widget ? widgetScriptTag(shell.widget) : ''}
</body>
</html>
`;
}

/** `<script async src="/widget/embed.js" data-domain=... data-api-key=...></script>`, the README's tag. */
export function widgetScriptTag(widget: WidgetAttributes): string {
  const data = Object.fromEntries(Object.entries(widget).map(([name, value]) => [`data-${name}`, value]));
  return `<script async${attributes({ src: '/widget/embed.js', ...data })}></script>`;
}

function navLink(route: string, label: string, currentRoute: string): string {
  const current = route === currentRoute ? ' aria-current="page"' : '';
  return `<a href="${escapeHtml(route)}"${current}>${escapeHtml(label)}</a>`;
}

function demoLink(route: string, label: string, currentRoute: string, site: DocsSite): string {
  // "Docs" stays marked (as the current section, not page) on every docs page.
  const current = route === currentRoute ? 'page' : route === '/' && site.page(currentRoute) !== undefined ? 'true' : undefined;
  return `<a${attributes({ href: route, 'aria-current': current })}>${escapeHtml(label)}</a>`;
}

function tableOfContents(headings: RenderedHeading[]): string {
  const entries = headings.filter((heading) => heading.depth === 2);
  if (entries.length === 0) return '';
  return `<aside class="toc" aria-labelledby="toc-title">
<p id="toc-title" class="toc-title">On this page</p>
<ul>
${entries.map((heading) => `<li><a href="#${escapeHtml(heading.id)}">${escapeHtml(heading.text)}</a></li>`).join('\n')}
</ul>
</aside>`;
}
