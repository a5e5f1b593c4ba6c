// `npm run size` (after `npm run build`): what the widget costs a page, checked against budgets.
//   embed.js         the script tag's loader, all a page loads before the reader shows intent
//   after opening    embed.js + the lazily imported chat (dist/embed/**): everything loaded once the dialog is open
//   React entry      what `import { DocsAssistant } from 'docs-assistant'` adds to a React app that already has
//                    react and react-dom: dist/index.js bundled with its dependencies and minified, plus styles.css
// Prints a table (raw, gzip -9, brotli -q 11), fails when a gzip size is over its budget, when a browser
// bundle contains server-only code or admin-key names, or when publint finds an error.
import { readdirSync, readFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build } from 'vite';
import { LOCALE_NAMES } from '../src/chat/locale.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/**
 * Gzip budgets in bytes (1 kB = 1000 bytes): a little above what the build reaches, so growth is caught.
 * Issue 5's goals: embed.js 2 kB (not reached: see README "Sizes"), after opening 120 kB, React entry
 * 130 kB. Reached: 2.25, 100.9, 127.5. After opening fell from 133.2 to 115.8 when the chat stopped
 * bundling classic zod and FingerprintJS's unused sources, then to 102.0 without the AI SDK's unused
 * schemas and zod 3 converter, property-information's tables beyond markdown's properties, zod's English
 * messages and VFile's path helpers (scripts/rewrites/), and to 100.8 (the React entry from 128.4 to 127.5)
 * importing only the FingerprintJS exports it uses (src/chat/fingerprintJsParts.ts; 100.9 once the visitor
 * id was kept per session). embed.js fell from 2.45 to 2.41 when the launcher's icon moved from an SVG
 * string to CSS (Trusted Types), then to 2.25 with the same behaviour and look (README "Sizes" lists what
 * saved bytes and where the rest go). Reading the site's starter questions and name from the server's
 * config route (issue 12) added 0.2 kB to the React entry and 0.2 kB after opening. Issue 14 allows up to
 * 2.6 kB for embed.js and 110 kB after opening for its reader fixes; budgets follow what is built, a little
 * above: the phone fixes (compact code button kept off the launcher, which the loader now hands the chat)
 * added 0.01 kB to embed.js and 0.3 kB after opening; code blocks with a language label, a header for the
 * copy button and the highlight colours 1.3 kB after opening and 0.8 kB to the React entry (the highlighter
 * itself is its own chunk, budgeted below); sources that reopen the assistant on the page they lead to, with
 * a text fragment for the quoted passage, 0.06 kB to embed.js (it reads the reopen mark), 0.5 kB after
 * opening and 0.4 kB to the React entry; deep links (`?ask=`, read by the loader so the chat loads at once)
 * and the empty state's hints 0.15 kB to embed.js, 0.3 kB after opening and 0.2 kB to the React entry;
 * `theme: 'auto'` following the host page's scheme (read once by the loader for its launcher, watched by
 * the chat) 0.15 kB after opening and 0.25 kB to the React entry, which then sat at its 130 kB goal; an
 * answer the docs do not cover set apart with a keyword search of the docs 0.6 kB after opening and 0.5 kB
 * to the React entry, 0.7 kB past that goal (issue 14 raised the after-opening allowance to 110 kB for
 * these; the React entry's goal was not raised, so it is over by that much: see README "Sizes"); ratings
 * sent to the server with thanks and an optional reason 0.35 kB after opening and 0.25 kB to the React entry;
 * holding the wheel over the backdrop 0.07 kB; the script-tag launcher's key hint ("Ctrl I") 0.12 kB to
 * embed.js, which is now at issue 14's 2.6 kB allowance (the page's scheme read more compactly paid for
 * part of it); the dialog keeping its height once a conversation starts 0.01 kB; search as you type under
 * the composer, the side panel (`layout: 'panel'`, kept across pages) and right-to-left layouts together
 * 2.3 kB after opening and 2.3 kB to the React entry (embed.js unchanged: the launcher's corner is now one
 * logical property, its CSS targets raised to Chrome 87 so lightningcss no longer expands it). The
 * launcher as an early Tab stop (its own element first in <body>, after a skip link, the chat's element at
 * the end) cost 0.04 kB of embed.js, paid for by splitting data-starter-questions in the chat instead of the
 * loader (-0.03 kB), the launcher's redundant `margin: 0` and a bare `throw` for a destroyed instance.
 * "Search the docs for this" leaving out the pages a not-in-the-docs answer already offers, under a visible
 * caption, 0.13 kB after opening and 0.11 kB to the React entry. The question, each Chinese, Japanese or
 * Korean passage, table cell and source title of an answer, a selection's chip and the starter questions marked
 * in their language for screen readers (`lang`, WCAG 3.1.2) 0.2 kB after opening and 0.21 kB to the React entry.
 * A code block's title shown over it instead of its language (a code group's npm / pnpm tab, a file name, Vue's
 * Composition API / Options API) 0.04 kB after opening and 0.04 kB to the React entry. A code group (titled
 * blocks side by side: npm, pnpm, Yarn; Composition API, Options API) shown as tabs in one block's room, opening
 * on the tab the question names or the reader picked before, 0.95 kB after opening and 0.93 kB to the React
 * entry (a hand-written WAI-ARIA tablist: Radix Tabs brings its roving focus group and collection, more than
 * the 0.6 kB left under issue 14's 110 kB); the reader's pick kept across the site's pages and the tablist
 * named 0.09 kB after opening and 0.06 kB to the React entry. A selection or code block sent with the id of
 * the heading it is under (a passage its page says in two sections is read in the one the reader selected)
 * 0.11 kB after opening and 0.12 kB to the React entry. The widget's strings in Japanese, Korean, Simplified and
 * Traditional Chinese, picked from the page's <html lang> or `locale`: 0.29 kB after opening (the choice and the
 * four chunks' imports; the page's pack loads with the chat, before its first render), which takes it to issue
 * 14's 110 kB allowance; each pack is its own chunk, 1.2 to 1.5 kB, loaded only on a page in its language
 * (budgeted below); embed.js and the React entry unchanged (apps import `docs-assistant/locales`). A reference
 * table's first-column names (a flag, a CSS variable) kept on one line in the wide dialog: 0.03 kB after opening
 * and 0.03 kB to the React entry (109.98 and 135.24 kB). A question over the server's 8,000 characters refused
 * before sending with its own message: 0.24 kB each at first, paid for by the widget importing the question's
 * limit alone rather than every request limit, the apiKey console message told in one line and the error
 * messages looked up rather than switched on (109.97 and 135.24 kB). Such a question asked through `ask()` (the
 * page's own button, not the box) put in the box to shorten instead of lost, and told to the page by an `error`
 * event: 0.02 kB after opening and 0.02 kB to the React entry, the budget raised to 135.3 (109.99 and 135.26 kB;
 * the API key's console message is no longer logged again at each refused question).
 */
export const budgets = {
  'embed.js': 2_600,
  'after opening': 110_000,
  'React entry': 135_300,
  // Issue 14: highlight.js core and 10 grammars (bash, css, diff, ini/toml, js, json, python, ts, html/xml, yaml)
  // through lowlight; loaded only when an answer holds a fenced code block with a language.
  'highlighter (with code)': 20_000,
  // The widget's strings in Japanese, Korean, Simplified or Traditional Chinese (src/locales/), one chunk each,
  // loaded with the chat on a page in that language (its <html lang>) or with `locale`.
  'language pack (largest)': 1_800,
  'React highlighter chunk': 20_000,
};

const measure = (buffers) => {
  const joined = Buffer.concat(buffers);
  return {
    raw: joined.length,
    // Each file travels compressed on its own: sum per-file sizes, not the size of the concatenation.
    gzip: buffers.reduce((sum, buffer) => sum + gzipSync(buffer, { level: 9 }).length, 0),
    brotli: buffers.reduce((sum, buffer) => sum + brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
  };
};

const filesUnder = (folder) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** The syntax highlighter's chunk (src/chat/highlight.ts): loaded with the first answer that holds code, not on opening. */
const HIGHLIGHTER_CHUNK = /(^|\/)highlight[-.][^/]*js$/;

/** A language pack's chunk (src/locales/): loaded with the chat only on a page in its language. */
const LOCALE_CHUNK = new RegExp(`(^|/)(?:${LOCALE_NAMES.join('|')})-[^/]*\\.js$`);

/** Bundles dist/index.js the way a React app would (react, react-dom and scheduler provided by the app). */
async function bundleReactEntry() {
  const folder = mkdtempSync(join(tmpdir(), 'docs-assistant-size-'));
  try {
    const entry = join(folder, 'app.js');
    writeFileSync(entry, `export * from ${JSON.stringify(join(root, 'dist/index.js'))};\n`);
    await build({
      configFile: false,
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: join(folder, 'out'),
        minify: 'oxc',
        lib: { entry, formats: ['es'], fileName: () => 'app.js' },
        rolldownOptions: {
          external: (id) => /^(react|react-dom|scheduler)(\/|$)/.test(id),
          // Split as an app's bundler would: the code highlighter is imported only when an answer holds code.
          output: { minify: true, chunkFileNames: '[name].js' },
        },
      },
    });
    const files = filesUnder(join(folder, 'out'));
    const highlighter = files.filter((file) => HIGHLIGHTER_CHUNK.test(file));
    return {
      entry: [...files.filter((file) => !HIGHLIGHTER_CHUNK.test(file)).map((file) => readFileSync(file)), readFileSync('dist/styles.css')],
      highlighter: highlighter.map((file) => readFileSync(file)),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (!existsSync('dist/embed.js')) {
  console.error('size: dist/embed.js is missing; run npm run build first');
  process.exit(1);
}

const loader = readFileSync('dist/embed.js');
const embedFiles = filesUnder('dist/embed');
const lazyChat = embedFiles.filter((file) => !HIGHLIGHTER_CHUNK.test(file) && !LOCALE_CHUNK.test(file)).map((file) => readFileSync(file));
const localePacks = embedFiles.filter((file) => LOCALE_CHUNK.test(file)).map((file) => measure([readFileSync(file)]));
const rows = [
  ['embed.js', measure([loader])],
  ['lazy chat (dist/embed/)', measure(lazyChat)],
  ['after opening', measure([loader, ...lazyChat])],
  ['highlighter (with code)', measure(embedFiles.filter((file) => HIGHLIGHTER_CHUNK.test(file)).map((file) => readFileSync(file)))],
  // On a Japanese, Korean or Chinese page, one of these comes with the chat: the largest is budgeted.
  ['language pack (largest)', localePacks.toSorted((a, b) => b.gzip - a.gzip)[0] ?? measure([])],
];
if (existsSync('dist/index.js')) {
  const react = await bundleReactEntry();
  rows.push(['React entry', measure(react.entry)], ['React highlighter chunk', measure(react.highlighter)]);
}
else console.warn('size: dist/index.js is missing (no React entry built yet)');

const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
console.log(`${'artifact'.padEnd(26)}${'raw kB'.padStart(9)}${'gzip kB'.padStart(9)}${'brotli kB'.padStart(10)}${'budget'.padStart(9)}`);
let over = 0;
for (const [name, size] of rows) {
  const budget = budgets[name];
  const verdict = budget === undefined ? '' : size.gzip <= budget ? ` ${kB(budget)} ok` : ` ${kB(budget)} OVER by ${(size.gzip - budget) / 1000} kB`;
  if (budget !== undefined && size.gzip > budget) over++;
  console.log(`${name.padEnd(26)}${kB(size.raw)} ${kB(size.gzip)} ${kB(size.brotli)} ${verdict}`);
}

// Browser code must carry no server code and no trace of admin keys (they never leave the server).
const SERVER_ONLY = [/DOCS_ASSISTANT_ADMIN_KEY/, /adminKeys?\b/, /\/v2\/agent\b/, /["'`]node:[a-z_]+["'`]/];
const browserFiles = ['dist/embed.js', ...filesUnder('dist/embed'), 'dist/index.js'].filter((file) => existsSync(file));
const leaks = browserFiles.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return SERVER_ONLY.filter((pattern) => pattern.test(text)).map((pattern) => `${file} contains ${pattern}`);
});
for (const leak of leaks) console.error(`size: server-only code in a browser bundle: ${leak}`);

const { messages, pkg } = await publint({ pkgDir: root, level: 'warning', strict: false });
for (const message of messages) console.log(`publint ${message.type}: ${formatMessage(message, pkg)}`);
const publintErrors = messages.filter((message) => message.type === 'error').length;

if (over || publintErrors || leaks.length) {
  console.error(`size: ${over} artifact(s) over budget, ${publintErrors} publint error(s), ${leaks.length} server-only leak(s)`);
  process.exit(1);
}
console.log('size: every artifact is within its budget; publint found no errors; no server-only code in browser bundles');
