import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createInboxApplier } from './applier';
import type { DrainResult } from './engine';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const empty: DrainResult = { events: 0, chunks: 0, outcomes: {}, failed: 0 };
/** A run's length, on the fake timers below. */
// eslint-disable-next-line local/no-fixed-sleep -- the fake run's duration on fake timers, not a wait in the test
const lasting = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The gaps and runs on fake timers (and a fake performance.now): the same times on any machine.
beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }); });
afterEach(() => { vi.useRealTimers(); });
/** Lets `ms` of fake time pass. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** The applier's idle(), with the fake time it needs to get there (at most a second). */
async function settled(applier: { idle: () => Promise<void> }) {
  const idle = applier.idle();
  await pass(1000);
  await idle;
}

/** An applier whose runs take `runMs` and record when they started. */
function recording(gapMs: number, runMs: number) {
  const starts: number[] = [];
  const t0 = performance.now();
  const applier = createInboxApplier({
    db: {} as Db,
    log: log as never,
    gapMs,
    apply: async () => {
      starts.push(performance.now() - t0);
      await lasting(runMs);
      return empty;
    },
  });
  return { applier, starts };
}

describe('the in-process applier (issue 9: a trickle of events does not hold the database per event)', () => {
  it('gathers a burst of kicks into one run, started after the gap', async () => {
    const { applier, starts } = recording(80, 5);
    for (let i = 0; i < 20; i++) {
      applier.kick();
      await pass(2);
    }
    await settled(applier);
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBe(80);
    await applier.stop();
  });

  it('kicks during a run fold into one more run, which starts a gap after the last one started', async () => {
    const { applier, starts } = recording(100, 20);
    applier.kick();
    await pass(110); // the first run is under way
    applier.kick();
    applier.kick();
    await settled(applier);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBe(100);
    await applier.stop();
  });

  it('a run longer than the gap is followed at once by the next (a busy feed applies back to back)', async () => {
    const { applier, starts } = recording(100, 300);
    applier.kick();
    await pass(150);
    applier.kick();
    await settled(applier);
    expect(starts).toHaveLength(2);
    // Back to back: the run's 300 ms, not the run and then a gap (400 ms).
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(300);
    expect(starts[1]! - starts[0]!).toBeLessThan(310);
    await applier.stop();
  });

  it('a failed run is logged with the database\'s reason and a later kick runs again; nothing runs after stop', async () => {
    let calls = 0;
    const errors: string[] = [];
    const applier = createInboxApplier({
      db: {} as Db,
      log: { ...log, error: (o: { error: string }) => errors.push(o.error) } as never,
      gapMs: 10,
      apply: async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('Failed query: select id from card_network_inbox …'), { cause: new Error('database away') });
        return empty;
      },
    });
    applier.kick();
    await settled(applier);
    expect(errors).toEqual(['database away']);
    applier.kick();
    await settled(applier);
    expect(calls).toBe(2);
    await applier.stop();
    applier.kick();
    await pass(1000);
    expect(calls).toBe(2);
  });
});
