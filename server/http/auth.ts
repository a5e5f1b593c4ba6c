// Bearer-key checks. Keys are compared as SHA-256 digests in constant time, so timing reveals nothing about them.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { PUBLIC_KEY_MARKER } from '../../src/wire.ts';
import { jsonError } from './errors.ts';

/** Values the auth middleware leaves on the context for later middleware. */
export interface AuthVariables {
  /** The accepted assistant key (used as the subject of the per-key limit). */
  apiKey: string;
}

/** A set of keys that answers "is this one of them?" without early exits on the first differing byte. */
export interface KeySet {
  has(key: string): boolean;
  readonly size: number;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function createKeySet(keys: readonly string[]): KeySet {
  const digests = keys.map(digest);
  return {
    has(key) {
      const candidate = digest(key);
      let found = false;
      for (const known of digests) found = timingSafeEqual(known, candidate) || found;
      return found;
    },
    size: digests.length,
  };
}

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or has another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Admits only assistant keys: no token 401, an admin key 403 (it must never travel from a browser),
 * any other token 401.
 */
export function requireAssistantKey(assistantKeys: KeySet, adminKeys: KeySet): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null) return jsonError(c, 401, 'authorization: missing "Bearer <assistant key>" header');
    if (adminKeys.has(token)) {
      return jsonError(c, 403, 'authorization: this is an admin key; admin keys must never be used from a browser, use an assistant key');
    }
    if (!assistantKeys.has(token)) return jsonError(c, 401, 'authorization: unknown assistant key');
    c.set('apiKey', token);
    await next();
  };
}

/** Admits only admin keys (for server-side routes such as agent jobs): no token or unknown 401, an assistant key 403. */
export function requireAdminKey(adminKeys: KeySet, assistantKeys: KeySet): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null) return jsonError(c, 401, 'authorization: missing "Bearer <admin key>" header');
    if (assistantKeys.has(token)) return jsonError(c, 403, 'authorization: assistant keys cannot use admin routes');
    if (!adminKeys.has(token)) return jsonError(c, 401, 'authorization: unknown admin key');
    await next();
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fresh assistant key: `da_dsc_` + 32 base62 characters (~190 bits), drawn without modulo bias. */
export function generateAssistantKey(): string {
  let key = `da${PUBLIC_KEY_MARKER}`;
  while (key.length < 7 + 32) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 * 62: bytes at or above it would favour the first characters.
      if (byte < 248 && key.length < 7 + 32) key += BASE62[byte % 62];
    }
  }
  return key;
}
