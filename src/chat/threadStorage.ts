// The conversation (thread id, thread key, messages) kept in sessionStorage per domain, so a reader
// who moves to another page of the docs, or reloads, finds it where it was. Storage can throw on
// mere property access (sandboxed or cross-site iframes, privacy modes), or on write (quota): then
// everything lives in memory for the page's lifetime and the chat works the same.
import type { UIMessage } from 'ai';

export interface StoredThread {
  threadId: string | null;
  threadKey?: string;
  messages: UIMessage[];
}

export interface ThreadStore {
  load(): StoredThread;
  save(thread: StoredThread): void;
  clear(): void;
}

const emptyThread = (): StoredThread => ({ threadId: null, messages: [] });

// Used only for keys whose storage write failed; shared by every store of the page so a remounted
// widget still finds its thread.
const memoryFallback = new Map<string, string>();

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readRaw(key: string): string | null {
  const inMemory = memoryFallback.get(key);
  if (inMemory !== undefined) return inMemory;
  try {
    return sessionStorageOrNull()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeRaw(key: string, value: string | null): void {
  const storage = sessionStorageOrNull();
  try {
    if (!storage) throw new Error('no sessionStorage');
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    memoryFallback.delete(key);
  } catch {
    // Access or quota errors: keep the thread in memory for this page's lifetime.
    if (value === null) memoryFallback.delete(key);
    else memoryFallback.set(key, value);
  }
}

function parseThread(raw: string | null): StoredThread {
  if (raw === null) return emptyThread();
  try {
    const parsed = JSON.parse(raw) as Partial<StoredThread>;
    return {
      threadId: typeof parsed.threadId === 'string' ? parsed.threadId : null,
      ...(typeof parsed.threadKey === 'string' ? { threadKey: parsed.threadKey } : {}),
      messages: Array.isArray(parsed.messages) ? parsed.messages.filter(isMessage) : [],
    };
  } catch {
    return emptyThread();
  }
}

function isMessage(value: unknown): value is UIMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<UIMessage>;
  return typeof message.id === 'string' && typeof message.role === 'string' && Array.isArray(message.parts);
}

export function threadStorageKey(domain: string): string {
  return `docs-assistant:thread:${domain}`;
}

export function createThreadStore(domain: string): ThreadStore {
  const key = threadStorageKey(domain);
  return {
    load: () => parseThread(readRaw(key)),
    save(thread) {
      writeRaw(key, JSON.stringify(thread));
    },
    clear() {
      writeRaw(key, null);
    },
  };
}

/**
 * A reader who follows a source to another page of the same site finds the assistant open there: the
 * link's click leaves this mark, the next page's widget takes it (once) and opens with the kept thread.
 */
export function reopenKey(domain: string): string {
  return `docs-assistant:reopen:${domain}`;
}

export function markReopen(domain: string): void {
  writeRaw(reopenKey(domain), '1');
}

/** The side panel, closed: the next page opens without it. */
export function clearReopen(domain: string): void {
  writeRaw(reopenKey(domain), null);
}

/** Whether the previous page asked to reopen; the mark is removed, so a later reload opens closed. */
export function takeReopen(domain: string): boolean {
  const marked = readRaw(reopenKey(domain)) === '1';
  if (marked) writeRaw(reopenKey(domain), null);
  return marked;
}
