import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode, createRef, useState } from 'react';
import type { UIMessageChunk } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { DocsAssistant, type DocsAssistantEvent, type DocsAssistantHandle } from '../../src/index.ts';
import { answerChunks, heldStream, installFakeFetch, installFakeFetchWithConfig, sentMessages, streamResponse } from './fakeServer.ts';

const baseUrl = 'https://api.example.test';

function widgetRoot(): HTMLElement {
  return document.querySelector('.da-root') as HTMLElement;
}

describe('given an apiKey that is not a public assistant key', () => {
  it('never sends it, shows a configuration error and logs why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock } = installFakeFetch(() => streamResponse(answerChunks()));
    render(<DocsAssistant domain="acme" apiKey="mint_admin_secret" baseUrl={baseUrl} fingerprint={false} defaultOpen />);

    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(within(dialog).getByRole('alert').textContent).toBe('The assistant is misconfigured on this site, so questions cannot be sent.');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('_dsc_'));

    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Leak the key?{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveProperty('value', 'Leak the key?');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(widgetRoot().dataset.status).toBe('error');
  });
});

describe('given translations', () => {
  it('shows every overridden string', async () => {
    installFakeFetch(() => new Response('nope', { status: 500 }));
    render(
      <DocsAssistant
        domain="acme"
        baseUrl={baseUrl}
        fingerprint={false}
        translations={{ launcherLabel: 'Frag die Doku', dialogTitle: 'Doku fragen', composerLabel: 'Deine Frage', send: 'Senden', errorServer: 'Serverfehler.', retry: 'Nochmal' }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Frag die Doku/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Doku fragen' });
    expect(within(dialog).getByRole('button', { name: 'Senden' })).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Deine Frage' }), 'Warum?{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Serverfehler.');
    expect(within(dialog).getByRole('button', { name: 'Nochmal' })).toBeTruthy();
  });
});

describe('given the keyboard', () => {
  it('opens on Ctrl+I, closes on Escape and gives focus back', async () => {
    document.body.innerHTML = '<button id="host">Host</button>';
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const host = document.getElementById('host') as HTMLButtonElement;
    host.focus();
    const user = userEvent.setup();

    await user.keyboard('{Control>}i{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Your question' }));
    expect(widgetRoot().dataset.state).toBe('open');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(widgetRoot().dataset.state).toBe('closed');
    expect(document.activeElement).toBe(host);
  });

  it('leaves the shortcut alone when the page already handled it', async () => {
    document.body.innerHTML = '<div id="editor" tabindex="0">Editor</div>';
    const editor = document.getElementById('editor') as HTMLElement;
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'i' && event.ctrlKey) event.preventDefault();
    });
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    editor.focus();
    await userEvent.setup().keyboard('{Control>}i{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses a configured shortcut and none when it is turned off', async () => {
    const { unmount } = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} shortcut="mod+k" />);
    const user = userEvent.setup();
    await user.keyboard('{Control>}i{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    unmount();

    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} shortcut={false} />);
    await user.keyboard('{Control>}i{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends with Enter and adds a line with Shift+Enter', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Done.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const user = userEvent.setup();
    const input = within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Your question' });
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(requests).toHaveLength(0);
    await user.keyboard('{Enter}');
    await screen.findByText('Done.');
    expect(sentMessages(requests[0])).toEqual([{ role: 'user', text: 'Line one\nLine two' }]);
    expect(input).toHaveProperty('value', '');
  });
});

describe('given an answer streaming to a screen reader user', () => {
  it('marks the conversation busy and announces the finished answer once, politely', async () => {
    const held = heldStream([
      { type: 'start', messageId: 'msg_1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Streaming `words`\n\n- **one**\n- two' },
      { type: 'text-end', id: 't' },
    ]);
    installFakeFetch(() => held.response);
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Read it to me{Enter}');
    await within(dialog).findByText('words');

    const liveRegion = dialog.querySelector('output[aria-live="polite"]') as HTMLElement;
    expect(dialog.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(widgetRoot().dataset.status).toBe('streaming');
    expect(liveRegion.textContent).toBe('');

    held.end('finish');
    // Read from the rendered answer: no backticks or asterisks, list items as separate phrases.
    await waitFor(() => expect(liveRegion.textContent).toBe('Answer ready. Streaming words one two'));
    expect(dialog.querySelector('[aria-busy="true"]')).toBeNull();
    expect(widgetRoot().dataset.status).toBe('ready');
  });
});

describe('given a host that listens to events and drives the widget', () => {
  it('emits question, answer and feedback events with the thread id', async () => {
    installFakeFetch(() => streamResponse(answerChunks({ text: ['Use app.get().'], threadId: 'thr_1' })));
    const onEvent = vi.fn<(event: DocsAssistantEvent) => void>();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} onEvent={onEvent} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ask ai/i }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'How to route?{Enter}');
    await waitFor(() => expect(dialog.getAttribute('data-status')).toBe('ready'));

    const helpful = within(dialog).getByRole('button', { name: 'Helpful' });
    await user.click(helpful);
    expect(helpful.getAttribute('aria-pressed')).toBe('true');

    const types = onEvent.mock.calls.map(([event]) => (event as { type: string }).type);
    expect(types).toEqual(['open', 'question', 'answer', 'feedback']);
    expect(onEvent).toHaveBeenCalledWith({ type: 'answer', answer: 'Use app.get().', question: 'How to route?', messageId: 'msg_answer', threadId: 'thr_1' });
    expect(onEvent).toHaveBeenCalledWith({ type: 'feedback', rating: 'up', answer: 'Use app.get().', question: 'How to route?', messageId: 'msg_answer', threadId: 'thr_1' });
  });

  it('exposes open, ask, close and newConversation on its ref', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Ref answer.'] })));
    const ref = createRef<DocsAssistantHandle>();
    render(<DocsAssistant ref={ref} domain="acme" baseUrl={baseUrl} fingerprint={false} launcher={false} />);
    expect(screen.queryByRole('button', { name: /ask ai/i })).toBeNull();

    act(() => ref.current?.ask('Asked through the ref'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ref answer.');
    expect(sentMessages(requests[0])).toEqual([{ role: 'user', text: 'Asked through the ref' }]);

    act(() => ref.current?.newConversation());
    await waitFor(() => expect(within(dialog).queryByText('Ref answer.')).toBeNull());
    act(() => ref.current?.close());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => ref.current?.open());
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('follows a controlled open prop and portals into the given container', async () => {
    const container = document.createElement('div');
    container.id = 'portal-target';
    document.body.append(container);
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open from host
          </button>
          <DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} launcher={false} open={open} onOpenChange={setOpen} container={container} />
        </>
      );
    }
    render(<Host />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open from host' }));
    const dialog = await screen.findByRole('dialog');
    expect(container.contains(dialog)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks a starter question with one click', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Starter answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen starterQuestions={['How do I deploy?', 'What is middleware?']} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'What is middleware?' }));
    await within(dialog).findByText('Starter answer.');
    expect(sentMessages(requests[0])).toEqual([{ role: 'user', text: 'What is middleware?' }]);
  });
});

describe('given the widget is unmounted (the script tag\'s destroy())', () => {
  it('removes every listener it added to the page', async () => {
    document.body.innerHTML = '<pre><code>code</code></pre>';
    const added: string[] = [];
    const removed: string[] = [];
    for (const target of [window, document]) {
      const name = target === window ? 'window' : 'document';
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        added.push(`${name}:${type}`);
        add(type, listener, options);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        removed.push(`${name}:${type}`);
        remove(type, listener, options);
      });
    }
    const { unmount } = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    await userEvent.setup().hover(document.querySelector('pre') as HTMLElement);
    await screen.findByRole('button', { name: 'Ask AI about this code' });
    const ours = ['window:keydown', 'document:pointerover', 'document:focusin', 'document:focusout'];
    expect(added).toEqual(expect.arrayContaining(ours));

    unmount();

    for (const type of ours) {
      expect(removed.filter((entry) => entry === type)).toHaveLength(added.filter((entry) => entry === type).length);
    }
  });
});

describe('given React StrictMode (effects run twice in development)', () => {
  it('asks once, answers, and the shortcut toggles once per press', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Strict answer.'] })));
    render(
      <StrictMode>
        <DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />
      </StrictMode>,
    );
    const user = userEvent.setup();
    await user.keyboard('{Control>}i{/Control}');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Strict?{Enter}');
    await within(dialog).findByText('Strict answer.');
    expect(requests).toHaveLength(1);
    await user.keyboard('{Control>}i{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('given a server with site instructions (assistant.md)', () => {
  it('shows its starter questions and names the site when the dialog opens, sending the public key', async () => {
    const { configRequests, requests } = installFakeFetchWithConfig(
      { siteName: 'Acme Relay', starterQuestions: ['How do I install the relay?', 'How do I change the port?'] },
      () => streamResponse(answerChunks({ text: ['Install it with npm.'] })),
    );
    render(<DocsAssistant domain="acme" apiKey="acme_dsc_public" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ask anything about Acme Relay.');
    expect(configRequests).toEqual([{ url: `${baseUrl}/discovery/v2/assistant/acme/config`, headers: { authorization: 'Bearer acme_dsc_public' }, body: {} }]);

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'How do I install the relay?' }));
    await within(dialog).findByText('Install it with npm.');
    expect(sentMessages(requests[0])).toEqual([{ role: 'user', text: 'How do I install the relay?' }]);
  });

  it('keeps the starterQuestions option over the server\'s, and asks the server nothing', async () => {
    const { configRequests } = installFakeFetchWithConfig({ siteName: 'Acme Relay', starterQuestions: ['Server question?'] });
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen starterQuestions={['Option question?']} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Option question?' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Server question?' })).toBeNull();
    expect(configRequests).toEqual([]);
  });

  it('never sends a key that is not a public one to the config route either', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock } = installFakeFetchWithConfig({ siteName: 'Acme Relay', starterQuestions: [] });
    render(<DocsAssistant domain="acme" apiKey="mint_admin_secret" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('given an answer with sources on this site and on another', () => {
  it('opens another site in a new tab, and reopens the assistant with its thread on the page a same-site source leads to', async () => {
    installFakeFetch(() =>
      streamResponse(
        answerChunks({
          text: ['See the guide.'],
          sources: [
            { url: `${location.origin}/guides/setup#install`, title: 'Setup › Install' },
            { url: 'https://elsewhere.example/page', title: 'Elsewhere' },
          ],
          metadataThreadId: 'thread-1',
        }),
      ),
    );
    const { unmount } = render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'How do I install it?{Enter}');
    const elsewhere = await within(dialog).findByRole('link', { name: 'Elsewhere' });
    expect(elsewhere.getAttribute('target')).toBe('_blank');
    expect(elsewhere.getAttribute('rel')).toBe('noopener noreferrer');

    const here = within(dialog).getByRole('link', { name: 'Setup › Install' });
    expect(here.getAttribute('target')).toBeNull();
    // jsdom does not navigate; the click is what the next page reads.
    here.addEventListener('click', (event) => event.preventDefault());
    await user.click(here);
    unmount();

    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />);
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByText('How do I install it?')).toBeTruthy();
  });
});

/** A search route result on the Auth page. */
const authResult = (title: string, url: string) => ({ content: 'x', path: '/auth', metadata: { title, headingPath: ['Auth'], url, score: 0.4 } });

describe('given an answer the docs do not cover (finish metadata notFound)', () => {
  it('sets it apart and offers a keyword search of the docs for the question, with the public key, leaving out the pages it offers', async () => {
    const { requests } = installFakeFetch(
      () =>
        streamResponse([
          ...answerChunks({ text: ['I could not find this in the docs. These pages are the closest:\n\n- [Auth › Tokens](/auth#tokens)\n'] }).slice(0, -1),
          { type: 'finish', finishReason: 'stop', messageMetadata: { threadId: 'thread-1', notFound: true } } as UIMessageChunk,
        ]),
      // The search finds the offered page again (absolute here, root-relative in the answer): it is not shown twice.
      () => Response.json([authResult('Auth › Tokens', `${location.origin}/auth#tokens`), authResult('Auth › Single sign-on', `${location.origin}/auth#sso`)]),
    );
    render(<DocsAssistant domain="acme" apiKey="acme_dsc_public" baseUrl={baseUrl} fingerprint={false} defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'How do I set up SAML?{Enter}');
    const search = await within(dialog).findByRole('button', { name: 'Search the docs for this' });
    expect(search.closest('[data-role="assistant"]')?.hasAttribute('data-not-found')).toBe(true);
    await user.click(search);
    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Auth › Single sign-on', `${location.origin}/auth#sso`]]);
    expect(within(dialog).getByRole('heading', { name: 'Search results' })).toBeTruthy();
    expect(requests[1]).toEqual({ url: `${baseUrl}/discovery/v1/search/acme`, headers: { authorization: 'Bearer acme_dsc_public', 'content-type': 'application/json' }, body: { query: 'How do I set up SAML?', pageSize: 10, scoreThreshold: 0.1 } });
  });
});
