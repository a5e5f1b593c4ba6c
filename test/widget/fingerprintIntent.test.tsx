import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';

// The module edge: FingerprintJS itself is replaced; the widget's scheduling of it is real. Idle
// callbacks are queued by hand, so the test decides when the browser is "idle".
const fingerprintJs = vi.hoisted(() => ({
  sources: {},
  prepareForSources: async () => {},
  loadSources: vi.fn<() => () => Promise<Record<string, unknown>>>(() => async () => ({})),
  hashComponents: () => 'visitor_abc',
}));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: fingerprintJs, ...fingerprintJs }));

// jsdom has no requestIdleCallback; this file's window gets one that only queues (kept through the
// unmount after the test, which cancels).
const idleTasks: (() => void)[] = [];
Object.assign(window, { requestIdleCallback: (task: () => void) => idleTasks.push(task), cancelIdleCallback: () => {} });
const runIdleTasks = () => idleTasks.splice(0).forEach((task) => task());

afterEach(() => {
  idleTasks.length = 0;
});

describe('given a page with the assistant closed', () => {
  it('never computes the fingerprint until the reader opens the assistant, then does so when idle', async () => {
    render(<DocsAssistant domain="acme" baseUrl="https://api.example.test" />);
    runIdleTasks();
    expect(fingerprintJs.loadSources).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: /Ask AI/ }));
    await screen.findByRole('dialog');
    expect(idleTasks.length).toBeGreaterThan(0);
    runIdleTasks();
    await waitFor(() => expect(fingerprintJs.loadSources).toHaveBeenCalledTimes(1));
  });
});
