// A public assistant key looks like `<prefix>_dsc_...`. Anything else (an admin key above all)
// must never leave the page, so it is refused before any request is made.

import { PUBLIC_KEY_MARKER } from '../wire.ts';

const PUBLIC_KEY_PATTERN = new RegExp(`^[a-z0-9]+${PUBLIC_KEY_MARKER}`, 'i');

export type ApiKeyCheck = { ok: true } | { ok: false; reason: string };

export function checkApiKey(apiKey: string | undefined): ApiKeyCheck {
  if (apiKey === undefined || apiKey === '') return { ok: true };
  if (PUBLIC_KEY_PATTERN.test(apiKey)) return { ok: true };
  return {
    ok: false,
    // Short: every byte here ships with the chat.
    reason: 'docs-assistant: apiKey refused, nothing sent: not a public <prefix>_dsc_ key (never ship an admin key)',
  };
}
