import { describe, expect, it } from 'vitest';
import { CONTEXT_MAX_ITEMS, CONTEXT_VALUE_MAX_LENGTH } from '../../src/chat/pageContext.ts';
import { CURRENT_PATH_MAX_LENGTH, REQUEST_LIMITS } from '../../src/wire.ts';

// The widget cuts what it sends to its own limits (kept as plain numbers: no bytes for a comparison in
// the bundle); they must stay within what the server accepts (src/wire.ts), or a long selection would
// come back as a 400 instead of being cut.
describe("given the widget's limits on what it sends", () => {
  it("stays within the server's request limits", () => {
    expect(CONTEXT_VALUE_MAX_LENGTH).toBeLessThanOrEqual(REQUEST_LIMITS.contextValueLength);
    expect(CONTEXT_MAX_ITEMS).toBeLessThanOrEqual(REQUEST_LIMITS.contextItems);
    expect(CURRENT_PATH_MAX_LENGTH).toBe(REQUEST_LIMITS.currentPathLength);
  });
});
