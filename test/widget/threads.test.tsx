import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocsAssistant, type DocsAssistantEvent } from '../../src/index.ts';
import { answerChunks, installFakeFetch, jsonError, sentMessages, streamResponse } from './fakeServer.ts';
import { openAndAsk } from './readerActions.ts';

const baseUrl = 'https://api.example.test';
const storageKey = 'docs-assistant:thread:acme';

/** The answer is on screen and the stream has finished (finish chunk processed, conversation saved). */
async function answered(dialog: HTMLElement, text: string) {
  await within(dialog).findByText(text);
  await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
}

function stored(): { threadId: string | null; threadKey?: string; messages: { role: string }[] } {
  return JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as ReturnType<typeof stored>;
}

describe('given a server that returns a thread id', () => {
  it('keeps the thread id from the finish chunk and the messages in sessionStorage, and restores them on remount', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['Kept answer.'], threadId: 'thr_finish' })),
      () => streamResponse(answerChunks({ text: ['Follow-up answer.'], threadId: 'thr_finish', messageId: 'msg_2' })),
    );
    const first = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Remember me?');
    await answered(dialog, 'Kept answer.');

    expect(stored().threadId).toBe('thr_finish');
    expect(stored().messages.map((message) => message.role)).toEqual(['user', 'assistant']);

    // The reader moves to another page of the docs: a fresh mount finds the conversation.
    first.unmount();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog: restored } = await openAndAsk('And then?');
    expect(within(restored).getByText('Remember me?')).toBeTruthy();
    expect(within(restored).getByText('Kept answer.')).toBeTruthy();
    await answered(restored, 'Follow-up answer.');
    expect(requests[1]?.body.threadId).toBe('thr_finish');
    expect(sentMessages(requests[1]).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('accepts the thread id from message metadata', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['One.'], metadataThreadId: 'thr_meta' })),
      () => streamResponse(answerChunks({ text: ['Two.'], messageId: 'msg_2' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('First');
    await answered(dialog, 'One.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Second{Enter}');
    await answered(dialog, 'Two.');
    expect(requests[1]?.body.threadId).toBe('thr_meta');
  });

  it('takes X-Thread-Id and X-Thread-Key headers and sends the key back', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['One.'] }), { 'x-thread-id': 'thr_header', 'x-thread-key': 'key_secret' }),
      () => streamResponse(answerChunks({ text: ['Two.'], messageId: 'msg_2' }), { 'x-thread-id': 'thr_header' }),
      () => streamResponse(answerChunks({ text: ['Three.'], messageId: 'msg_3' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('First');
    await answered(dialog, 'One.');
    expect(stored()).toMatchObject({ threadId: 'thr_header', threadKey: 'key_secret' });

    const input = within(dialog).getByRole('textbox', { name: 'Your question' });
    await user.type(input, 'Second{Enter}');
    await answered(dialog, 'Two.');
    await user.type(input, 'Third{Enter}');
    await answered(dialog, 'Three.');

    expect(requests[1]?.body).toMatchObject({ threadId: 'thr_header', threadKey: 'key_secret' });
    expect(requests[2]?.body).toMatchObject({ threadId: 'thr_header', threadKey: 'key_secret' });
  });

  it('drops a stored thread the server no longer knows and resends once without it, silently', async () => {
    sessionStorage.setItem(storageKey, JSON.stringify({ threadId: 'thr_expired', threadKey: 'old_key', messages: [] }));
    const { requests } = installFakeFetch(
      () => jsonError(404, 'threadId: not found'),
      () => streamResponse(answerChunks({ text: ['Fresh answer.'], threadId: 'thr_new' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Still there?');

    await answered(dialog, 'Fresh answer.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body).toMatchObject({ threadId: 'thr_expired', threadKey: 'old_key' });
    expect(requests[1]?.body.threadId).toBeNull();
    expect(requests[1]?.body).not.toHaveProperty('threadKey');
    expect(stored().threadId).toBe('thr_new');
  });

  it('shows the not-found message when the resend fails too', async () => {
    sessionStorage.setItem(storageKey, JSON.stringify({ threadId: 'thr_expired', messages: [] }));
    const { requests } = installFakeFetch(() => jsonError(404, 'domain: not found'));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Anyone?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The assistant could not be found for this site. Check its domain.');
    expect(requests).toHaveLength(2);
  });

  it('forgets the thread and the messages on New conversation', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['Old answer.'], threadId: 'thr_old' })),
      () => streamResponse(answerChunks({ text: ['New answer.'], threadId: 'thr_fresh', messageId: 'msg_2' })),
    );
    const onEvent = vi.fn<(event: DocsAssistantEvent) => void>();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} onEvent={onEvent} />);
    const { user, dialog } = await openAndAsk('Old question');
    await answered(dialog, 'Old answer.');

    await user.click(within(dialog).getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(within(dialog).queryByText('Old answer.')).toBeNull());
    // The thread id is forgotten a render after the messages: storage is cleared once both are.
    await waitFor(() => expect(sessionStorage.getItem(storageKey)).toBeNull());
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'newConversation' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'New question{Enter}');
    await answered(dialog, 'New answer.');
    expect(requests[1]?.body.threadId).toBeNull();
    expect(sentMessages(requests[1])).toEqual([{ role: 'user', text: 'New question' }]);
  });
});

describe('given storage that throws (sandboxed iframe, privacy mode)', () => {
  it('keeps the conversation in memory and still answers', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['Memory answer.'], threadId: 'thr_memory' })),
      () => streamResponse(answerChunks({ text: ['Second memory answer.'], messageId: 'msg_2' })),
    );
    const first = render(<DocsAssistant domain="sandboxed" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Works without storage?');
    await answered(dialog, 'Memory answer.');

    first.unmount();
    render(<DocsAssistant domain="sandboxed" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog: again } = await openAndAsk('Still?');
    expect(within(again).getByText('Memory answer.')).toBeTruthy();
    await answered(again, 'Second memory answer.');
    expect(requests[1]?.body.threadId).toBe('thr_memory');
  });
});
