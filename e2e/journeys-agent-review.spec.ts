// The local review page of an agent job (no GitHub token), as a reviewer opens it from prLink in a
// browser: files, coloured diffs, the conversation, why a job failed, how to merge; axe-clean.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { expect, test } from '@playwright/test';
import { createAgentRoutes } from '../server/agent/routes.ts';
import { ADMIN_KEY, createJob, getJob, sendMessage } from '../test/fixtures/agent/api.ts';
import { createScriptedModel, type Script } from '../test/fixtures/agent/model.ts';
import { createFixtureRepository } from '../test/fixtures/agent/repo.ts';
import { expectNoAxeViolations, recordCspViolations } from './fixtures/checks.ts';
import { saveScreenshot } from './journeys/screenshots.ts';

const edits: Script = (prompt, step) => {
  if (prompt.startsWith('Break')) return new Error('the model provider is down');
  if (prompt.startsWith('Add')) {
    if (step === 0) return [{ tool: 'write_file', input: { path: 'guides/upgrade.md', content: '# Upgrade\n\nRun `npm update docs-assistant`, then restart the server.\n' } }];
    return 'Add an upgrade guide\n\nAdded a short guide on upgrading.';
  }
  if (step === 0) return [{ tool: 'edit_file', input: { path: 'quickstart.md', oldText: 'Instal the package with npm, then run the the server.', newText: 'Install the package with npm, then run the server.' } }];
  return 'Fix two typos in the quickstart\n\nFixed "Instal" and a doubled "the".';
};

test('given an agent job without GitHub, its review page shows what a reviewer needs', async ({ page }, testInfo) => {
  const fixture = createFixtureRepository();
  const app = createAgentRoutes({ projects: { docs: { repository: fixture.source } }, adminKeys: [ADMIN_KEY], dataDir: fixture.dataDir, model: createScriptedModel(edits) });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // The API helpers address a fixed host; over real HTTP they go to this server (so prLink carries its origin).
    const request = (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url);
      return fetch(`${origin}${pathname}${search}`, init);
    };
    const client = { request } as unknown as Parameters<typeof createJob>[0];
    const created = await createJob(client, 'docs', 'Fix the typos in the quickstart');
    await app.service.queue.idle();
    await sendMessage(client, 'docs', created.body.id, 'Add an upgrade guide');
    await app.service.queue.idle();
    await sendMessage(client, 'docs', created.body.id, 'Break it');
    await app.service.queue.idle();
    const job = (await getJob(client, 'docs', created.body.id)).body;
    expect(job.status).toBe('failed');

    const violations = await recordCspViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(job.prLink ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review: docs-assistant/${created.body.id} into main`);
    await expect(page.getByRole('heading', { name: 'Why it failed', level: 2 })).toBeVisible();
    await expect(page.locator('.failure')).toContainText('model error: the model provider is down');
    await expect(page.getByRole('heading', { name: 'Files changed (2)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'docs/guides/upgrade.md' })).toBeVisible();
    const quickstart = page.getByRole('region', { name: 'docs/quickstart.md' });
    await expect(quickstart.locator('.line-del')).toHaveText('-Instal the package with npm, then run the the server.');
    await expect(quickstart.locator('.line-add')).toHaveText('+Install the package with npm, then run the server.');
    // Added lines are green, removed red: the diff reads like a pull request's.
    await expect(quickstart.locator('.line-add')).toHaveCSS('background-color', 'rgb(218, 251, 225)');
    await expect(quickstart.locator('.line-del')).toHaveCSS('background-color', 'rgb(255, 235, 233)');
    await expect(page.locator('.turn')).toHaveCount(3);
    await expect(page.locator('.turn').first()).toContainText('Fixed "Instal" and a doubled "the".');
    await expect(page.getByLabel('Commands to merge the branch')).toContainText(`git merge --no-ff origin/docs-assistant/${created.body.id}`);
    await expectNoAxeViolations(page);
    expect(await violations()).toEqual([]);
    await saveScreenshot(page, testInfo, 'agent-review-page');
    await page.screenshot({ fullPage: true, path: testInfo.outputPath('agent-review-page-full.png') });
  } finally {
    await app.service.close();
    await new Promise((resolve) => server.close(resolve));
    fixture.cleanup();
  }
});
