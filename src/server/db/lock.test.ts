import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './client';
import { DataDirLockedError, lockDataDir, type LockOwner } from './lock';
import { killChildren, spawnTs } from '../test/child';

/**
 * The data folder lock (docs/operations.md, "Health, outages and jobs"): a lock left by a dead process is taken over at once, a
 * live owner keeps it however long it was paused, and a process that lost it stops without writing.
 * The processes are real: node children that open the folder, killed and paused with signals.
 */
const OPENER = 'src/server/test/fixtures/open-data-dir.ts';
const root = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
/** A migrated-free but initialised PGlite folder, copied for each case (initialising one takes seconds). */
const template = path.join(root, 'template');
let n = 0;
const freshFolder = () => {
  const dir = path.join(root, `case-${(n += 1)}`);
  cpSync(template, dir, { recursive: true });
  return dir;
};
const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, '.lock'), 'utf8')) as LockOwner;
const noop = () => undefined;

/** File names, sizes and modification times under a folder: what "did not write" compares. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => {
      const file = path.join(d.parentPath, d.name);
      const s = statSync(file);
      return `${path.relative(dir, file)} ${s.size} ${s.mtimeMs}`;
    })
    .sort();
}

beforeAll(async () => {
  const db = await openPglite(template);
  await db.close();
}, 120_000);

afterAll(() => {
  killChildren();
  rmSync(root, { recursive: true, force: true });
});

describe('data folder lock between processes', () => {
  it('takes the lock of a process killed with SIGKILL over at once', async () => {
    const dir = freshFolder();
    const first = spawnTs(OPENER, [dir]);
    await first.waitFor(/^open /);
    expect(lockOf(dir).pid).toBe(first.pid);
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // The lock file is still there, fresh: only its owner's death tells it is free.
    expect(existsSync(path.join(dir, '.lock'))).toBe(true);

    const second = spawnTs(OPENER, [dir]);
    await second.waitFor(/^open /);
    expect(lockOf(dir).pid).toBe(second.pid);
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.stdout()).toContain('closed');
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  }, 120_000);

  it('keeps a paused owner\'s lock however old its heartbeat, and the owner carries on when resumed', async () => {
    const dir = freshFolder();
    const owner = spawnTs(OPENER, [dir, '200', '600']);
    await owner.waitFor(/^open /);
    owner.process.kill('SIGSTOP');
    // As after a 20 s pause (kill -STOP): the heartbeat is far older than any staleness limit.
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(dir, '.lock'), longAgo, longAgo);

    const intruder = spawnTs(OPENER, [dir, '200', '600']);
    expect(await intruder.exited).toBe(2);
    expect(intruder.stderr()).toContain(`The data folder ${dir} is in use by another process (process ${owner.pid})`);
    expect(lockOf(dir).pid).toBe(owner.pid);

    owner.process.kill('SIGCONT');
    // Resumed, the owner beats again (however busy the machine), still runs, holds the lock and closes cleanly.
    await expect.poll(() => statSync(path.join(dir, '.lock')).mtimeMs, { timeout: 30_000 }).toBeGreaterThan(longAgo.getTime() + 60_000);
    expect(owner.process.exitCode).toBeNull();
    expect(lockOf(dir).pid).toBe(owner.pid);
    owner.process.kill('SIGTERM');
    expect(await owner.exited).toBe(0);
    expect(owner.stderr()).toBe('');
  }, 120_000);

  it('stops a process whose lock was taken over, with one sentence and without writing', async () => {
    const dir = freshFolder();
    const owner = spawnTs(OPENER, [dir, '200', '600']);
    await owner.waitFor(/^open /);
    const before = snapshot(path.join(dir, 'pgdata'));
    // Another host sharing the folder judged the lock stale and took it.
    const other: LockOwner = { pid: 4242, host: 'other-host.example', token: 'other-token', since: new Date().toISOString() };
    writeFileSync(path.join(dir, '.lock'), JSON.stringify(other));

    expect(await owner.exited).toBe(1);
    const lines = owner.stderr().trim().split('\n');
    expect(lines).toEqual([
      `This process lost the lock of the data folder ${dir} (process 4242 on host other-host.example holds it now), so it stops at once without writing to the database.`,
    ]);
    // The new owner's lock stays; the database files are as they were (closing PGlite would write).
    expect(lockOf(dir)).toEqual(other);
    expect(snapshot(path.join(dir, 'pgdata'))).toEqual(before);
  }, 120_000);
});

describe('lockDataDir', () => {
  const folder = () => {
    const dir = path.join(root, `lock-${(n += 1)}`);
    mkdirSync(dir);
    return dir;
  };
  const write = (dir: string, owner: Partial<LockOwner>, ageMs = 0) => {
    const file = path.join(dir, '.lock');
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), token: 'old', since: '', ...owner }));
    const t = new Date(Date.now() - ageMs);
    utimesSync(file, t, t);
  };

  it('refuses a second holder in the same process, and frees the folder on release', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir, { onCompromised: noop });
    await expect(lockDataDir(dir, { onCompromised: noop })).rejects.toThrow(DataDirLockedError);
    await lock.release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    const again = await lockDataDir(dir, { onCompromised: noop });
    await again.release();
  });

  it('takes over a lock whose pid now belongs to another process (restarted container)', async () => {
    const dir = folder();
    // This very process, but a different start time: an earlier process that had the same pid.
    write(dir, { pid: process.pid, procStart: '1', bootId: lockOwnerBootId() });
    const lock = await lockDataDir(dir, { onCompromised: noop });
    expect(lockOf(dir).token).toBe(lock.owner.token);
    await lock.release();
  });

  it('takes over a lock from before the last reboot', async () => {
    const dir = folder();
    write(dir, { pid: process.ppid, bootId: 'another-boot' });
    const lock = await lockDataDir(dir, { onCompromised: noop });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, token: lock.owner.token });
    expect(lock.owner.token).not.toBe('old');
    await lock.release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('waits for the heartbeat of an owner on another host to go stale', async () => {
    const dir = folder();
    write(dir, { host: 'other-host.example', pid: 7 }, 1000);
    await expect(lockDataDir(dir, { staleMs: 30_000, onCompromised: noop })).rejects.toThrow(
      /in use by another process \(process 7 on host other-host\.example, last seen 1 s ago; free in 29 s if it is gone\)/,
    );
    write(dir, { host: 'other-host.example', pid: 7 }, 31_000);
    const lock = await lockDataDir(dir, { staleMs: 30_000, onCompromised: noop });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, host: hostname(), token: lock.owner.token });
    await lock.release();
  });

  it('treats the lock folder of the previous version by its age', async () => {
    const dir = folder();
    const legacy = path.join(dir, '.lock');
    mkdirSync(legacy);
    await expect(lockDataDir(dir, { staleMs: 30_000, onCompromised: noop })).rejects.toThrow(DataDirLockedError);
    const t = new Date(Date.now() - 60_000);
    utimesSync(legacy, t, t);
    const lock = await lockDataDir(dir, { staleMs: 30_000, onCompromised: noop });
    expect(statSync(legacy).isFile()).toBe(true);
    await lock.release();
  });

  it('reports a removed lock once and does not remove the new owner\'s lock on release', async () => {
    const dir = folder();
    const messages: string[] = [];
    // The heartbeat on fake timers: seven beats pass at once, however busy the machine.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let lock: Awaited<ReturnType<typeof lockDataDir>>;
    try {
      lock = await lockDataDir(dir, { updateMs: 20, onCompromised: (m) => messages.push(m) });
      vi.advanceTimersByTime(20);
      expect(messages).toEqual([]);
      rmSync(path.join(dir, '.lock'));
      vi.advanceTimersByTime(20 * 7);
    } finally {
      vi.useRealTimers();
    }
    expect(messages).toEqual([`This process lost the lock of the data folder ${dir} (its lock file was removed), so it stops at once without writing to the database.`]);
    write(dir, { host: 'other-host.example', token: 'theirs' });
    await lock.release();
    expect(lockOf(dir).token).toBe('theirs');
  });
});

function lockOwnerBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}
