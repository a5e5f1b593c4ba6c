// Admin-key checks for the agent routes: a key is valid for a project when it is one of the
// server-wide admin keys or one of that project's own keys. Order of answers: no or unknown key 401,
// assistant key 403, unknown project 404 (only told to a known admin key, so project ids don't leak),
// a key of another project 401.
import { PUBLIC_KEY_MARKER } from '../../src/wire.ts';
import { bearerToken, createKeySet } from '../http/auth.ts';

export type AuthResult = { ok: true } | { ok: false; status: 401 | 403 | 404; error: string };

/** Assistant (public) keys carry this marker; they never manage agent jobs. */
const ASSISTANT_KEY_MARKER = PUBLIC_KEY_MARKER;

export interface AdminKeyring {
  check(authorization: string | undefined, projectId: string): AuthResult;
  /** The projects the key may use (an admin key valid nowhere is 401 as usual). */
  projectsFor(authorization: string | undefined): AuthResult & { projects?: string[] };
}

export function createAdminKeyring(globalKeys: readonly string[], projectKeys: Record<string, readonly string[]>): AdminKeyring {
  const global = globalKeys.filter(Boolean);
  const perProject = new Map(Object.entries(projectKeys).map(([id, keys]) => [id, createKeySet([...global, ...keys.filter(Boolean)])]));
  const everyKey = createKeySet([...global, ...Object.values(projectKeys).flat().filter(Boolean)]);

  function checkKey(authorization: string | undefined): AuthResult & { key?: string } {
    const key = bearerToken(authorization);
    if (key === null) return { ok: false, status: 401, error: 'authorization: missing "Bearer <admin key>" header' };
    if (key.includes(ASSISTANT_KEY_MARKER)) {
      return { ok: false, status: 403, error: 'authorization: assistant keys cannot manage agent jobs; use an admin key' };
    }
    if (!everyKey.has(key)) return { ok: false, status: 401, error: 'authorization: unknown admin key' };
    return { ok: true, key };
  }

  return {
    projectsFor(authorization) {
      const result = checkKey(authorization);
      if (!result.ok || result.key === undefined) return result;
      const key = result.key;
      return { ok: true, projects: [...perProject].filter(([, keys]) => keys.has(key)).map(([id]) => id) };
    },
    check(authorization, projectId) {
      const result = checkKey(authorization);
      if (!result.ok || result.key === undefined) return result;
      const key = result.key;
      const projectKeySet = perProject.get(projectId);
      if (!projectKeySet) return { ok: false, status: 404, error: `projectId: no project "${projectId}" on this server` };
      if (!projectKeySet.has(key)) return { ok: false, status: 401, error: 'authorization: this admin key is not valid for this project' };
      return { ok: true };
    },
  };
}
