// Serves an app on a loopback port for tests that go through real HTTP (other people's clients,
// CORS, keep-alive): the URL and a close function.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export async function listen(app: Hono): Promise<{ url: string; close: () => Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A browser's CORS preflight for a POST from `origin` that sends `headers`. */
export function preflight(url: string, headers = 'content-type', origin = 'https://docs.example'): Promise<Response> {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers } });
}
