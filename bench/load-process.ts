// Load generators in child processes (the server under test keeps its event loop to itself), and
// two routes taking turns in slices of one run, so that whatever else the machine does in those
// seconds hits both alike.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export type LoadGenerator<Job, Result> = { run: (job: Job) => Promise<Result>; close: () => void; pid: number | undefined };

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
    pid: child.pid,
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

/** CPU time (user + system, µs) a process has used so far, from /proc on Linux; undefined elsewhere or when it is gone. */
export function processCpuUs(pid: number | string): number | undefined {
  try {
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/**
 * CPU time (µs) used so far by each process named postgres on this machine, by pid (none when no
 * PostgreSQL runs here). Given `database`, connections to other databases are left out (someone
 * else's bench on the same server); the server's shared processes (WAL writer, checkpointer…)
 * still count. Given `postmasters` (postmasterPid()), only those servers' processes count: not
 * another PostgreSQL server on the machine (another bench's throwaway cluster).
 */
export function postgresCpu(database?: string, postmasters?: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      if (postmasters && !postmasters.includes(Number(pid)) && !postmasters.includes(parentOf(pid))) continue;
      if (database !== undefined && connectedTo(pid) !== undefined && connectedTo(pid) !== database) continue;
      const us = processCpuUs(pid);
      if (us !== undefined) out.set(pid, us);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * CPU time (µs) PostgreSQL's processes used since `before` (postgresCpu), process by process: a
 * process started since counts from zero, one that ended meanwhile is left out. A sum of totals
 * would lose the whole past of a connection the pool closes (after 10 s idle) and once came out
 * negative (-4 µs per applied event); left out this way, such a connection only loses what it did
 * in the measurement, nothing when it was idle.
 */
export function postgresCpuSince(before: Map<string, number>, database?: string, postmasters?: readonly number[]): number {
  let total = 0;
  for (const [pid, us] of postgresCpu(database, postmasters)) total += us - (before.get(pid) ?? 0);
  return total;
}

/** The parent's pid of a process (field 4 of /proc/<pid>/stat). */
function parentOf(pid: string): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
}

/**
 * The pid of the PostgreSQL server (postmaster) at `url` when it runs on this machine: the parent
 * of the backend serving a connection to it; undefined when it does not answer or runs elsewhere.
 */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return parentOf(String(rows[0]!.pid));
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CPU time (µs) used so far by every process named postgres on this machine (0 when none runs here). */
export function postgresCpuUs(): number {
  let total = 0;
  for (const us of postgresCpu().values()) total += us;
  return total;
}

/** The database a PostgreSQL connection's process serves, from its title ("postgres: [cluster: ]user database host(port) state"); undefined for the server's own processes. */
function connectedTo(pid: string): string | undefined {
  const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  return /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\]) /.exec(title)?.[1];
}

export type CpuUs = { server: number; generator: number; postgres: number };
export type CpuPerAnswer = CpuUs & { total: number };

/** The name of a PostgreSQL database from its URL ('' for none). */
export const databaseName = (database: { url?: string }) => (database.url ? decodeURIComponent(new URL(database.url).pathname.slice(1)) : '');

/** Whether PostgreSQL's processes can be counted: the database is PostgreSQL on this machine (BENCH_PG_URL may name another). */
export function postgresHere(database: { kind: string; url?: string }): boolean {
  const host = database.url ? new URL(database.url).hostname : '';
  return database.kind === 'postgres' && ['127.0.0.1', 'localhost', '[::1]', ''].includes(host) && postgresCpuUs() > 0;
}

/**
 * One slice from a load generator, with the CPU each process used meanwhile (this server process,
 * the generator, and PostgreSQL when it runs here: `countPostgres` true, or the name of the
 * bench's database to leave other databases' connections out).
 */
export async function cpuSlice<Job, Result>(generator: LoadGenerator<Job, Result>, job: Job, countPostgres: boolean | string): Promise<Result & { cpu: CpuUs }> {
  const only = typeof countPostgres === 'string' ? countPostgres : undefined;
  const gen0 = generator.pid === undefined ? undefined : processCpuUs(generator.pid);
  const pg0 = countPostgres ? postgresCpu(only) : undefined;
  const server0 = process.cpuUsage();
  const result = await generator.run(job);
  const server = process.cpuUsage(server0);
  const gen1 = generator.pid === undefined ? undefined : processCpuUs(generator.pid);
  return {
    ...result,
    cpu: { server: server.user + server.system, generator: gen0 === undefined || gen1 === undefined ? 0 : gen1 - gen0, postgres: pg0 ? postgresCpuSince(pg0, only) : 0 },
  };
}

/** µs of CPU per answer over a route's slices, per process and in all. */
export function cpuPerAnswer(slices: ReadonlyArray<{ answers: number; cpu: CpuUs }>): CpuPerAnswer {
  const answers = Math.max(1, slices.reduce((a, r) => a + r.answers, 0));
  const per = (pick: (c: CpuUs) => number) => Math.round(slices.reduce((a, r) => a + pick(r.cpu), 0) / answers);
  const c = { server: per((x) => x.server), generator: per((x) => x.generator), postgres: per((x) => x.postgres) };
  return { ...c, total: c.server + c.generator + c.postgres };
}
