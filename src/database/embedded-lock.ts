import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** What a process is, in the line another process prints when it finds the database taken. */
export type ProcessRole = 'api' | 'worker' | 'cli' | 'process';

interface LockOwner {
  pid: number;
  /** The machine `pid` runs on (os.hostname()); null in a lock written before hosts were recorded. */
  host: string | null;
  role: string;
  started_at: string;
  /** The kernel's start time of `pid` (Linux), so a pid reused by another process is not taken for the owner. */
  proc_start: string | null;
}

/**
 * Another process holds the embedded database (a live one on this machine, or any on another
 * machine, which this one cannot check); the message is the one line to show.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      isOtherHost(owner)
        ? `The embedded database in ${dataDir} is locked by the ${owner.role} on host ${owner.host} (pid ${owner.pid}, since ${owner.started_at}), ` +
            `which this host (${hostname()}) cannot check; stop that process, or if host ${owner.host} is gone, delete ${dataDir}.lock and start again. ` +
            `To serve from several hosts, set DATABASE_URL to use PostgreSQL.`
        : `The embedded database in ${dataDir} is in use by the ${owner.role} (pid ${owner.pid}, since ${owner.started_at}); ` +
            `stop that process first, or set DATABASE_URL to use PostgreSQL, which any number of processes can share.`,
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/**
 * A lock taken on another machine (DATA_DIR on shared storage): its pid means nothing here, so
 * whether its holder lives cannot be known. A lock without a host is from a version that did not
 * record it, which ran on one machine only: taken to be this one's.
 */
function isOtherHost(owner: LockOwner): boolean {
  return owner.host !== null && owner.host !== hostname();
}

/** Locks this process holds, by database directory: taking one twice is a no-op. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * PGlite is PostgreSQL inside one process, with no server in between: a second process opening the
 * same directory writes its own copy of the pages, and whichever closes last overwrites the other's
 * changes. So a process takes `<dir>.lock` before it opens `<dir>`, and one that finds it held by a
 * live process stops with {@link EmbeddedDatabaseBusyError}. The lock file is created whole and at
 * once (written aside, then hard-linked into place, which fails if the name exists); it is removed
 * when the process exits, and one left by a process of this machine that died (its pid gone, or now
 * another process's) is taken over (removeStale: one process removes exactly the stale file, never
 * a lock taken meanwhile). The lock names its host too: one taken on another machine (a
 * DATA_DIR on shared storage) is never taken over, since this machine cannot see whether its holder
 * lives; the process stops, saying what to do.
 */
export function lockEmbeddedDatabase(dataDir: string, role: ProcessRole, hooks: TakeoverHooks = {}): void {
  if (held.has(dataDir)) return;
  mkdirSync(dirname(dataDir), { recursive: true });
  const lockPath = `${dataDir}.lock`;
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    role,
    started_at: new Date().toISOString(),
    proc_start: procStart(process.pid),
  };
  const content = `${JSON.stringify(me)}\n`;
  const aside = join(dirname(lockPath), `.${basename(lockPath)}.${process.pid}`);
  writeFileSync(aside, content);
  try {
    for (;;) {
      try {
        linkSync(aside, lockPath);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readFileOrUndefined(lockPath);
      if (text === undefined) continue; // removed meanwhile: try again
      const seen = parseOwner(text);
      if (seen && alive(seen)) throw new EmbeddedDatabaseBusyError(dataDir, seen);
      // Stale (or unreadable: a lock is written whole, so only a damaged file is).
      removeStale(lockPath, text, content, hooks);
    }
  } finally {
    removeIfExists(aside);
  }
  held.set(dataDir, content);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', releaseEmbeddedDatabaseLocks);
  }
}

/** For specs: a pause where a takeover can race another (between finding a lock stale and removing it). */
export interface TakeoverHooks {
  beforeRemovingStale?: () => void;
}

/**
 * Removes the stale lock whose content is `staleText`, and only that file. A check and a removal in
 * two steps could remove a lock another process took in between (both found the old one stale; the
 * first removed it and took its own; the second, having checked before, removed the new one) and
 * leave two owners. So the removal is done under a takeover file named by a hash of the stale
 * content, created whole and at once as the lock is (a hard link, which fails if the name exists):
 * of the processes that found that lock stale, one at a time checks that the lock is still it and
 * removes it. Nobody else can remove it meanwhile (they would need the same takeover file), and a
 * lock is only ever replaced by being removed first, so the file checked is the file removed. One
 * that comes later finds the lock changed and removes nothing. A takeover file left by a process
 * that died holding it (between two statements) is removed when its pid is gone.
 */
function removeStale(lockPath: string, staleText: string, content: string, hooks: TakeoverHooks): void {
  const takeover = `${lockPath}.takeover-${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;
  const aside = join(dirname(lockPath), `.${basename(takeover)}.${process.pid}`);
  writeFileSync(aside, content);
  try {
    linkSync(aside, takeover);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process is taking this one over (the caller tries again), unless it died doing so.
    const holder = readOwner(takeover);
    if (holder !== undefined && !(holder && alive(holder))) removeIfExists(takeover);
    return;
  } finally {
    removeIfExists(aside);
  }
  try {
    hooks.beforeRemovingStale?.();
    if (readFileOrUndefined(lockPath) === staleText) removeIfExists(lockPath);
  } finally {
    removeIfExists(takeover);
  }
}

/** Removes this process's lock files (on exit; an open PGlite has nothing left to write by then). */
function releaseEmbeddedDatabaseLocks(): void {
  for (const [dataDir, content] of held) {
    const lockPath = `${dataDir}.lock`;
    if (readFileOrUndefined(lockPath) === content) removeIfExists(lockPath);
    held.delete(dataDir);
  }
}

function alive(owner: LockOwner): boolean {
  if (isOtherHost(owner)) return true; // for all this machine can tell
  // This process did not take it (see `held`): a lock naming our own pid is from an earlier life,
  // e.g. a container restarted after a crash, where the api is pid 1 again.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: it exists, under another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const now = procStart(owner.pid);
  return owner.proc_start === null || now === null || now === owner.proc_start;
}

/** Field 22 of /proc/<pid>/stat (clock ticks after boot): with the pid, it names one process. */
function procStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; fields after it are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null; // not Linux, or no such process: the pid check alone decides
  }
}

/** The lock's owner; null for an unreadable file, undefined when there is no file. */
function readOwner(lockPath: string): LockOwner | null | undefined {
  const text = readFileOrUndefined(lockPath);
  if (text === undefined) return undefined;
  return parseOwner(text);
}

function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isSafeInteger(o.pid) || (o.pid as number) <= 0) return null;
    return {
      pid: o.pid as number,
      host: typeof o.host === 'string' && o.host !== '' ? o.host : null,
      role: typeof o.role === 'string' ? o.role : 'process',
      started_at: typeof o.started_at === 'string' ? o.started_at : 'an unknown time',
      proc_start: typeof o.proc_start === 'string' ? o.proc_start : null,
    };
  } catch {
    return null;
  }
}

function readFileOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function removeIfExists(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
