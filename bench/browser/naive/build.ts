// Builds the naive streaming page into bench/out/naive/naive.js (one IIFE, React bundled).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOutDirectory } from '../server.ts';

export async function buildNaivePage(): Promise<void> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(benchOutDirectory, 'naive'),
      emptyOutDir: true,
      sourcemap: false,
      lib: { entry: fileURLToPath(new URL('main.tsx', import.meta.url)), name: 'NaiveChat', formats: ['iife'], fileName: () => 'naive.js' },
    },
  });
}
