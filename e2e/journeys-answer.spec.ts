// A reader on the demo docs site asks, reads the streamed answer, follows its sources, follows up
// across pages, asks about what they highlighted, and stops, retries and starts over.
import { expect, test } from './journeys/demoTest.ts';
import { threadIdOf } from './journeys/demoAssistant.ts';
import { saveScreenshot } from './journeys/screenshots.ts';
import { expectNoAxeViolations } from './fixtures/checks.ts';

// Independent tests (each with its own browser context; one demo per worker): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

const LAUNCHER_QUESTION = 'How do I change the launcher color?';

test.describe('given a reader on a docs page', () => {
  test('watches the answer stream in, then follows a source to the quoted heading', async ({ assistant, demo, page }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    const held = demo.answers.holdNext();
    await assistant.ask(LAUNCHER_QUESTION);
    await held.reached;

    const answer = assistant.answers.last();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'streaming');
    await expect(answer).toHaveAttribute('data-streaming', 'true');
    await expect(answer).toContainText('Theming');
    const partialLength = (await answer.innerText()).length;

    held.release();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(answer).not.toHaveAttribute('data-streaming');
    await expect(answer).toContainText('--docs-assistant-launcher-background');
    expect((await answer.innerText()).length).toBeGreaterThan(partialLength);

    // A long answer is shown from its start: the question and the answer's first heading stay in view.
    await expect(assistant.questions.last()).toBeInViewport();
    await expect(answer.getByRole('link', { name: 'Theming › Change the launcher color' }).first()).toBeInViewport();

    const source = assistant.sourcesOf(answer).first();
    await expect(source).toHaveText('Theming › Change the launcher color');
    // The link points at the quoted passage itself (a text fragment), where the browser supports them.
    expect(await source.getAttribute('href')).toBe(`${demo.url}/theming#change-the-launcher-color:~:text=The%20launcher%20uses%20the%20accent%20color%20unless%20you`);
    await source.click();
    await expect(page).toHaveURL(new RegExp(`^${demo.url}/theming#change-the-launcher-color`));
    const heading = page.getByRole('heading', { name: 'Change the launcher color' });
    await expect(heading).toHaveAttribute('id', 'change-the-launcher-color');
    await expect(heading).toBeInViewport();

    // The assistant is open again on the new page, with the conversation the reader left.
    await expect(assistant.dialog).toBeVisible();
    await expect(assistant.questions).toHaveText([LAUNCHER_QUESTION]);
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');

    // Only the page the link led to reopens it: a reload after closing keeps it closed.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(assistant.launcher).toBeVisible();
    await expect(assistant.dialog).toBeHidden();
  });
});

test.describe('given a conversation on one page', () => {
  test('follows up in the same thread, moves to another page and continues it there', async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    const first = await assistant.ask(LAUNCHER_QUESTION);
    const threadId = await threadIdOf(await first.response());
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');

    const followUp = await assistant.ask('And in dark mode?');
    expect(followUp.postDataJSON().threadId).toBe(threadId);
    await expect(assistant.answers).toHaveCount(2);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');

    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Server and CLI' }).click();
    await expect(page).toHaveURL(/\/server$/);
    await assistant.open();
    await expect(assistant.questions).toHaveText([LAUNCHER_QUESTION, 'And in dark mode?']);
    await expect(assistant.answers).toHaveCount(2);

    const next = await assistant.ask('Which port does the server listen on?');
    const body = next.postDataJSON();
    expect(body.threadId).toBe(threadId);
    expect(body.currentPath).toBe('/server');
    expect(body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    await expect(assistant.answers.nth(2)).toContainText('8787');
  });
});

test.describe('given a reader who highlights part of a page', () => {
  test('opens with the shortcut and asks about the selected paragraph', async ({ assistant, page }) => {
    await assistant.visit('/troubleshooting');
    const paragraph = page.locator('main p', { hasText: 'A console message such as' });
    await paragraph.selectText();
    await page.keyboard.press('ControlOrMeta+i');
    await expect(assistant.composer).toBeFocused();
    await expect(assistant.contextChip('selection')).toBeVisible();

    const selected = (await paragraph.textContent())?.trim();
    const request = await assistant.ask('What does this mean?');
    expect(request.postDataJSON().context).toEqual([{ type: 'textSelection', value: selected, path: '/troubleshooting', elementId: 'content-security-policy-errors' }]);
    // Without the selection this question opens on "The launcher does not appear"; with it, on the CSP passage.
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveText('Troubleshooting › Content Security Policy errors');
  });

  test('asks about a code block from its "Ask AI" button', async ({ assistant, page }) => {
    await assistant.visit('/troubleshooting');
    const codeBlock = page.locator('pre', { hasText: 'Content-Security-Policy: default-src' });
    await codeBlock.hover();
    await page.getByRole('button', { name: 'Ask AI about this code' }).click();
    await expect(assistant.contextChip('code')).toBeVisible();

    const code = (await codeBlock.textContent())?.trimEnd();
    const request = await assistant.ask('What does this do?');
    expect(request.postDataJSON().context).toEqual([expect.objectContaining({ type: 'code', value: code, path: '/troubleshooting' })]);
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveText('Troubleshooting › Content Security Policy errors');
  });
});

test.describe('given an answer that is streaming', () => {
  test('stops it with the partial answer kept, retries it, then starts a new conversation', async ({ assistant, demo }) => {
    await assistant.visit('/theming');
    await assistant.open();
    const held = demo.answers.holdNext();
    await assistant.ask(LAUNCHER_QUESTION);
    await held.reached;
    const answer = assistant.answerText(assistant.answers.last());
    await expect(answer).toContainText('Theming');
    const partial = await answer.innerText();

    await assistant.stopButton.click();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.composer).toBeFocused();
    await expect(answer).toHaveText(partial);
    await expect(assistant.questions).toHaveText([LAUNCHER_QUESTION]);

    const retried = assistant.nextQuestionRequest();
    await assistant.retryButton.click();
    const retryBody = (await retried).postDataJSON();
    expect(retryBody.messages.at(-1).parts).toEqual([{ type: 'text', text: LAUNCHER_QUESTION }]);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.answers).toHaveCount(1);
    await expect(assistant.answers.last()).toContainText('--docs-assistant-launcher-background');
    expect((await assistant.storedThread())?.threadId).toEqual(expect.any(String));

    await assistant.newConversationButton.click();
    await expect(assistant.questions).toHaveCount(0);
    await expect(assistant.answers).toHaveCount(0);
    await expect(assistant.composer).toBeFocused();
    expect(await assistant.storedThread()).toBeNull();

    const fresh = await assistant.ask('Which port does the server listen on?');
    expect(fresh.postDataJSON()).toMatchObject({ threadId: null, messages: [{ role: 'user' }] });
  });
});

test.describe('given the site instructions of the demo docs (docs/assistant.md)', () => {
  test("offers the site's starter questions and names the site, and one asks it", async ({ assistant }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    await expect(assistant.dialog.getByText('Ask anything about docs-assistant.')).toBeVisible();
    await assistant.dialog.getByRole('button', { name: 'How do I change the colors?' }).click();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveText('Theming › Change the colors');
  });
});

test.describe('given questions the docs answer and one they do not', () => {
  test('answers from the right section first, and says plainly what is not in the docs, with pages to try', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/recipes');
    await assistant.open();
    await assistant.ask('How do I set it up with Docusaurus?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveText('Recipes › Docusaurus');
    await expect(assistant.answerText(assistant.answers.last())).toContainText("'data-domain': 'docs'");

    await assistant.ask('How do I set up SAML single sign-on?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const notFound = assistant.answerText(assistant.answers.last());
    await expect(notFound).toContainText('I could not find this in the docs. These pages are the closest:');
    await expect(notFound.getByRole('link')).toHaveCount(3);
    await expect(assistant.sourcesOf(assistant.answers.last())).toHaveCount(0);
    // Set apart, with the docs one click away: a keyword search of the question through the search route.
    await expect(assistant.answers.last()).toHaveAttribute('data-not-found');
    await assistant.answers.last().getByRole('button', { name: 'Search the docs for this' }).click();
    // The search finds the pages the answer offers again, and otherwise only pages sharing the question's
    // common words ("set", "up", scoring under a tenth): no list of unrelated pages, an honest sentence.
    await expect(assistant.answers.last().getByText('No other page matches these words.')).toBeVisible();
    await expect(assistant.answers.last().getByRole('list', { name: 'Search results' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'not-in-the-docs');
  });
});

test.describe('given a question the docs answer except for a name they never use', () => {
  test('says first that the docs do not mention the name, then quotes what they say about the rest', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/theming');
    await assistant.open();
    await assistant.ask("How do I show the widget's labels in French?");
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answers.last();
    await expect(assistant.answerText(answer).locator('p').first()).toHaveText('The docs do not mention “French”; this is what they say about the rest of the question.');
    await expect(answer.getByRole('link', { name: 'Theming › Change the text and language' }).first()).toBeVisible();
    await expect(assistant.sourcesOf(answer).first()).toHaveText('Theming › Change the text and language');
    await expect(answer).not.toHaveAttribute('data-not-found');
    await saveScreenshot(page, testInfo, 'name-not-in-the-docs');
  });
});

test.describe('given an answer with a code block whose line is longer than the dialog', () => {
  test('labels and highlights it, scrolls it with the keyboard, and keeps the copy button clear of the code', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/recipes');
    await assistant.open();
    await assistant.ask('How do I set it up with Docusaurus?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answerText(assistant.answers.last());
    const shell = answer.locator('.da-code', { hasText: 'npx docs-assistant serve docs' });
    await expect(shell.locator('.da-code-language')).toHaveText('sh');
    const config = answer.locator('.da-code', { hasText: 'docusaurus.config.js' });
    await expect(config.locator('.da-code-language')).toHaveText('js');
    await expect(config.locator('pre .hljs-string').first()).toBeVisible();

    const pre = shell.locator('pre');
    const { scrollWidth, clientWidth } = await pre.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await pre.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await expect.poll(() => pre.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    // Measured together: the dialog may still be scrolling the focused block into view.
    const { copyBottom, codeTop } = await shell.evaluate((block) => ({
      copyBottom: (block.querySelector('.da-code-copy') as Element).getBoundingClientRect().bottom,
      codeTop: (block.querySelector('pre') as Element).getBoundingClientRect().top,
    }));
    expect(copyBottom).toBeLessThanOrEqual(codeTop + 0.5);
    await saveScreenshot(page, testInfo, 'code-block-highlighted');
    await expectNoAxeViolations(page);
  });
});

test.describe('given a question answered by one row of a reference table', () => {
  test('quotes the header and the row that answers, not the first rows, with the names in the first column on one line', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/server');
    await assistant.open();
    await assistant.ask('Which environment variable sets the port?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answerText(assistant.answers.last());
    await expect(answer.getByRole('link', { name: 'Server and CLI › CLI flags' }).first()).toBeVisible();
    const table = answer.getByRole('table').first();
    await expect(table.getByRole('columnheader')).toHaveText(['Flag', 'Environment variable', 'Default', 'What it does']);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['--port', 'DOCS_ASSISTANT_PORT', '8787', 'Port to listen on; 0 picks a free one.']);
    // The table's first rows (--host, --domain) answer nothing here.
    await expect(table).not.toContainText('--host');
    // In the wide dialog a flag is not broken after its hyphens ("--" alone on a line, then "assistant-key").
    const flags = table.locator('td:first-child code');
    expect(await flags.count()).toBeGreaterThan(1);
    for (const lines of await flags.evaluateAll((codes) => codes.map((code) => code.getClientRects().length))) expect(lines).toBe(1);
    await saveScreenshot(page, testInfo, 'table-row-answer');
  });
});

test.describe('given a deep link with a question', () => {
  test('opens and asks once from ?ask=, removes it from the address bar, and does not ask again on reload', async ({ assistant, demo, page }) => {
    let asked = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/message')) asked++;
    });
    await page.goto(`${demo.url}/getting-started?ask=${encodeURIComponent('How do I change the colors?')}&ref=mail`);
    await expect(assistant.dialog).toBeVisible();
    await expect(assistant.questions).toHaveText(['How do I change the colors?']);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.sourcesOf(assistant.answers.last()).first()).toHaveText('Theming › Change the colors');
    expect(page.url()).toBe(`${demo.url}/getting-started?ref=mail`);

    await page.reload();
    await expect(assistant.launcher).toBeVisible();
    await expect(assistant.dialog).toBeHidden();
    expect(asked).toBe(1);
  });

  test('takes #ask= as well', async ({ assistant, demo, page }) => {
    await page.goto(`${demo.url}/theming#ask=${encodeURIComponent('Is it free?')}`);
    await expect(assistant.questions).toHaveText(['Is it free?']);
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    expect(new URL(page.url()).hash).toBe('');
  });
});

test.describe('given the empty assistant', () => {
  test('offers the starter questions and one line on how to ask about part of the page', async ({ assistant }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    await expect(assistant.dialog.locator('.da-hints')).toHaveText('Select text, or use "Ask AI" on a code block, to ask about it. Shift+Enter adds a line; Esc closes.');
  });
});

test.describe("given theme 'auto' on a light docs site in a dark operating system", () => {
  test.use({ colorScheme: 'dark' });

  test("follows the page's scheme, not the OS, and switches when the page does", async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const launcherBackground = () => assistant.launcher.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await launcherBackground()).toBe('rgb(67, 56, 202)');
    await assistant.open();
    const root = page.locator('docs-assistant').locator('.da-root[data-state]');
    await expect(root).toHaveAttribute('data-theme', 'light');
    const dialogBackground = () => assistant.dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await dialogBackground()).toBe('rgb(255, 255, 255)');

    // The page's own theme toggle: the assistant and its launcher follow.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect.poll(launcherBackground).toBe('rgb(165, 180, 252)');
    expect(await dialogBackground()).not.toBe('rgb(255, 255, 255)');
  });
});

test.describe('given a reader who rates an answer', () => {
  test('thanks them, takes an optional reason on thumbs-down, and sends both to the server', async ({ assistant, demo, page }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    await assistant.ask('How do I change the colors?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const answer = assistant.answers.last();

    const rated = page.waitForResponse((response) => response.url() === `${demo.url}/discovery/v2/assistant/docs/feedback`);
    await answer.getByRole('button', { name: 'Not helpful' }).click();
    const first = await rated;
    expect(first.status()).toBe(204);
    expect(first.request().postDataJSON()).toEqual({ threadId: expect.any(String), messageId: expect.stringMatching(/^msg_/), rating: 'down' });
    await expect(answer.getByText('Thanks for the feedback.')).toBeVisible();

    const reasoned = page.waitForResponse((response) => response.url() === `${demo.url}/discovery/v2/assistant/docs/feedback`);
    await answer.getByRole('textbox', { name: 'What was missing or wrong? (optional)' }).fill('It did not mention dark mode.');
    await answer.getByRole('button', { name: 'Send feedback' }).click();
    const second = await reasoned;
    expect(second.status()).toBe(204);
    expect(second.request().postDataJSON()).toMatchObject({ rating: 'down', reason: 'It did not mention dark mode.' });
    await expect(answer.getByRole('textbox', { name: 'What was missing or wrong? (optional)' })).toBeHidden();
    await expectNoAxeViolations(page);
  });
});

test.describe('given the open dialog over a long page', () => {
  test('leaves the page where it is when the reader scrolls over the backdrop, while the conversation still scrolls', async ({ assistant, page }) => {
    await assistant.visit('/theming');
    await assistant.open();
    await assistant.ask('Which CSS variables can I set?');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(60, 400); // over the backdrop, left of the dialog
    await page.mouse.wheel(0, 600);
    // The same wheel over the conversation scrolls it: wait for that, then the page has had its chance too.
    const conversation = assistant.dialog.locator('.da-scroll');
    await conversation.evaluate((element) => element.scrollTo(0, 0));
    const box = (await conversation.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => conversation.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });
});

test.describe('given the script-tag launcher', () => {
  test('shows the shortcut hint the React launcher shows, without changing its name', async ({ assistant, page }) => {
    await assistant.visit('/getting-started');
    await expect(assistant.launcher.locator('kbd')).toHaveText('Ctrl I');
    await expect(page.getByRole('button', { name: 'Ask AI', exact: true })).toBeVisible();
    await page.keyboard.press('Control+i');
    await expect(assistant.composer).toBeFocused();
  });
});

test.describe('given an answer that streams into the dialog', () => {
  test('keeps the dialog one height from the first word to the last, so nothing moves under the reader', async ({ assistant, demo }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    const held = demo.answers.holdNext();
    await assistant.ask('How do I change the launcher color?');
    await held.reached;
    await expect(assistant.answers.last()).toHaveAttribute('data-streaming', 'true');
    const streaming = (await assistant.dialog.boundingBox())!.height;
    held.release();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    expect((await assistant.dialog.boundingBox())!.height).toBe(streaming);
  });
});

test.describe('given a reader who would rather read the page than an answer', () => {
  test('sees matching sections under the question as they type, goes through them with the keyboard, and opens one', async ({ assistant, demo, page }, testInfo) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${demo.url}/discovery/v1/search/docs`) searches.push((request.postDataJSON() as { query: string }).query);
    });
    await assistant.composer.pressSequentially('launcher color');
    const results = assistant.dialog.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link').first()).toHaveText('Theming › Change the launcher color');
    // A search for the pause after typing, not one per letter (a slow machine may pause mid-word once or twice).
    expect(searches.at(-1)).toBe('launcher color');
    expect(searches.length).toBeLessThanOrEqual(3);
    await expect(assistant.dialog.getByText(/pages of the docs match\. Press Down/)).toBeAttached();
    await saveScreenshot(page, testInfo, 'search-as-you-type');

    // Down from the end of the question goes through the results, Up comes back; Enter in the box still asks.
    await assistant.composer.press('ArrowDown');
    await expect(results.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(results.getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(assistant.composer).toBeFocused();
    await expect(assistant.composer).toHaveValue('launcher color');
    await assistant.composer.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(assistant.composer).toBeFocused();
    await expect(assistant.dialog).toBeVisible();

    // Enter on a result opens its section, and the assistant is there on the next page with the draft gone.
    await assistant.composer.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${demo.url}/theming#change-the-launcher-color`);
    await expect(page.getByRole('heading', { name: 'Change the launcher color' })).toBeInViewport();
    await expect(assistant.dialog).toBeVisible();
  });

  test('still asks with Enter, and the results go with the sent question', async ({ assistant, demo, page }) => {
    await assistant.visit('/getting-started');
    await assistant.open();
    const searched = page.waitForResponse((response) => response.url() === `${demo.url}/discovery/v1/search/docs`);
    await assistant.composer.fill('How do I change the colors?');
    await searched;
    const results = assistant.dialog.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link').first()).toBeVisible();
    await assistant.composer.press('Enter');
    await expect(assistant.questions).toHaveText(['How do I change the colors?']);
    await expect(results).toBeHidden();
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
  });
});

test.describe('given a right-to-left page (Arabic, Hebrew)', () => {
  test('mirrors the launcher, the code button and the dialog, and follows the page when it switches', async ({ assistant, page }, testInfo) => {
    await assistant.visit('/troubleshooting');
    const width = page.viewportSize()!.width;
    const launcherBox = async () => (await assistant.launcher.boundingBox())!;
    expect((await launcherBox()).x).toBeGreaterThan(width / 2);

    // The page switches language in place: the widget follows, launcher first.
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await expect.poll(async () => (await launcherBox()).x).toBeLessThan(width / 2);

    // A right-to-left code block gets its button at its left corner, where its lines end.
    const codeBlock = page.locator('pre', { hasText: 'Content-Security-Policy: default-src' });
    await codeBlock.evaluate((element) => element.setAttribute('dir', 'rtl'));
    await codeBlock.hover();
    const codeButton = page.getByRole('button', { name: 'Ask AI about this code' });
    await expect(codeButton).toBeVisible();
    const blockBox = (await codeBlock.boundingBox())!;
    expect((await codeButton.boundingBox())!.x).toBeLessThan(blockBox.x + blockBox.width / 2);

    await assistant.open();
    expect(await assistant.dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // Mirrored: Close at the left of the title, Send at the left of the question box.
    const title = (await assistant.dialog.getByRole('heading', { name: 'Ask the docs' }).boundingBox())!;
    const close = (await assistant.dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.x).toBeLessThan(title.x);
    await assistant.composer.fill('How do I change the colors?');
    const send = (await assistant.sendButton.boundingBox())!;
    expect(send.x).toBeLessThan((await assistant.composer.boundingBox())!.x);
    // An English question and its answer read left to right on the right-to-left page, code too.
    await assistant.composer.press('Enter');
    await expect(assistant.dialog).toHaveAttribute('data-status', 'ready');
    await expect(assistant.questions.last().locator('.da-question')).toHaveCSS('direction', 'ltr');
    await expect(assistant.answers.last().locator('.da-markdown')).toHaveCSS('direction', 'ltr');
    const code = assistant.answers.last().locator('pre').first();
    await expect(code).toHaveCSS('direction', 'ltr');
    await expect(assistant.answers.last().locator(':not(pre) > code').first()).toHaveCSS('direction', 'ltr');
    await saveScreenshot(page, testInfo, 'right-to-left');
  });
});
