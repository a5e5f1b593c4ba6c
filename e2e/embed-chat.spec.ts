// A reader on a docs page that has only the script tag asks the reference server questions.
import { disableWebStorage } from './fixtures/checks.ts';
import { ASSISTANT_KEY, DOMAIN, SITE_URL, expect, test } from './fixtures/embedTest.ts';

const ROLLBACK_QUESTION = 'How do I roll back a deploy?';
const ROLLBACK_SOURCE = `${SITE_URL}/deploy#roll-back-a-deploy`;

test.describe('given a docs page with the script tag', () => {
  test('streams an answer with its sources and sends the body the API expects', async ({ assistant, servers }) => {
    await assistant.goto({ 'retrieval-page-size': '3' });
    await assistant.open();
    const request = await assistant.ask(ROLLBACK_QUESTION);

    expect(request.url()).toBe(`${servers.api}/discovery/v2/assistant/${DOMAIN}/message`);
    expect(request.headers()['authorization']).toBe(`Bearer ${ASSISTANT_KEY}`);
    const body = request.postDataJSON();
    expect(body).toEqual({
      fp: expect.any(String),
      messages: [{ id: expect.any(String), role: 'user', parts: [{ type: 'text', text: ROLLBACK_QUESTION }] }],
      threadId: null,
      retrievalPageSize: 3,
      filter: null,
      currentPath: '/docs.html',
    });
    expect(body.fp).not.toBe('');

    const answer = assistant.answers.last();
    await expect(answer).toContainText('Run lumen rollback to point the production domain back at the previous deploy.');
    // The source lands on the quoted passage itself (a text fragment; Chromium supports them).
    await expect(assistant.sourcesOf(answer).first()).toHaveAttribute('href', `${ROLLBACK_SOURCE}:~:text=Run%20lumen%20rollback%20to%20point%20the%20production%20domain`);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
  });

  test('keeps the thread across a reload and continues it', async ({ assistant, page }) => {
    await assistant.goto();
    await assistant.open();
    const first = await assistant.ask(ROLLBACK_QUESTION);
    const firstResponse = await first.response();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const firstStream = (await firstResponse!.text()).match(/"threadId":"([^"]+)"/);
    expect(firstStream).not.toBeNull();
    const threadId = firstStream![1];

    await page.reload();
    await assistant.open();
    await expect(assistant.questions).toHaveText([ROLLBACK_QUESTION]);
    await expect(assistant.answers.first()).toContainText('lumen rollback');

    const followUp = await assistant.ask('And how do I deploy to production?');
    const body = followUp.postDataJSON();
    expect(body.threadId).toBe(threadId);
    expect(body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user']);
    await expect(assistant.answers.nth(1)).toContainText('lumen deploy --prod');
  });

  test("carries the visitor id to the next page, which runs no FingerprintJS and sends it with the first question", async ({ assistant, page }) => {
    await assistant.goto();
    await assistant.open();
    await assistant.ask(ROLLBACK_QUESTION);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    // By the follow-up, FingerprintJS has run on this page.
    const followUp = await assistant.ask('And how do I deploy to production?');
    const visitorId = followUp.postDataJSON().fp;
    expect(visitorId).toMatch(/^[0-9a-f]{32}$/);

    const fingerprintRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/fingerprintJsParts-[\w-]+\.js$/.test(request.url())) fingerprintRequests.push(request.url());
    });
    await page.reload();
    await assistant.open();
    const next = await assistant.ask('How fast does a rollback take effect?');
    expect(next.postDataJSON().fp).toBe(visitorId);
    await expect(assistant.answers.last()).toContainText('Rollbacks take effect within seconds');
    expect(fingerprintRequests).toEqual([]);
  });

  test('attaches the text the reader selected before opening', async ({ assistant, page }) => {
    await assistant.goto();
    await page.locator('#rollback-paragraph').selectText();
    await assistant.open();
    await expect(assistant.contextChip('selection')).toBeVisible();

    const request = await assistant.ask('How fast does a rollback take effect?');
    // With the heading it is under (the loader read the text; the chat, mounted on that intent, the heading).
    expect(request.postDataJSON().context).toEqual([
      { type: 'textSelection', value: 'Run lumen rollback to point the production domain back at the previous deploy.', path: '/docs.html', elementId: 'deploying' },
    ]);
    await expect(assistant.answers.last()).toContainText('Rollbacks take effect within seconds');
  });

  test('remembers the selection from when the reader asked, even if the page clears it while the chat loads (then without its heading)', async ({ assistant, page }) => {
    await assistant.goto({ preload: 'intent' });
    await page.waitForLoadState('networkidle');
    expect(assistant.chatRequests).toEqual([]);
    await page.locator('#rollback-paragraph').selectText();
    await page.evaluate(() => {
      window.DocsAssistant!.open!();
      document.getSelection()!.removeAllRanges();
    });
    await expect(assistant.contextChip('selection')).toBeVisible();

    const request = await assistant.ask('How fast does a rollback take effect?');
    expect(request.postDataJSON().context).toEqual([
      { type: 'textSelection', value: 'Run lumen rollback to point the production domain back at the previous deploy.', path: '/docs.html' },
    ]);
  });

  test('asks about a code block from its "Ask AI" button', async ({ assistant, page }) => {
    await assistant.goto();
    await page.locator('#deploy-command').hover();
    await page.getByRole('button', { name: 'Ask AI about this code' }).click();
    await expect(assistant.contextChip('code')).toBeVisible();

    const request = await assistant.ask('How do I deploy to production?');
    expect(request.postDataJSON().context).toEqual([
      { type: 'code', value: 'lumen deploy --prod', path: '/docs.html', elementId: 'deploy-command' },
    ]);
    await expect(assistant.answers.last()).toContainText('lumen deploy --prod');
  });

  test('still chats when Web Storage throws on access', async ({ assistant, page }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await disableWebStorage(page);
    await assistant.goto();
    await assistant.open();
    await assistant.ask(ROLLBACK_QUESTION);
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');

    const followUp = await assistant.ask('How do I deploy to production?');
    expect(followUp.postDataJSON().threadId).toEqual(expect.any(String));
    await expect(assistant.answers.nth(1)).toContainText('lumen deploy --prod');
    expect(pageErrors).toEqual([]);
  });

  test('fills the screen on a 375 px wide phone', async ({ assistant, page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await assistant.goto();
    await assistant.open();
    const box = await assistant.dialog.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    await assistant.ask(ROLLBACK_QUESTION);
    await expect(assistant.answers.last()).toContainText('lumen rollback');
    await expect(assistant.composer).toBeInViewport();
  });
});
