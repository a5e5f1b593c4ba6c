// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('given server rendering (no window, no document)', () => {
  it('imports the package and renders the closed widget without touching browser globals', async () => {
    expect(typeof window).toBe('undefined');
    const { DocsAssistant } = await import('../../src/index.ts');
    const html = renderToString(<DocsAssistant domain="acme" baseUrl="https://api.example.test" />);
    expect(html).toContain('class="da-root"');
    expect(html).toContain('data-state="closed"');
    expect(html).toContain('Ask AI');
  });
});
