// The competitor widgets measured beside ours. They live in their own package (this folder) so they
// never enter docs-assistant's dependencies; `npm run bench` installs them from the lockfile on demand.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const anchorsDirectory = fileURLToPath(new URL('.', import.meta.url));
const modulesDirectory = join(anchorsDirectory, 'node_modules');

/** One file a page loads for an anchor, with how to turn the shipped file into what is measured. */
export interface AnchorFile {
  label: string;
  path: string;
}

export interface AnchorBundle {
  name: string;
  version: string;
  /** What a docs site loads, in words. */
  what: string;
  files: AnchorFile[];
}

/** Installs the anchors from bench/anchors/package-lock.json when they are missing. Returns a note when it fails. */
export function ensureAnchorsInstalled(): string | undefined {
  const probes = ['@docsearch/js', '@markprompt/web', '@inkeep/cxkit-js', '@kapaai/react-sdk', 'lightningcss'];
  if (probes.every((name) => existsSync(join(modulesDirectory, name, 'package.json')))) return undefined;
  console.error('bench: installing the anchor packages (npm ci in bench/anchors)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: anchorsDirectory, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status === 0) return undefined;
  return `npm ci in bench/anchors failed (exit ${result.status ?? result.signal}); anchors not measured`;
}

function versionOf(name: string): string {
  const manifest = JSON.parse(readFileSync(join(modulesDirectory, name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function modulePath(name: string, file: string): string {
  return join(modulesDirectory, name, file);
}

/** Markprompt ships unminified CSS; minify it with lightningcss (the engine Vite uses) so it is measured as a site would serve it. */
function minifiedMarkpromptCss(outDirectory: string): string {
  const require = createRequire(join(anchorsDirectory, 'package.json'));
  const { transform } = require('lightningcss') as typeof import('lightningcss');
  const source = readFileSync(modulePath('@markprompt/css', 'markprompt.css'));
  const { code } = transform({ filename: 'markprompt.css', code: source, minify: true });
  const target = join(outDirectory, 'markprompt.min.css');
  writeFileSync(target, code);
  return target;
}

/** Kapa's SDK is headless and npm-only: bundle a minimal mount with React into one IIFE, as a site would. */
async function buildKapaBundle(outDirectory: string): Promise<string> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const target = join(outDirectory, 'kapa');
  await build({
    configFile: false,
    root: anchorsDirectory,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    // Library mode does not replace process.env.NODE_ENV by itself.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: target,
      emptyOutDir: true,
      sourcemap: false,
      minify: 'oxc',
      lib: { entry: join(anchorsDirectory, 'kapa-entry.jsx'), name: 'KapaBench', formats: ['iife'], fileName: () => 'kapa.js' },
    },
  });
  return join(target, 'kapa.js');
}

/** Builds what needs building (Kapa's IIFE, Markprompt's minified CSS) and lists every anchor's files. */
export async function prepareAnchorBundles(outDirectory: string): Promise<AnchorBundle[]> {
  mkdirSync(outDirectory, { recursive: true });
  const kapa = await buildKapaBundle(outDirectory);
  return [
    {
      name: '@docsearch/js (Ask AI)',
      version: versionOf('@docsearch/js'),
      what: 'dist/umd/index.js + @docsearch/css dist/style.css, loaded up front',
      files: [
        { label: 'dist/umd/index.js', path: modulePath('@docsearch/js', 'dist/umd/index.js') },
        { label: '@docsearch/css style.css', path: modulePath('@docsearch/css', 'dist/style.css') },
      ],
    },
    {
      name: '@markprompt/web',
      version: versionOf('@markprompt/web'),
      what: 'dist/init.js + @markprompt/css minified, loaded up front',
      files: [
        { label: 'dist/init.js', path: modulePath('@markprompt/web', 'dist/init.js') },
        { label: '@markprompt/css minified', path: minifiedMarkpromptCss(outDirectory) },
      ],
    },
    {
      name: '@inkeep/cxkit-js',
      version: versionOf('@inkeep/cxkit-js'),
      what: 'dist/embed.js (CSS inside), loaded up front',
      files: [{ label: 'dist/embed.js', path: modulePath('@inkeep/cxkit-js', 'dist/embed.js') }],
    },
    {
      name: '@kapaai/react-sdk + React',
      version: versionOf('@kapaai/react-sdk'),
      what: 'headless SDK + React 19 minimal mount, one IIFE built with Vite, loaded up front',
      files: [{ label: 'IIFE (Vite, oxc)', path: kapa }],
    },
  ];
}
