import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';
import { answerChunks, installFakeFetch, jsonError, sentMessages, streamResponse } from './fakeServer.ts';

const baseUrl = 'https://api.example.test';

async function askQuestion(question: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /ask ai/i }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  return { user, dialog };
}

describe('given a docs site with the assistant', () => {
  it('streams the answer with its sources and sends the exact request body', async () => {
    const { requests } = installFakeFetch(() =>
      streamResponse(
        answerChunks({
          text: ['Install the CLI, ', 'then run `mint dev`.'],
          sources: [
            { url: 'https://docs.example.test/quickstart', title: 'Quickstart' },
            { url: 'https://docs.example.test/api/auth', title: 'Authentication' },
          ],
          threadId: 'thr_123',
        }),
      ),
    );
    render(<DocsAssistant domain="acme" apiKey="mint_dsc_public" baseUrl={baseUrl} fingerprint={false} getCurrentPath={() => '/guides/setup'} />);

    const { dialog } = await askQuestion('How do I start?');

    const conversation = within(dialog).getByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText(/Install the CLI, then run/)).toBeTruthy();
    expect(within(conversation).getByText('mint dev').tagName).toBe('CODE');
    const sources = within(dialog).getByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: 'Quickstart' }).getAttribute('href')).toBe('https://docs.example.test/quickstart');
    expect(within(sources).getByRole('link', { name: 'Authentication' })).toBeTruthy();

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('https://api.example.test/discovery/v2/assistant/acme/message');
    expect(request?.headers.authorization).toBe('Bearer mint_dsc_public');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      fp: 'anonymous',
      messages: [{ id: expect.any(String), role: 'user', parts: [{ type: 'text', text: 'How do I start?' }] }],
      threadId: null,
      retrievalPageSize: 5,
      filter: null,
      currentPath: '/guides/setup',
    });
  });

  it('sends the captured threadId and the whole history with the next question', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse(answerChunks({ text: ['First answer.'], threadId: 'thr_123', messageId: 'msg_1' })),
      () => streamResponse(answerChunks({ text: ['Second answer.'], threadId: 'thr_123', messageId: 'msg_2' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} retrievalPageSize={8} filter={{ version: 'v2' }} />);

    const { user, dialog } = await askQuestion('First?');
    await within(dialog).findByText('First answer.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Second?{Enter}');
    await within(dialog).findByText('Second answer.');

    expect(requests[1]?.headers.authorization).toBeUndefined();
    expect(requests[1]?.body).toMatchObject({ threadId: 'thr_123', retrievalPageSize: 8, filter: { version: 'v2' } });
    expect(sentMessages(requests[1])).toEqual([
      { role: 'user', text: 'First?' },
      { role: 'assistant', text: 'First answer.' },
      { role: 'user', text: 'Second?' },
    ]);
  });

  it('shows a readable error and keeps the question when the server fails', async () => {
    installFakeFetch(() => jsonError(500, 'boom'));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await askQuestion('Why?');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The assistant had a problem answering. Please retry.');
    expect(within(dialog).getByText('Why?')).toBeTruthy();
  });
});
