// Load generators in child processes (the server under test keeps its event loop to itself), and
// two routes taking turns in slices of one run, so that whatever else the machine does in those
// seconds hits both alike.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type LoadGenerator<Job, Result> = { run: (job: Job) => Promise<Result>; close: () => void };

/** A load generator (`script`, next to this file) in a child process, kept up for several jobs: warm in every slice. */
export function loadGenerator<Job, Result>(script: string): LoadGenerator<Job, Result> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return {
    run: (job) => new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('message', (m) => {
        child.off('error', reject);
        resolve(m as Result);
      });
      child.send(job as object);
    }),
    close: () => { child.send('exit'); },
  };
}

/** `rounds` pairs of slices, A then B in even rounds and B then A in odd ones. */
export async function takeTurns<R>(rounds: number, a: () => Promise<R>, b: () => Promise<R>): Promise<{ a: R[]; b: R[] }> {
  const out: { a: R[]; b: R[] } = { a: [], b: [] };
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      out[which].push(await (which === 'a' ? a : b)());
    }
  }
  return out;
}

const median = (xs: readonly number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

export type SliceResult = { rps: number; p50: number; p97_5: number; errors: number; non2xx?: number };

/** One figure for a route's slices: mean requests/s, median p50 and p97.5, errors added up. */
export function summarise<R extends SliceResult>(slices: readonly R[]): R {
  const sum = (pick: (r: R) => number) => slices.reduce((a, r) => a + pick(r), 0);
  return {
    ...slices[0]!,
    rps: sum((r) => r.rps) / slices.length, p50: median(slices.map((r) => r.p50)), p97_5: median(slices.map((r) => r.p97_5)),
    errors: sum((r) => r.errors), ...(slices[0]!.non2xx === undefined ? {} : { non2xx: sum((r) => r.non2xx ?? 0) }),
  };
}
