// What <DocsAssistant/> adds to a React app: the same minimal app built with Vite with and without the
// component (imported from the package's built React entry, as a user would), then subtracted.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { benchOutDirectory, builtDirectory, distDirectory, projectRoot } from './browser/server.ts';
import { sizesOfFiles, subtractSizes, type Sizes } from './sizes.ts';

interface PackageEntry {
  javascript: string;
  stylesheet?: string;
}

export interface AppBuild {
  /** Files loaded before anything is lazily imported: the entry chunk, its static imports and their CSS. */
  initial: Sizes;
  /** Every JavaScript and CSS file the build emitted. */
  total: Sizes;
  files: string[];
}

export interface ReactEntryWeight {
  entry: string;
  without: AppBuild;
  with: AppBuild;
  addedInitial: Sizes;
  addedTotal: Sizes;
}

type ExportTarget = string | { import?: string; default?: string } | undefined;

function exportPath(target: ExportTarget): string | undefined {
  if (typeof target === 'string') return target;
  return target?.import ?? target?.default;
}

/** A path the exports map gives (e.g. ./dist/index.js), inside the run's snapshot of dist/. */
function inSnapshot(exported: string): string {
  return join(distDirectory, relative(builtDirectory, resolve(projectRoot, exported)));
}

/** The React entry and stylesheet the package's exports map points at, when they are built. */
export function packageEntry(): PackageEntry | undefined {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { exports?: Record<string, ExportTarget> };
  const javascript = inSnapshot(exportPath(manifest.exports?.['.']) ?? 'dist/index.js');
  if (!existsSync(javascript)) return undefined;
  const stylesheetPath = exportPath(manifest.exports?.['./styles.css']);
  const stylesheet = stylesheetPath ? inSnapshot(stylesheetPath) : undefined;
  return { javascript, stylesheet: stylesheet && existsSync(stylesheet) ? stylesheet : undefined };
}

function appSource(withAssistant: boolean, entry: PackageEntry): string {
  return [
    `import { createRoot } from 'react-dom/client';`,
    withAssistant ? `import { DocsAssistant } from 'docs-assistant';` : '',
    withAssistant && entry.stylesheet ? `import 'docs-assistant/styles.css';` : '',
    'function App() {',
    '  return (',
    '    <main>',
    '      <h1>Docs</h1>',
    '      <p>A minimal React docs app.</p>',
    withAssistant ? '      <DocsAssistant domain="bench" />' : '',
    '    </main>',
    '  );',
    '}',
    `createRoot(document.getElementById('root')).render(<App />);`,
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

function initialFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...files];
}

function emittedFiles(directory: string, prefix = ''): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((item) => {
    if (item.isDirectory()) return item.name === '.vite' ? [] : emittedFiles(join(directory, item.name), `${prefix}${item.name}/`);
    return /\.(js|css)$/.test(item.name) ? [`${prefix}${item.name}`] : [];
  });
}

async function buildApp(name: string, withAssistant: boolean, entry: PackageEntry): Promise<AppBuild> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const root = join(benchOutDirectory, 'react-app');
  mkdirSync(root, { recursive: true });
  const source = join(root, `${name}.jsx`);
  writeFileSync(source, appSource(withAssistant, entry));
  const outDirectory = join(root, name);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: {
      dedupe: ['react', 'react-dom'],
      alias: [
        { find: /^docs-assistant$/, replacement: entry.javascript },
        ...(entry.stylesheet ? [{ find: /^docs-assistant\/styles\.css$/, replacement: entry.stylesheet }] : []),
      ],
    },
    build: { outDir: outDirectory, emptyOutDir: true, manifest: true, sourcemap: false, rollupOptions: { input: source } },
  });
  const manifest = JSON.parse(readFileSync(join(outDirectory, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = emittedFiles(outDirectory);
  return {
    initial: sizesOfFiles(initialFiles(manifest).map((file) => join(outDirectory, file))),
    total: sizesOfFiles(files.map((file) => join(outDirectory, file))),
    files,
  };
}

/** Undefined when the React entry is not built (run `npm run build`). */
export async function measureReactEntryWeight(): Promise<ReactEntryWeight | undefined> {
  const entry = packageEntry();
  if (!entry) return undefined;
  const without = await buildApp('without', false, entry);
  const withAssistant = await buildApp('with', true, entry);
  return {
    entry: relative(distDirectory, entry.javascript),
    without,
    with: withAssistant,
    addedInitial: subtractSizes(withAssistant.initial, without.initial),
    addedTotal: subtractSizes(withAssistant.total, without.total),
  };
}
