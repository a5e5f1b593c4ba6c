import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';
import { answerChunks, installFakeFetch, streamResponse } from './fakeServer.ts';

const baseUrl = 'https://api.example.test';
const code = "app.get('/', (c) => c.text('Hello Hono!'))";

function hostPage() {
  document.body.innerHTML = `
    <main>
      <p id="intro">Hono is a small, simple, and ultrafast web framework.</p>
      <section id="routing"><pre tabindex="0"><code>${code}</code></pre></section>
      <button id="host-button">Host button</button>
    </main>`;
}

function selectText(element: Element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

async function send(question: string) {
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  await within(dialog).findByText('Answer.');
  return dialog;
}

describe('given text highlighted on the page', () => {
  it('attaches it as a removable chip when the dialog opens and sends it once as context', async () => {
    hostPage();
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['Answer.'] })),
      () => streamResponse(answerChunks({ text: ['Answer.'], messageId: 'msg_2' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} getCurrentPath={() => '/docs/intro'} />);
    selectText(document.getElementById('intro') as Element);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ask ai/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByText('Selected text')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Remove: Selected text' })).toBeTruthy();

    await send('What does this mean?');
    expect(requests[0]?.body.context).toEqual([
      { type: 'textSelection', value: 'Hono is a small, simple, and ultrafast web framework.', path: '/docs/intro' },
    ]);
    // Sent once: the chip leaves the composer, and the next question carries no context.
    expect(within(dialog).queryByRole('button', { name: 'Remove: Selected text' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'And next?{Enter}');
    await within(dialog).findAllByText('Answer.');
    await screen.findByText('And next?');
    expect(requests[1]?.body).not.toHaveProperty('context');
  });

  it('names the heading it is under, so a sentence the page says twice is read where it was selected', async () => {
    document.body.innerHTML = `
      <main>
        <h2 id="flags">Flags</h2>
        <p>100 new jobs per project per hour.</p>
        <h2 id="limits">Limits</h2>
        <ul><li id="limit-line">100 new jobs per project per hour.</li></ul>
      </main>`;
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} getCurrentPath={() => '/agent-jobs'} />);
    selectText(document.getElementById('limit-line') as Element);
    await userEvent.setup().click(screen.getByRole('button', { name: /ask ai/i }));
    await screen.findByRole('dialog', { name: 'Ask the docs' });
    await send('how do I raise it?');
    expect(requests[0]?.body.context).toEqual([{ type: 'textSelection', value: '100 new jobs per project per hour.', path: '/agent-jobs', elementId: 'limits' }]);
  });

  it('sends no context when the reader removes the chip', async () => {
    hostPage();
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    selectText(document.getElementById('intro') as Element);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ask ai/i }));
    await user.click(await screen.findByRole('button', { name: 'Remove: Selected text' }));
    await send('Plain question');
    expect(requests[0]?.body).not.toHaveProperty('context');
  });
});

describe('given code blocks on the page', () => {
  it('offers "Ask AI" over a hovered block without touching the host DOM, and sends the code as context', async () => {
    hostPage();
    const pre = document.querySelector('pre') as HTMLElement;
    const hostMarkup = document.querySelector('main')?.outerHTML;
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} getCurrentPath={() => '/docs/routing'} />);

    const user = userEvent.setup();
    await user.hover(pre);
    const askButton = await screen.findByRole('button', { name: 'Ask AI about this code' });
    expect(pre.contains(askButton)).toBe(false);
    expect(document.querySelector('main')?.outerHTML).toBe(hostMarkup);

    await user.click(askButton);
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByText('Code block')).toBeTruthy();
    await send('Explain this');
    expect(requests[0]?.body.context).toEqual([{ type: 'code', value: code, path: '/docs/routing', elementId: 'routing' }]);
  });

  it('attaches the focused block when the shortcut is pressed (the keyboard path)', async () => {
    hostPage();
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.tagName).toBe('PRE');
    // Shown with the shortcut that attaches the focused block: the keyboard path.
    const askButton = await screen.findByRole('button', { name: 'Ask AI about this code' });
    expect(askButton.querySelector('kbd')?.textContent).toBe('Ctrl I');

    await user.keyboard('{Control>}i{/Control}');

    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByText('Code block')).toBeTruthy();
    await send('Explain');
    expect(requests[0]?.body.context).toEqual([{ type: 'code', value: code, path: '/', elementId: 'routing' }]);
  });

  it('shows the button for a block that had focus before the chat mounted (the script tag mounts it on that intent)', async () => {
    hostPage();
    (document.querySelector('pre') as HTMLElement).focus();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const askButton = await screen.findByRole('button', { name: 'Ask AI about this code' });
    expect(askButton.querySelector('kbd')?.textContent).toBe('Ctrl I');
  });

  it('shows no button when code blocks are turned off', async () => {
    hostPage();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} codeBlocks={false} />);
    await userEvent.setup().hover(document.querySelector('pre') as HTMLElement);
    expect(screen.queryByRole('button', { name: 'Ask AI about this code' })).toBeNull();
  });
});

describe('given a long current path', () => {
  it('cuts currentPath to 200 characters', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen getCurrentPath={() => `/${'a'.repeat(300)}`} />);
    await send('Long path?');
    expect(requests[0]?.body.currentPath).toBe(`/${'a'.repeat(199)}`);
  });
});

describe('given Chinese text highlighted on a page in English', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('shows it in a chip marked as Chinese, for screen readers', async () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<main><p id="intro">中间件在处理函数之前运行。</p></main>';
    installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} getCurrentPath={() => '/docs/intro'} />);
    selectText(document.getElementById('intro') as Element);

    await userEvent.setup().click(screen.getByRole('button', { name: /ask ai/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByText('中间件在处理函数之前运行。').getAttribute('lang')).toBe('zh');
  });
});
