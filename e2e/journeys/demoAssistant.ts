// Page object of the demo's pages with the widget: the embed specs' `EmbeddedAssistant` (roles and
// accessible names) plus what a reader does on a real docs site: visit pages, stop, retry, start over.
import type { Locator, Page, Response } from '@playwright/test';
import { threadStorageKey } from '../../src/chat/threadStorage.ts';
import { EmbeddedAssistant, text } from '../fixtures/assistantPage.ts';
import type { Demo } from './demoTest.ts';

export { text };

export class DemoAssistant extends EmbeddedAssistant {
  readonly demo: Demo;

  constructor(page: Page, demo: Demo) {
    super(page, { api: demo.url, pages: demo.url, holdNextAnswer: () => demo.answers.holdNext() });
    this.demo = demo;
  }

  /** Opens a demo page by its route (`/theming`, `/demo/react/` ...) and waits for the launcher. */
  async visit(route: string): Promise<void> {
    await this.page.goto(`${this.demo.url}${route}`);
    await this.launcher.waitFor();
  }

  get stopButton(): Locator {
    return this.dialog.getByRole('button', { name: text.stop, exact: true });
  }

  get retryButton(): Locator {
    return this.dialog.getByRole('button', { name: text.retry, exact: true });
  }

  get newConversationButton(): Locator {
    return this.dialog.getByRole('button', { name: text.newConversation, exact: true });
  }

  get sendButton(): Locator {
    return this.dialog.getByRole('button', { name: text.send, exact: true });
  }

  /** The text of an answer, without its sources and actions. */
  answerText(answer: Locator): Locator {
    return answer.locator('.da-markdown');
  }

  /** The error the dialog shows (its announced sentence). */
  get alert(): Locator {
    return this.dialog.getByRole('alert');
  }

  /** The thread the widget keeps in sessionStorage for this page's domain (null when none). */
  async storedThread(): Promise<{ threadId: string | null; messages: unknown[] } | null> {
    const raw = await this.page.evaluate((key) => sessionStorage.getItem(key), threadStorageKey(this.demo.server.domain));
    return raw === null ? null : JSON.parse(raw);
  }
}

/** The thread id an answer's `finish` chunk carried. */
export async function threadIdOf(response: Response | null): Promise<string> {
  const match = /"type":"finish"[^\n]*"threadId":"([^"]+)"/.exec((await response?.text()) ?? '');
  if (!match?.[1]) throw new Error('the answer stream carried no threadId in its finish chunk');
  return match[1];
}
