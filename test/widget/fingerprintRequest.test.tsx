import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';
import { answerChunks, installFakeFetch, streamResponse } from './fakeServer.ts';

// The module edge: FingerprintJS itself is replaced, the widget's loading and waiting are real.
const fingerprintJs = vi.hoisted(() => ({
  sources: {},
  prepareForSources: async () => {},
  loadSources: () => async () => ({}),
  hashComponents: () => 'visitor_abc',
  // FingerprintJS's load() runs every source (some add an iframe to the page) and may send a usage ping.
  load: vi.fn<() => void>(),
}));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: fingerprintJs, ...fingerprintJs }));

describe('given fingerprinting on (the default)', () => {
  it('sends the FingerprintJS visitor id as fp, never through load() (no usage ping)', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl="https://api.example.test" defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Who am I?{Enter}');
    await within(dialog).findByText('Answer.');
    expect(requests[0]?.body.fp).toBe('visitor_abc');
    expect(fingerprintJs.load).not.toHaveBeenCalled();
  });
});
