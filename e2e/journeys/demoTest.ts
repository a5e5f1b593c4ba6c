// Playwright fixtures of the reader journeys: per worker, the demo (`startDemo`: the docs site, the
// React, dark and strict-CSP pages, and the reference server on one origin) with a gate that can hold
// or cut one answer mid-stream; per test, the `assistant` page object on those pages.
import { test as base } from '@playwright/test';
import { startDemo, type DemoServer } from '../../demo/server.ts';
import { createAnswerGate, type AnswerGate } from './answerGate.ts';
import { DemoAssistant } from './demoAssistant.ts';

export interface Demo {
  url: string;
  server: DemoServer;
  /** Holds or cuts the next answer mid-stream. */
  answers: AnswerGate;
}

export const test = base.extend<{ assistant: DemoAssistant }, { demo: Demo }>({
  demo: [
    // Playwright reads the fixtures a function needs from its first parameter's destructuring: none here.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const answers = createAnswerGate();
      const server = await startDemo({ port: 0, intercept: answers.intercept });
      await use({ url: server.url, server, answers });
      answers.reset();
      await server.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  assistant: async ({ page, demo }, use) => {
    await use(new DemoAssistant(page, demo));
    // A test that failed while holding an answer must not leave the next test's answer held.
    demo.answers.reset();
  },
});

export { expect } from '@playwright/test';
