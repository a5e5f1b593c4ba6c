// HTML pages the browser benches load: a realistic docs page (with or without the script tag) and the
// naive streaming page. Generated here so each variant differs only in the part being measured.

export type PageName = 'docs' | 'naive';

/** `embed`: 'none' leaves the script tag out; 'idle' and 'intent' set the loader's data-preload. */
export type EmbedVariant = 'none' | 'idle' | 'intent';

const styles = `
  body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: #1c1c1e; }
  header { height: 56px; display: flex; align-items: center; padding: 0 24px; border-bottom: 1px solid #e5e5ea; font-weight: 600; }
  .layout { display: grid; grid-template-columns: 240px minmax(0, 1fr); max-width: 1100px; margin: 0 auto; }
  nav { padding: 24px; font-size: 14px; } nav a { display: block; color: #3a3a3c; padding: 4px 0; text-decoration: none; }
  main { padding: 24px 40px; } h1 { font-size: 40px; line-height: 1.2; margin: 8px 0 16px; }
  pre { background: #f2f2f7; padding: 16px; border-radius: 8px; overflow: auto; font-size: 14px; }
  table { border-collapse: collapse; } td, th { border: 1px solid #e5e5ea; padding: 6px 10px; text-align: left; }
`;

function article(): string {
  const parts: string[] = [
    '<h1>Routing</h1>',
    '<p class="lead">Routing decides which handler answers a request. This page explains path parameters, ' +
      'wildcards, grouping, the order in which middleware and handlers run, and how to keep large applications ' +
      'organised as they grow past a handful of routes. Every example runs on any runtime the framework supports.</p>',
  ];
  for (let index = 1; index <= 8; index++) {
    parts.push(
      `<h2 id="part-${index}">Part ${index}: path patterns</h2>`,
      `<p>Pattern ${index} matches requests whose path has ${index} segment(s). Parameters are read with ` +
        '<code>c.req.param()</code>; optional parameters end with a question mark, and a regular expression can ' +
        'constrain a parameter to digits or a fixed list of words.</p>',
      `<pre><code>app.get('/posts/:id{[0-9]+}/comments/${index}', (c) =&gt; {\n  const id = c.req.param('id');\n  return c.json({ id, part: ${index} });\n});</code></pre>`,
      '<table><thead><tr><th>Pattern</th><th>Matches</th></tr></thead><tbody>' +
        `<tr><td><code>/a/:b</code></td><td>/a/${index}</td></tr><tr><td><code>/a/*</code></td><td>/a/x/${index}</td></tr></tbody></table>`,
    );
  }
  return parts.join('\n');
}

function embedScript(embed: EmbedVariant): string {
  if (embed === 'none') return '';
  return `<script src="/dist/embed.js" data-domain="bench" data-preload="${embed}" async></script>`;
}

function docsPage(embed: EmbedVariant): string {
  const links = Array.from({ length: 14 }, (_, index) => `<a href="#part-${(index % 8) + 1}">Guide ${index + 1}</a>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Routing - Bench docs</title><style>${styles}</style></head>
<body>
<header>Bench docs</header>
<div class="layout"><nav aria-label="Docs">${links}</nav><main>${article()}</main></div>
${embedScript(embed)}
</body>
</html>`;
}

function naivePage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Naive streaming</title></head>
<body><div id="root"></div><script src="/out/naive/naive.js"></script></body>
</html>`;
}

/** The page's HTML, or undefined for an unknown page. */
export function pageHtml(name: PageName, parameters: URLSearchParams): string | undefined {
  if (name === 'docs') {
    const embed = parameters.get('embed') ?? 'idle';
    return embed === 'none' || embed === 'idle' || embed === 'intent' ? docsPage(embed) : undefined;
  }
  if (name === 'naive') return naivePage();
  return undefined;
}
