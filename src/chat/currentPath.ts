// The path the reader is on, sent as `currentPath` (the API accepts at most 200 characters).
import { CURRENT_PATH_MAX_LENGTH } from '../wire.ts';

export function readCurrentPath(getCurrentPath?: () => string): string | undefined {
  try {
    const path = getCurrentPath ? getCurrentPath() : globalThis.location?.pathname;
    if (typeof path !== 'string' || path === '') return undefined;
    return path.slice(0, CURRENT_PATH_MAX_LENGTH);
  } catch {
    // A host's getter that throws must not stop the question from being sent.
    return undefined;
  }
}
