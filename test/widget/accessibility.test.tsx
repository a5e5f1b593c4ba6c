import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { DocsAssistant, type DocsAssistantHandle } from '../../src/index.ts';
import { answerChunks, heldStream, installFakeFetch, jsonError, streamResponse } from './fakeServer.ts';
import { openAndAsk } from './readerActions.ts';

const baseUrl = 'https://api.example.test';

/** axe on the whole document; color contrast needs real layout and is checked in Chromium (e2e). */
async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function ask(question: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  return dialog;
}

describe('given each visible state', () => {
  it('has no axe violations when closed', async () => {
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations when open with starter questions', async () => {
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen starterQuestions={['How do I start?']} />);
    await screen.findByRole('dialog');
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations while streaming and once answered with sources, code and a code group', async () => {
    const held = heldStream([
      { type: 'start', messageId: 'msg_1' },
      { type: 'source-url', sourceId: 's1', url: 'https://docs.example.test/a', title: 'A page' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Use this:\n\n```js\nconsole.log(1)\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n' },
      { type: 'text-delta', id: 't', delta: '\n```sh [npm]\nnpm i x\n```\n\n```sh [pnpm]\npnpm add x\n```\n' },
      { type: 'text-end', id: 't' },
    ]);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const dialog = await ask('Show me');
    // The code's text, whether still plain or already split into highlighted tokens.
    await waitFor(() => expect(dialog.querySelector('.da-code pre')?.textContent).toContain('console.log(1)'));
    expect((await within(dialog).findByRole('tabpanel', { name: 'npm' })).textContent).toBe('npm i x');
    expect(await violations()).toEqual([]);
    held.end('finish');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations in error', async () => {
    installFakeFetch(() => jsonError(429, 'slow down', { 'retry-after': '30' }));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const dialog = await ask('Too fast');
    await within(dialog).findByRole('alert');
    expect(await violations()).toEqual([]);
  });
});

describe('given several answers with sources', () => {
  it('adds no repeated landmarks (axe finds nothing)', async () => {
    const sources = [{ url: 'https://docs.example.test/a', title: 'A page' }];
    installFakeFetch(
      () => streamResponse(answerChunks({ text: ['First.'], sources, messageId: 'msg_1' })),
      () => streamResponse(answerChunks({ text: ['Second.'], sources, messageId: 'msg_2' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const dialog = await ask('One');
    await within(dialog).findByText('First.');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    await ask('Two');
    await within(dialog).findByText('Second.');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    expect(within(dialog).getAllByRole('list', { name: 'Sources' })).toHaveLength(2);
    expect(await violations()).toEqual([]);
  });
});

describe('given a shadow root, as the script tag mounts it', () => {
  it('renders, answers and closes on Escape entirely inside the shadow root', async () => {
    installFakeFetch(() => streamResponse(answerChunks({ text: ['Shadow answer.'] })));
    const host = document.createElement('div');
    document.body.append(host);
    const shadowRoot = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadowRoot.append(container);
    const ref = createRef<DocsAssistantHandle>();
    render(<DocsAssistant ref={ref} domain="acme" baseUrl={baseUrl} fingerprint={false} launcher={false} />, { container });

    ref.current?.ask('From the shadow');
    await waitFor(() => expect(shadowRoot.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = shadowRoot.querySelector('[role="dialog"]') as HTMLElement;
    await within(dialog).findByText('Shadow answer.');
    expect(document.body.querySelector(':scope > [role="dialog"]')).toBeNull();

    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(shadowRoot.querySelector('[role="dialog"]')).toBeNull());
  });
});

describe('given the icon-only buttons of an answer and the dialog', () => {
  it('gives each a tooltip that says what it does', async () => {
    installFakeFetch(() => streamResponse(answerChunks({ text: ['An answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl="https://api.example.test" fingerprint={false} />);
    const { dialog } = await openAndAsk('Tooltips?');
    await within(dialog).findByText('An answer.');
    const answer = dialog.querySelector('[data-role="assistant"]') as HTMLElement;
    await waitFor(() => expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeTruthy());
    expect(['Copy answer', 'Helpful', 'Not helpful'].map((name) => within(answer).getByRole('button', { name }).getAttribute('title'))).toEqual(['Copy answer', 'Helpful', 'Not helpful']);
    expect(within(dialog).getByRole('button', { name: 'Close' }).getAttribute('title')).toBe('Close');
  });
});
