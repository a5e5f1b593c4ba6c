// What the demo needs built before it serves: the widget (`npm run build` -> dist/) and the React page
// (bundled by Vite from demo/react with the package's own React entry). Each is rebuilt only when missing
// or older than its sources, under a lock so parallel test workers never build the same thing twice.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, renameSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(projectRoot, 'dist');
/** Build output of the React page; outside the repo's tracked files. */
export const reactPageDir = path.join(projectRoot, 'node_modules', '.cache', 'docs-assistant-demo', 'react');
const lockDir = path.join(projectRoot, 'node_modules', '.cache', 'docs-assistant-demo', 'build.lock');

const widgetOutputs = ['embed.js', 'index.js', 'styles.css'].map((file) => path.join(distDir, file));
const widgetSources = ['src', 'vite.config.ts', 'scripts/build.js', 'package.json'].map((entry) => path.join(projectRoot, entry));
const reactPageSources = [path.join(projectRoot, 'demo', 'react'), path.join(projectRoot, 'demo', 'public'), ...widgetOutputs];

/** Newest modification time of the files under `entries` (0 when none exist). */
function newestChange(entries: string[]): number {
  let newest = 0;
  const pending = [...entries];
  while (pending.length > 0) {
    const entry = pending.pop() as string;
    if (!existsSync(entry)) continue;
    const stats = statSync(entry);
    if (stats.isDirectory()) pending.push(...readdirSync(entry).map((name) => path.join(entry, name)));
    else newest = Math.max(newest, stats.mtimeMs);
  }
  return newest;
}

/** Oldest modification time of `files`, or 0 when one is missing (so it counts as stale). */
function oldestOutput(files: string[]): number {
  if (!files.every((file) => existsSync(file))) return 0;
  return Math.min(...files.map((file) => statSync(file).mtimeMs));
}

export function isWidgetBuildStale(): boolean {
  return oldestOutput(widgetOutputs) < newestChange(widgetSources);
}

function isReactPageStale(): boolean {
  return oldestOutput([path.join(reactPageDir, 'index.html')]) < newestChange(reactPageSources);
}

/** Runs `fn` while holding a directory lock shared by every process of this checkout. */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than the longest build belongs to a process that died while building.
      const lockedAt = statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (Date.now() - lockedAt > 5 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`demo: timed out waiting for the build lock ${lockDir}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

/** `npm run build` when dist/ is missing or older than src/. Its output is shown only when it fails. */
export async function ensureWidgetBuild(log: (line: string) => void = () => {}): Promise<void> {
  if (!isWidgetBuildStale()) return;
  await withBuildLock(async () => {
    if (!isWidgetBuildStale()) return;
    log('demo: building the widget (npm run build)...');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    try {
      await promisify(execFile)(npm, ['run', 'build'], { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`demo: npm run build failed\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
    }
  });
}

/** Bundles demo/react with Vite into `reactPageDir` when missing or stale. */
export async function ensureReactPageBuild(log: (line: string) => void = () => {}): Promise<void> {
  if (!isReactPageStale()) return;
  await withBuildLock(async () => {
    if (!isReactPageStale()) return;
    log('demo: bundling the React page (vite)...');
    const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    // Build beside the final folder, then swap, so a server reading the old build never sees half a new one.
    const staging = `${reactPageDir}.staging`;
    rmSync(staging, { recursive: true, force: true });
    await build({
      configFile: false,
      logLevel: 'warn',
      root: path.join(projectRoot, 'demo', 'react'),
      base: '/demo/react/',
      plugins: [react()],
      resolve: {
        // The page imports the package by its name, as an app would; it resolves to this checkout's build.
        alias: [
          { find: /^docs-assistant\/styles\.css$/, replacement: path.join(distDir, 'styles.css') },
          { find: /^docs-assistant$/, replacement: path.join(distDir, 'index.js') },
        ],
        dedupe: ['react', 'react-dom'],
      },
      // One bundle with React and the AI SDK is expected for a demo page; the size warning would only be noise.
      build: { outDir: staging, emptyOutDir: true, sourcemap: false, target: 'es2022', chunkSizeWarningLimit: 2000 },
    });
    rmSync(reactPageDir, { recursive: true, force: true });
    renameSync(staging, reactPageDir);
  });
}
