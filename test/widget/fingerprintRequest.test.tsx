import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocsAssistant } from '../../src/index.ts';
import { answerChunks, installFakeFetch, streamResponse } from './fakeServer.ts';

// The module edge: FingerprintJS itself is replaced, the widget's loading and waiting are real.
type Load = (options: { monitoring?: boolean }) => Promise<{ get: () => Promise<{ visitorId: string }> }>;
const load = vi.hoisted(() => vi.fn<Load>(async () => ({ get: async () => ({ visitorId: 'visitor_abc' }) })));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load }, load }));

describe('given fingerprinting on (the default)', () => {
  it('sends the FingerprintJS visitor id as fp, loaded with monitoring off', async () => {
    const { requests } = installFakeFetch(() => streamResponse(answerChunks({ text: ['Answer.'] })));
    render(<DocsAssistant domain="acme" baseUrl="https://api.example.test" defaultOpen />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Who am I?{Enter}');
    await within(dialog).findByText('Answer.');
    expect(requests[0]?.body.fp).toBe('visitor_abc');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ monitoring: false });
  });
});
