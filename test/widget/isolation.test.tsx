import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';
import { answerChunks, installFakeFetch, streamResponse } from './fakeServer.ts';

const baseUrl = 'https://api.example.test';

/** A host page with its own landmarks and a button, and an empty element for the widget. */
function hostPage() {
  document.body.innerHTML = '<header>Site</header><main><h1>Docs</h1><button type="button">Page button</button></main><div id="widget"></div>';
  return document.getElementById('widget') as HTMLElement;
}

/** Every DOM change outside `root` (which the widget owns) from now on; `stop` returns them. */
function watchOutside(root: () => Element | null) {
  const changes: MutationRecord[] = [];
  // Records are read after the fact: a node of the dialog changed while open and removed with it on close is no
  // longer in the document by then (its removal is recorded inside the root); the page's own nodes still are.
  const keep = (records: MutationRecord[]) => changes.push(...records.filter((record) => record.target.isConnected && !root()?.contains(record.target)));
  const observer = new MutationObserver(keep);
  observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true, characterData: true });
  return () => {
    keep(observer.takeRecords());
    observer.disconnect();
    return changes.map((record) => `${record.type} ${(record.target as Element).tagName ?? record.target.nodeName} ${record.attributeName ?? ''}`);
  };
}

describe('given the component on a page', () => {
  it('opens a modal dialog, answers and closes without changing anything outside its root', async () => {
    // With an image from the docs' origin: nothing may preload it from <head>.
    installFakeFetch(() => streamResponse(answerChunks({ text: ['An answer. ![Deploy diagram](https://api.example.test/deploy.png)'] })));
    const container = hostPage();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} />, { container });
    const widgetRoot = () => container.querySelector(':scope > .da-root');
    const stop = watchOutside(widgetRoot);
    const user = userEvent.setup();

    const launcher = screen.getByRole('button', { name: 'Ask AI' });
    await user.click(launcher);
    const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);
    // The page stays available to assistive technology: aria-modal says what is modal.
    expect([...document.querySelectorAll('[aria-hidden], [inert]')].filter((element) => !widgetRoot()?.contains(element))).toEqual([]);
    expect(document.body.style.pointerEvents).toBe('');

    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Hello?{Enter}');
    await within(dialog).findByRole('img', { name: 'Deploy diagram' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(launcher));

    expect(stop()).toEqual([]);
  });

  it('keeps Tab and Shift+Tab inside the dialog, never on the page behind it', async () => {
    hostPage();
    render(<DocsAssistant domain="acme" baseUrl={baseUrl} fingerprint={false} defaultOpen starterQuestions={['How do I start?']} />, {
      container: document.getElementById('widget') as HTMLElement,
    });
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Your question' })));

    const visited = new Set<Element>();
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
      visited.add(document.activeElement as Element);
    }
    // Round and round: every control of the dialog came up, the page's button never did.
    expect(visited.size).toBeGreaterThan(1);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Page button' }));
  });
});
