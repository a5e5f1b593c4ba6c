// Sends a reader's rating of an answer to the server (`POST .../assistant/{domain}/feedback`, beyond the
// platform's OpenAPI), where the docs team reads it. Best effort: a server without the route, or a
// failed request, leaves the reader's thumbs as they are (the `feedback` event fires either way).
import { discoveryUrl, type FeedbackRequestBody } from '../wire.ts';
import { checkApiKey } from './apiKey.ts';

export function sendFeedback(target: { baseUrl: string; domain: string; apiKey?: string | undefined }, body: FeedbackRequestBody): void {
  if (!checkApiKey(target.apiKey).ok) return;
  void fetch(discoveryUrl(target.baseUrl, 'feedback', target.domain), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(target.apiKey ? { Authorization: `Bearer ${target.apiKey}` } : {}) },
    body: JSON.stringify(body),
  }).catch(() => {});
}
