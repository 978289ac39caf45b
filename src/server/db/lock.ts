import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The lock that keeps a second process out of an embedded-database folder (PGlite is
 * single-process; two writers corrupt it). The lock file names its owner, so that a lock left by a
 * dead process (kill -9, a crash, a reboot) is taken over at once, and a live owner keeps it however
 * long it was paused. Only an owner this machine cannot check (another host sharing the folder, a
 * lock from an older version) falls back to the age of the lock's last heartbeat.
 */

export type LockOwner = {
  pid: number;
  host: string;
  /** Linux: the kernel's boot id; a different one means the owner died with the last boot. */
  bootId?: string;
  /** Linux: start time of the owner process (clock ticks after boot), against pid reuse. */
  procStart?: string;
  /** Random, unique to this holding of the lock. */
  token: string;
  since: string;
};

export type LockOptions = {
  /** The holder refreshes the lock's time and checks it still owns it this often. */
  updateMs?: number;
  /** A lock whose owner cannot be checked from here is stale after this long without a heartbeat. */
  staleMs?: number;
  /** Called once when the lock no longer names this process. */
  onCompromised: (message: string) => void;
};

export type DataDirLock = { owner: LockOwner; release: () => Promise<void> };

export const LOCK_DEFAULTS = { updateMs: 5_000, staleMs: 30_000 };

export class DataDirLockedError extends Error {
  constructor(dir: string, detail?: string) {
    super(`The data folder ${dir} is in use by another process${detail ? ` (${detail})` : ''}. Stop that process, or set DATA_DIR to another folder.`);
    this.name = 'DataDirLockedError';
  }
}

/** Tokens of the locks this process holds (where /proc cannot tell this process from an earlier one with its pid). */
const held = new Set<string>();

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = (): string | undefined => readText('/proc/sys/kernel/random/boot_id')?.trim() || undefined;

/** Field 3 (state) and field 22 (start time) of /proc/<pid>/stat; undefined where there is no /proc. */
function procStat(pid: number): { state: string; start: string } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[0] && rest[19] ? { state: rest[0], start: rest[19] } : undefined;
}

function me(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    procStart: procStat(process.pid)?.start,
    token: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
  };
}

/**
 * Whether the owner process still runs: true or false when this machine can tell, undefined when
 * it cannot (another host).
 */
export function ownerAlive(owner: LockOwner): boolean | undefined {
  if (owner.host !== hostname()) return undefined;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(owner.pid);
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    // The pid now belongs to another process (a restarted container often gets the same pid).
    if (owner.procStart && stat.start !== owner.procStart) return false;
    return true;
  }
  // No /proc: this process with the same pid is an earlier run of ours unless it holds the lock now.
  if (owner.pid === process.pid) return held.has(owner.token);
  return true;
}

type Found =
  | { kind: 'owner'; owner: LockOwner; mtimeMs: number }
  /** A directory (the lock of an older version) or a file being written or damaged. */
  | { kind: 'unknown'; mtimeMs: number };

function readLock(lockPath: string): Found | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(lockPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (!stat.isFile()) return { kind: 'unknown', mtimeMs: stat.mtimeMs };
  const text = readText(lockPath);
  if (text === undefined) return undefined;
  try {
    const owner = JSON.parse(text) as LockOwner;
    if (typeof owner.pid === 'number' && typeof owner.token === 'string' && typeof owner.host === 'string') return { kind: 'owner', owner, mtimeMs: stat.mtimeMs };
  } catch {
    // fall through: written a moment ago, or damaged
  }
  return { kind: 'unknown', mtimeMs: stat.mtimeMs };
}

/**
 * Whether two holdings are one. The token names a holding in a file of this machine, readable by
 * whoever can read the lock: no secret, so a plain comparison leaks nothing.
 */
// eslint-disable-next-line local/no-plain-secret-compare -- a lock holding's name, not a secret (see above)
const sameHolding = (a: { token: string }, b: { token: string }) => a.token === b.token;

const sameLock = (a: Found, b: Found) =>
  a.kind === 'owner' && b.kind === 'owner' ? sameHolding(a.owner, b.owner) : a.kind === b.kind && a.mtimeMs === b.mtimeMs;

function describe(found: Found, staleMs: number): string {
  const age = Math.max(0, Date.now() - found.mtimeMs);
  if (found.kind === 'unknown') return `a lock of unknown owner, free in ${Math.ceil((staleMs - age) / 1000)} s if nothing renews it`;
  const { pid, host } = found.owner;
  if (host === hostname()) return `process ${pid}`;
  return `process ${pid} on host ${host}, last seen ${Math.round(age / 1000)} s ago; free in ${Math.ceil((staleMs - age) / 1000)} s if it is gone`;
}

function isStale(found: Found, staleMs: number): boolean {
  const alive = found.kind === 'owner' ? ownerAlive(found.owner) : undefined;
  if (alive !== undefined) return !alive;
  return Date.now() - found.mtimeMs > staleMs;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes a stale lock, unless it changed since it was judged stale. A second directory serialises
 * the processes taking over, so that one of them cannot remove the fresh lock of another.
 */
async function removeStale(lockPath: string, judged: Found): Promise<void> {
  const mutex = `${lockPath}.takeover`;
  try {
    fs.mkdirSync(mutex);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A process died while taking over (a window of a few microseconds): its mutex is stale soon.
    const since = readLock(mutex);
    if (since && Date.now() - since.mtimeMs > 10_000) fs.rmSync(mutex, { recursive: true, force: true });
    await sleep(50);
    return;
  }
  try {
    const now = readLock(lockPath);
    if (now && sameLock(now, judged)) fs.rmSync(lockPath, { recursive: true, force: true });
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

/** Takes the lock of dir (a file '.lock' in it) or throws DataDirLockedError. */
export async function lockDataDir(dir: string, opts: LockOptions): Promise<DataDirLock> {
  const updateMs = opts.updateMs ?? LOCK_DEFAULTS.updateMs;
  const staleMs = opts.staleMs ?? LOCK_DEFAULTS.staleMs;
  const lockPath = path.join(dir, '.lock');
  const owner = me();
  const content = JSON.stringify(owner);
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 20) throw new DataDirLockedError(dir);
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readLock(lockPath);
    if (!found) continue;
    if (!isStale(found, staleMs)) throw new DataDirLockedError(dir, describe(found, staleMs));
    await removeStale(lockPath, found);
  }
  held.add(owner.token);

  let lost = false;
  const beat = () => {
    let found: Found | undefined;
    try {
      found = readLock(lockPath);
    } catch {
      return; // a passing file-system error: check again on the next beat
    }
    if (found?.kind === 'owner' && sameHolding(found.owner, owner)) {
      const now = new Date();
      try {
        fs.utimesSync(lockPath, now, now);
      } catch {
        // the next beat retries
      }
      return;
    }
    lost = true;
    clearInterval(timer);
    held.delete(owner.token);
    const by = found?.kind === 'owner' ? `process ${found.owner.pid} on host ${found.owner.host} holds it now` : found ? 'its lock file was replaced' : 'its lock file was removed';
    opts.onCompromised(`This process lost the lock of the data folder ${dir} (${by}), so it stops at once without writing to the database.`);
  };
  const timer = setInterval(beat, updateMs);
  timer.unref();

  return {
    owner,
    release: async () => {
      clearInterval(timer);
      held.delete(owner.token);
      if (lost) return;
      const found = readLock(lockPath);
      if (found?.kind === 'owner' && sameHolding(found.owner, owner)) fs.rmSync(lockPath, { force: true });
    },
  };
}
