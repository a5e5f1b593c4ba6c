// One server per agent data folder. Two servers polling one job store would both run a job (and each
// would report the other's outcome as its own), so the second refuses to start. The lock is a file naming
// the holder's host and pid; a lock whose process is gone (a crash) is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  constructor(holder: string) {
    super(
      `another docs-assistant server (${holder}) runs agent jobs from this data folder; give each server its own --data ` +
        '(several instances sharing jobs need --database-url), or stop the other one',
    );
    this.name = 'DataFolderLockedError';
  }
}

/** Locks held by this process, so a second service in the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(file: string): boolean {
  try {
    const descriptor = openSync(file, 'wx', 0o600);
    writeSync(descriptor, JSON.stringify({ host: os.hostname(), pid: process.pid }));
    closeSync(descriptor);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export interface DataFolderLock {
  /** Removes the lock (a clean shutdown). */
  release(): void;
  /** Forgets the lock in this process but leaves its file, as a crashed process would (tests of crash recovery). */
  abandon(): void;
}

/** Takes the lock of `folder` or throws DataFolderLockedError. */
export function lockDataFolder(folder: string): DataFolderLock {
  const file = path.join(folder, 'server.lock');
  if (heldHere.has(file)) throw new DataFolderLockedError(`this process, pid ${process.pid}`);
  if (!tryCreate(file)) {
    let holder: { host?: string; pid?: number } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder;
    } catch {
      // An unreadable lock (a crash while writing it) is stale.
    }
    const sameHost = holder.host === os.hostname();
    const described = `pid ${holder.pid ?? '?'} on ${holder.host ?? 'an unknown host'}`;
    // Another host's process cannot be checked from here: its lock stands until removed by hand.
    if (holder.host && !sameHost) throw new DataFolderLockedError(`${described}; remove ${path.basename(file)} if it is gone`);
    // The same pid but not held here: left by an earlier server of this pid that died without cleaning up.
    if (typeof holder.pid === 'number' && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataFolderLockedError(described);
    rmSync(file, { force: true });
    // Two servers replacing the same stale lock: only one creates the new one.
    if (!tryCreate(file)) throw new DataFolderLockedError('another server starting at the same time');
  }
  heldHere.add(file);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      heldHere.delete(file);
      rmSync(file, { force: true });
    },
    abandon() {
      held = false;
      heldHere.delete(file);
    },
  };
}
