import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { userEvent } from '@testing-library/user-event';
import type { UIMessageChunk } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { DocsAssistant, type DocsAssistantEvent, type DocsAssistantHandle } from '../../src/index.ts';
import { answerChunks, heldStream, installFakeFetch, jsonError, sentMessages, streamResponse, type RecordedRequest } from './fakeServer.ts';

const baseUrl = 'https://api.example.test';

async function openAndAsk(question: string) {
  const user = userEvent.setup();
  render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
  await user.click(screen.getByRole('button', { name: /ask ai/i }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  return { user, dialog };
}

function userMessagesSent(request: RecordedRequest | undefined): string[] {
  return sentMessages(request).filter((message) => message.role === 'user').map((message) => message.text);
}

const partialAnswer: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg_partial' },
  { type: 'text-start', id: 'text_1' },
  { type: 'text-delta', id: 'text_1', delta: 'The first half of the answer' },
];

describe('given a request the server refuses', () => {
  it.each([
    [401, 'The assistant is not authorized on this site. Check its API key.'],
    [403, 'The assistant is not authorized on this site. Check its API key.'],
    [404, 'The assistant could not be found for this site. Check its domain.'],
    [500, 'The assistant had a problem answering. Please retry.'],
    [503, 'The assistant had a problem answering. Please retry.'],
  ])('shows a readable message for HTTP %i and keeps the question', async (status, message) => {
    const { requests } = installFakeFetch(() => jsonError(status, 'refused'));
    const { dialog } = await openAndAsk('What is Hono?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(within(dialog).getByText('What is Hono?')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(dialog.getAttribute('data-status')).toBe('error');
  });

  it('retries the same question after a server error and shows the answer', async () => {
    const { requests } = installFakeFetch(
      () => jsonError(500, 'boom'),
      () => streamResponse(answerChunks({ text: ['Second time lucky.'] })),
    );
    const { user, dialog } = await openAndAsk('Try again?');
    await within(dialog).findByRole('alert');

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    await within(dialog).findByText('Second time lucky.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(userMessagesSent(requests[1])).toEqual(['Try again?']);
    expect(within(dialog).getAllByText('Try again?')).toHaveLength(1);
  });

  // A real two-second countdown and two waits of up to 3 s each: more than the default 5 s test limit allows.
  it('counts down a 429 Retry-After and allows Retry when it is over', { timeout: 15_000 }, async () => {
    installFakeFetch(
      () => jsonError(429, 'slow down', { 'retry-after': '2' }),
      () => streamResponse(answerChunks({ text: ['Worth the wait.'] })),
    );
    const { user, dialog } = await openAndAsk('Too fast?');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many questions right now. You can retry in 2 s.');
    const retry = within(dialog).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveProperty('disabled', true);
    await within(dialog).findByText('Too many questions right now. You can retry in 1 s.', {}, { timeout: 3000 });
    await waitFor(() => expect(retry).toHaveProperty('disabled', false), { timeout: 3000 });
    // Once the countdown is over the banner says so (announced as a status), not "please wait".
    expect(within(dialog).getAllByRole('status').map((status) => status.textContent)).toContain('You can ask again now: press Retry.');

    await user.click(retry);
    await within(dialog).findByText('Worth the wait.');
  });
});

describe('given a question longer than the server takes', () => {
  it('says so without sending it, keeps it in the box to shorten, then sends the shorter one', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Short and sweet.'] })));
    const user = userEvent.setup();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    await user.click(screen.getByRole('button', { name: /ask ai/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    const box = within(dialog).getByRole('textbox', { name: 'Your question' });
    const pastedLog = `Why does this fail?\n${'GET /api/posts 500 Internal Server Error\n'.repeat(200)}`;
    await user.click(box);
    await user.paste(pastedLog);
    await user.keyboard('{Enter}');

    // The server would answer 400, which read as its own failure, and Retry sent the same question again.
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your question is over 8,000 characters: shorten it to send it.');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(box).toHaveProperty('value', pastedLog);
    expect(requests).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Why does GET /api/posts fail with a 500?{Enter}');
    await within(dialog).findByText('Short and sweet.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(userMessagesSent(requests[0])).toEqual(['Why does GET /api/posts fail with a 500?']);
  });

  it('asked through the ref, says so, puts the question in the box to shorten, and tells the page by an error event', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Short and sweet.'] })));
    const ref = createRef<DocsAssistantHandle>();
    const onEvent = vi.fn<(event: DocsAssistantEvent) => void>();
    render(<DocsAssistant ref={ref} domain="acme" baseUrl={baseUrl} fingerprint={false} onEvent={onEvent} />);
    const pastedLog = `Why does this fail?\n${'GET /api/posts 500 Internal Server Error\n'.repeat(200)}`;
    act(() => ref.current?.ask(pastedLog));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your question is over 8,000 characters: shorten it to send it.');
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveProperty('value', pastedLog);
    expect(onEvent).toHaveBeenCalledWith({ type: 'error', message: 'Your question is over 8,000 characters: shorten it to send it.', threadId: null });
    expect(requests).toHaveLength(0);
  });
});

describe('given a connection that fails', () => {
  it('says the reader is offline when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { dialog } = await openAndAsk('Offline?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You are offline. Reconnect, then retry.');
  });

  it('says the assistant could not be reached when fetch fails, and Retry works', async () => {
    const { requests } = installFakeFetch(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => streamResponse(answerChunks({ text: ['Reached.'] })),
    );
    const { user, dialog } = await openAndAsk('Reachable?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The assistant could not be reached. Check your connection and retry.');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText('Reached.');
    expect(userMessagesSent(requests[1])).toEqual(['Reachable?']);
  });

  it.each(['close', 'error'] as const)('keeps the partial answer and says it was cut off when the stream ends early (%s)', async (how) => {
    const held = heldStream(partialAnswer);
    const { requests } = installFakeFetch(
      () => held.response,
      () => streamResponse(answerChunks({ text: ['The whole answer.'] })),
    );
    const { user, dialog } = await openAndAsk('Long question');
    await within(dialog).findByText('The first half of the answer');

    held.end(how);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The answer was cut off. Retry to get the full answer.');
    expect(within(dialog).getByText('The first half of the answer')).toBeTruthy();
    expect(within(dialog).getByText('Long question')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText('The whole answer.');
    expect(within(dialog).queryByText('The first half of the answer')).toBeNull();
    expect(userMessagesSent(requests[1])).toEqual(['Long question']);
  });

  it('shows the server message for an error chunk after the answer started', async () => {
    installFakeFetch(() => streamResponse([...partialAnswer, { type: 'error', errorText: 'model failed' }]));
    const { dialog } = await openAndAsk('Fails midway?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The assistant had a problem answering. Please retry.');
    expect(within(dialog).getByText('The first half of the answer')).toBeTruthy();
  });
});

describe('given an answer that is streaming', () => {
  it('stops on Stop and keeps the partial answer without an error', async () => {
    const held = heldStream(partialAnswer);
    installFakeFetch(() => held.response);
    const { user, dialog } = await openAndAsk('Stop me');
    await within(dialog).findByText('The first half of the answer');
    expect(dialog.getAttribute('data-status')).toBe('streaming');
    expect(dialog.querySelector('[aria-busy="true"]')).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    expect(within(dialog).getByText('The first half of the answer')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(dialog.querySelector('[aria-busy="true"]')).toBeNull();
    held.end('finish');
  });
});
