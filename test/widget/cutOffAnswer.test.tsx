import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UIMessage, UIMessageChunk } from 'ai';
import axe from 'axe-core';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { threadStorageKey } from '../../src/chat/threadStorage.ts';
import { DocsAssistant, useDocsAssistant, type DocsAssistantController, type DocsAssistantEvent } from '../../src/index.ts';
import { answerChunks, heldStream, installFakeFetch, streamResponse } from './fakeServer.ts';
import { openAndAsk } from './readerActions.ts';

const baseUrl = 'https://api.example.test';

function lastAnswer(dialog: HTMLElement): HTMLElement {
  const answers = dialog.querySelectorAll<HTMLElement>('[data-role="assistant"]');
  const answer = answers[answers.length - 1];
  if (!answer) throw new Error('no answer in the dialog');
  return answer;
}

/** What the dialog's polite live regions say right now. */
function announced(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('[aria-live="polite"]')]
    .map((region) => region.textContent ?? '')
    .filter((text) => text !== '');
}

/** axe on the whole document; color contrast needs real layout and is checked in Chromium (e2e). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => violation.id);
}

function storedMessages(): UIMessage[] {
  const raw = sessionStorage.getItem(threadStorageKey('acme'));
  return raw === null ? [] : (JSON.parse(raw) as { messages: UIMessage[] }).messages;
}

const partialAnswer: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg_partial' },
  { type: 'text-start', id: 'text_1' },
  { type: 'text-delta', id: 'text_1', delta: 'The first half of the answer' },
];

describe('given an answer the reader stops', () => {
  it('says the answer was stopped, keeps Copy, offers no rating, and announces the stop once', async () => {
    const held = heldStream(partialAnswer);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('Stop me');
    await within(dialog).findByText('The first half of the answer');
    expect(within(lastAnswer(dialog)).queryByText('Answer stopped')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    const answer = lastAnswer(dialog);
    expect(within(answer).getByText('The first half of the answer')).toBeTruthy();
    expect(within(answer).getByText('Answer stopped')).toBeTruthy();
    expect(answer.getAttribute('data-cut-off')).toBe('stopped');
    expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(within(answer).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(within(answer).queryByRole('button', { name: 'Not helpful' })).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(announced(dialog)).toEqual(['Answer stopped']));
    held.end('finish');
  });

  it('copies the partial text', async () => {
    const held = heldStream(partialAnswer);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('Stop me');
    await within(dialog).findByText('The first half of the answer');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

    await user.click(await within(lastAnswer(dialog)).findByRole('button', { name: 'Copy answer' }));

    expect(await navigator.clipboard.readText()).toBe('The first half of the answer');
    held.end('finish');
  });

  it('gives a whole answer with its rating buttons and no notice on Retry', async () => {
    const held = heldStream(partialAnswer);
    installFakeFetch(
      () => held.response,
      () => streamResponse(answerChunks({ text: ['The whole answer.'], messageId: 'msg_whole' })),
    );
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('Stop me');
    await within(dialog).findByText('The first half of the answer');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await within(lastAnswer(dialog)).findByText('Answer stopped');

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    await within(dialog).findByText('The whole answer.');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));
    const answer = lastAnswer(dialog);
    expect(within(dialog).queryByText('Answer stopped')).toBeNull();
    expect(answer.hasAttribute('data-cut-off')).toBe(false);
    expect(within(answer).getByRole('button', { name: 'Helpful' })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: 'Not helpful' })).toBeTruthy();
    held.end('finish');
  });
});

describe('given an answer whose stream breaks', () => {
  it.each(['close', 'error'] as const)('says the answer was cut off, keeps Copy, offers no rating, and leaves the announcement to the alert (%s)', async (how) => {
    const held = heldStream(partialAnswer);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Long question');
    await within(dialog).findByText('The first half of the answer');

    held.end(how);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The answer was cut off. Retry to get the full answer.');
    const answer = lastAnswer(dialog);
    expect(within(answer).getByText('Answer cut off')).toBeTruthy();
    expect(answer.getAttribute('data-cut-off')).toBe('failed');
    expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(within(answer).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(within(answer).queryByRole('button', { name: 'Not helpful' })).toBeNull();
    expect(announced(dialog)).toEqual([]);
  });

  it('says the answer was cut off when the server sends an error chunk mid-answer', async () => {
    installFakeFetch(() => streamResponse([...partialAnswer, { type: 'error', errorText: 'model failed' }]));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Fails midway?');
    await within(dialog).findByRole('alert');
    expect(within(lastAnswer(dialog)).getByText('Answer cut off')).toBeTruthy();
    expect(within(lastAnswer(dialog)).queryByRole('button', { name: 'Helpful' })).toBeNull();
  });
});

describe('given an answer the model ended at its length limit', () => {
  it('says it was cut off and offers no rating, though the stream itself finished', async () => {
    const chunks = answerChunks({ text: ['A long answer that runs out'] }).map((chunk): UIMessageChunk => (chunk.type === 'finish' ? { type: 'finish', finishReason: 'length' } : chunk));
    installFakeFetch(() => streamResponse(chunks));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Tell me everything');
    await within(dialog).findByText('A long answer that runs out');

    await within(lastAnswer(dialog)).findByText('Answer cut off');
    expect(within(lastAnswer(dialog)).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(within(lastAnswer(dialog)).getByRole('button', { name: 'Copy answer' })).toBeTruthy();
  });
});

describe('given an answer that finishes', () => {
  it('shows Copy and both rating buttons and no notice', async () => {
    installFakeFetch(() => streamResponse(answerChunks({ text: ['A whole answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Complete?');
    await within(dialog).findByText('A whole answer.');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));

    const answer = lastAnswer(dialog);
    expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: 'Helpful' })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: 'Not helpful' })).toBeTruthy();
    expect(answer.hasAttribute('data-cut-off')).toBe(false);
    expect(within(dialog).queryByText(/Answer (stopped|cut off)/)).toBeNull();
  });
});

describe('given a conversation restored after a reload', () => {
  it('still shows which answers were stopped or cut off, quietly, and never sends the mark to the server', async () => {
    const stopped = heldStream(partialAnswer);
    const { requests } = installFakeFetch(
      () => stopped.response,
      () => streamResponse([...partialAnswer.map((chunk): UIMessageChunk => (chunk.type === 'start' ? { type: 'start', messageId: 'msg_broken' } : chunk)), { type: 'error', errorText: 'model failed' }]),
      () => streamResponse(answerChunks({ text: ['Third answer.'], messageId: 'msg_third' })),
    );
    const first = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('First question');
    await within(dialog).findByText('The first half of the answer');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await within(lastAnswer(dialog)).findByText('Answer stopped');
    stopped.end('finish');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Second question{Enter}');
    await within(dialog).findByRole('alert');
    await waitFor(() => expect(storedMessages().map((message) => (message.metadata as { cutOff?: string } | undefined)?.cutOff)).toEqual([undefined, 'stopped', undefined, 'failed']));

    first.unmount();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const user2 = userEvent.setup();
    await user2.click(screen.getByRole('button', { name: /ask ai/i }));
    const restored = await screen.findByRole('dialog', { name: 'Ask the docs' });

    const answers = restored.querySelectorAll<HTMLElement>('[data-role="assistant"]');
    expect([...answers].map((answer) => answer.getAttribute('data-cut-off'))).toEqual(['stopped', 'failed']);
    expect(within(answers[0]!).getByText('Answer stopped')).toBeTruthy();
    expect(within(answers[1]!).getByText('Answer cut off')).toBeTruthy();
    expect(within(restored).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(within(restored).getAllByRole('button', { name: 'Copy answer' })).toHaveLength(2);
    expect(announced(restored)).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user2.type(within(restored).getByRole('textbox', { name: 'Your question' }), 'Third question{Enter}');
    await within(restored).findByText('Third answer.');
    const sent = requests[2]?.body.messages as Record<string, unknown>[];
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(sent.filter((message) => 'metadata' in message)).toEqual([]);
  });
});

describe('given a conversation restored after a reload whose last answer was cut off', () => {
  it('offers Retry, which asks the question again and shows the whole answer', async () => {
    const { requests } = installFakeFetch(
      () => streamResponse([...partialAnswer, { type: 'error', errorText: 'model failed' }]),
      () => streamResponse(answerChunks({ text: ['The whole answer.'], messageId: 'msg_whole' })),
    );
    const first = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { dialog } = await openAndAsk('Break me');
    await within(dialog).findByRole('alert');
    await waitFor(() => expect(storedMessages().map((message) => (message.metadata as { cutOff?: string } | undefined)?.cutOff)).toEqual([undefined, 'failed']));

    first.unmount();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ask ai/i }));
    const restored = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(restored).queryByRole('alert')).toBeNull();
    await user.click(within(restored).getByRole('button', { name: 'Retry' }));

    await within(restored).findByText('The whole answer.');
    await waitFor(() => expect(restored.getAttribute('data-status')).toBe('ready'));
    expect(within(restored).queryByText('The first half of the answer')).toBeNull();
    expect(within(restored).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(lastAnswer(restored)).getByRole('button', { name: 'Helpful' })).toBeTruthy();
    const sent = requests[1]?.body.messages as Array<{ role: string }>;
    expect(sent.map((message) => message.role)).toEqual(['user']);
  });
});

describe('given a headless UI built on useDocsAssistant', () => {
  // The wait below allows 10 s on a loaded machine; the test's own limit (5 s by default) must allow it too.
  it('rates a whole answer but ignores a rating of a cut-off answer or a question', { timeout: 15_000 }, async () => {
    installFakeFetch(
      () => streamResponse([...partialAnswer, { type: 'error', errorText: 'model failed' }]),
      () => streamResponse(answerChunks({ text: ['The whole answer.'], messageId: 'msg_whole' })),
    );
    const events: DocsAssistantEvent[] = [];
    let controller: DocsAssistantController | undefined;
    function Headless({ onRender }: { onRender: (latest: DocsAssistantController) => void }) {
      const assistant = useDocsAssistant({ domain: 'acme', baseUrl, fingerprint: false, onEvent: (event) => events.push(event) });
      useEffect(() => {
        onRender(assistant);
      });
      return <p>{assistant.status}</p>;
    }
    render(<Headless onRender={(latest) => (controller = latest)} />);
    act(() => void controller!.ask('Break me'));
    // The controller a render hands out, not the text on the page: the page shows "error" before the effect that
    // passes on that render's controller has run, and the one before it is still busy, so it refuses a question.
    await waitFor(() => expect(controller!.status).toBe('error'));
    act(() => void controller!.ask('Again'));
    // A second answer after an error takes longer than waitFor's 1 s default on a loaded CI machine.
    await waitFor(() => expect(controller!.status).toBe('ready'), { timeout: 10_000 });

    const [question, cutOff, , whole] = controller!.messages;
    act(() => {
      controller!.rate(question!.id, 'up');
      controller!.rate(cutOff!.id, 'down');
      controller!.rate(whole!.id, 'up');
    });
    expect(events.filter((event) => event.type === 'feedback').map((event) => (event as { messageId: string }).messageId)).toEqual([whole!.id]);
    expect(controller!.feedback).toEqual({ [whole!.id]: 'up' });
  });
});

describe('given translations for the notices', () => {
  it('shows and announces the host strings', async () => {
    const held = heldStream(partialAnswer);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} translations={{ answerStopped: 'Antwort angehalten', answerCutOff: 'Antwort abgebrochen' }} />);
    const { user, dialog } = await openAndAsk('Halt');
    await within(dialog).findByText('The first half of the answer');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));

    expect(await within(lastAnswer(dialog)).findByText('Antwort angehalten')).toBeTruthy();
    await waitFor(() => expect(announced(dialog)).toEqual(['Antwort angehalten']));
    held.end('finish');
  });
});

describe('given the reader stops before the first words of an answer', () => {
  it('leaves no empty answer and says the answer was stopped beside Retry', async () => {
    const held = heldStream([]);
    installFakeFetch(() => held.response, () => streamResponse(answerChunks({ text: ['Now it answers.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('Anything?');
    await user.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    const retry = await within(dialog).findByRole('button', { name: 'Retry' });
    expect(retry.closest('.da-stopped')?.textContent).toBe('Answer stoppedRetry');
    expect(dialog.querySelectorAll('.da-markdown')).toHaveLength(0);
    await user.click(retry);
    await within(dialog).findByText('Now it answers.');
    expect(dialog.querySelector('.da-stopped')).toBeNull();
  });

  it('shows a started but empty answer as the stopped notice only, no blank block', async () => {
    const held = heldStream([{ type: 'start', messageId: 'msg_empty' }]);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const { user, dialog } = await openAndAsk('Anything?');
    await waitFor(() => expect(dialog.querySelector('[data-role="assistant"]')).not.toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(lastAnswer(dialog).dataset.cutOff).toBe('stopped'));
    expect(lastAnswer(dialog).querySelector('.da-markdown')).toBeNull();
    expect(lastAnswer(dialog).textContent).toBe('Answer stopped');
  });
});
