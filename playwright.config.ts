// End-to-end tests in a real Chromium. Two projects:
//   embed     e2e/embed*.spec.ts: pages that load only dist/embed.js, against the reference server
//             (both started per worker by e2e/fixtures/embedTest.ts; `npm run build` first)
//   journeys  e2e/journeys*.spec.ts: reader journeys on the demo site; e2e/recipes*.spec.ts: the README recipes
// Debian's chromium is used when present (Playwright's own browser download may be unreachable);
// otherwise Playwright's bundled Chromium (`npx playwright install chromium`).
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

// As readers who ask their system for less motion: the dialog's opening animation (which a bounding box or
// an axe contrast check taken mid-way would race) is off; e2e/journeys-motion.spec.ts opens it with motion.
const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions(), contextOptions: { reducedMotion: 'reduce' as const } };

// Locally several runs may share this checkout at once; each run writes its artifacts to its own
// folder (named after the runner's pid, which workers inherit through the environment), because a run
// empties its output folder when it starts. CI runs alone and keeps stable paths.
const run = process.env.CI ? '' : `-${(process.env.DOCS_ASSISTANT_E2E_RUN ??= String(process.pid))}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  reporter: process.env.CI ? 'line' : 'list',
  use: { trace: 'retain-on-failure' },
  globalSetup: './e2e/fixtures/globalSetup.ts',
  projects: [
    // Each project (and run) keeps its artifacts apart, so running one does not wipe the other's.
    { name: 'embed', testMatch: /(embed.*|isolation)\.spec\.ts$/, use: chromium, outputDir: `test-results/embed${run}` },
    { name: 'journeys', testMatch: /(journeys|recipes).*\.spec\.ts$/, use: chromium, outputDir: `test-results/journeys${run}` },
  ],
});
