/**
 * PostgreSQL clusters on this machine for `npm run test:replicas` (issue 29) and the load bench:
 * Debian's PostgreSQL 15 binaries, PgBouncer and pg_auto_failover, each cluster in a temporary
 * folder of its own on ports of its own (55400–55600 by default), removed when stopped.
 *
 *   toolsMissing()           the Debian packages this machine lacks ([] when everything is there)
 *   startReplicaSet(opts)    a primary, streaming replicas (pg_basebackup -R, hot_standby; one
 *                            unless opts.replicas) and PgBouncer in transaction mode in front of
 *                            the primary: { primaryUrl, replicaUrl, replicaUrls, poolerUrl,
 *                            stopReplica(i), replicaLagBytes(), stop() }
 *   startAutoFailover(opts)  a pg_auto_failover monitor and two nodes (a primary and a synchronous
 *                            standby), waited for until the formation has a primary and a secondary
 *                            in sync: { formationUri, monitorUri, nodes, state(), primary(),
 *                            killPrimary(), waitForPromotion(), stop() }
 *   stopAll()                stops every cluster still running (also run on SIGINT/SIGTERM and,
 *                            as kill -9 and rm, on exit)
 *
 * URLs are plain `postgres://postgres@127.0.0.1:PORT/app` (trust authentication on 127.0.0.1:
 * these clusters are throwaway and listen on the loopback only); formationUri is the multi-host
 * URL the orchestrator gives (`pg_autoctl show uri --formation default`:
 * `postgres://127.0.0.1:P1,127.0.0.1:P2/app?target_session_attrs=read-write&sslmode=disable`).
 *
 * Settings (environment): PG_BIN (default /usr/lib/postgresql/15/bin), PGBOUNCER, PG_AUTOCTL (the
 * tools' paths), REPLICAS_PORT_FROM / REPLICAS_PORT_TO (55400–55600), REPLICAS_TMPDIR (/tmp when
 * root, else the system's temporary folder).
 *
 * initdb, pg_ctl, pg_autoctl and pgbouncer refuse to run as root: when this process is root (CI and
 * the sessions are), every one of them runs as the `postgres` system user (`runuser -u postgres`),
 * in a folder owned by it; otherwise they run as the current user.
 *
 * Failover: killPrimary() kills -9 the primary NODE, the pg_autoctl keeper and its PostgreSQL
 * (postmaster and every backend) together, as if the machine had died. Killing PostgreSQL alone is
 * no failover test: its keeper restarts it within a second and the monitor never promotes anyone.
 * The monitor's health checks are shortened (a second, not 20 s) so that the standby is promoted
 * within seconds; replication stays synchronous (synchronous_commit on, the standby in
 * synchronous_standby_names), so a write acknowledged by the old primary is on the standby.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
const PG_AUTOCTL = process.env.PG_AUTOCTL ?? '/usr/bin/pg_autoctl';
/** The database the app gets in every cluster. */
export const DATABASE = 'app';

const isRoot = process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Debian packages needed and missing on this machine, by name ([] when everything is installed). */
export function toolsMissing(): string[] {
  const missing: string[] = [];
  if (!existsSync(path.join(PG_BIN, 'initdb')) || !existsSync(path.join(PG_BIN, 'pg_basebackup'))) missing.push('postgresql-15');
  if (!existsSync(PGBOUNCER)) missing.push('pgbouncer');
  if (!existsSync(PG_AUTOCTL)) missing.push('postgresql-15-auto-failover');
  if (isRoot && !postgresUser()) missing.push('the postgres system user (from postgresql-common)');
  return missing;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

// ─── clean-up of everything started, whatever happens ──────────────────────────────────────────

type Tracked = { dir: string; pids: Set<number>; groups: Set<number>; pgdatas: string[]; stopped: boolean };
const tracked = new Set<Tracked>();
const stoppers = new Set<() => Promise<void>>();

function killHard(t: Tracked) {
  for (const g of t.groups) tryKill(-g);
  for (const p of t.pids) tryKill(p);
  for (const d of t.pgdatas) for (const pid of postgresPids(d)) tryKill(pid);
}

function tryKill(pid: number, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    // Stopped clusters too: a start under way at the stop may have left a process or a file.
    for (const t of tracked) killHard(t);
    for (const t of tracked) {
      if (!existsSync(t.dir)) continue;
      try {
        rmSync(t.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch (err) {
        console.error(`could not remove ${t.dir}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the clusters and removing their folders`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/** Stops every cluster still running and removes its folder. */
export async function stopAll(): Promise<void> {
  await Promise.all([...stoppers].map((s) => s().catch(() => undefined)));
}

/** The postmaster of a data folder and all its children (backends, walsender, …), from postmaster.pid and /proc. */
function postgresPids(pgdata: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  if (!postmaster) return [];
  const children: number[] = [];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return [postmaster, ...children];
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// ─── running the tools (as postgres when root) ──────────────────────────────────────────────────

/** A temporary folder owned by the user the tools run as; tracked for removal. */
function makeFolder(prefix: string): Tracked {
  installHandlers();
  // Under /tmp when root: the postgres user must reach the folder (a TMPDIR under /root it could not).
  const dir = mkdtempSync(path.join(process.env.REPLICAS_TMPDIR ?? (isRoot ? '/tmp' : os.tmpdir()), prefix));
  const owner = isRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const t: Tracked = { dir, pids: new Set(), groups: new Set(), pgdatas: [], stopped: false };
  tracked.add(t);
  return t;
}

function commandLine(cmd: string, args: string[], env: Record<string, string>): { file: string; argv: string[]; env: NodeJS.ProcessEnv } {
  const base = { PATH: `${PG_BIN}:/usr/sbin:/usr/bin:/bin`, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...env };
  if (!isRoot) return { file: cmd, argv: args, env: { ...process.env, ...base } };
  // runuser resets HOME and friends; env(1) sets exactly what the tool needs.
  return { file: 'runuser', argv: ['-u', 'postgres', '--', 'env', ...Object.entries(base).map(([k, v]) => `${k}=${v}`), cmd, ...args], env: process.env };
}

/** Runs a tool to its end; rejects with its output when it fails. */
function run(cmd: string, args: string[], env: Record<string, string> = {}, timeoutMs = 120_000, t?: Tracked): Promise<string> {
  if (t?.stopped) return Promise.reject(new Error(`${path.basename(cmd)}: the cluster was stopped`));
  const c = commandLine(cmd, args, env);
  return new Promise((resolve, reject) => {
    execFile(c.file, c.argv, { env: c.env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(cmd)} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`.trim()));
      else resolve(stdout);
    });
  });
}

/** Starts a long-running tool in its own process group, its output appended to logFile. */
function runInBackground(t: Tracked, cmd: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  // A start still under way when its cluster was stopped (SIGINT) starts nothing more.
  if (t.stopped) throw new Error(`${path.basename(cmd)}: the cluster was stopped`);
  const c = commandLine(cmd, args, env);
  const out = openSync(logFile, 'a');
  const child = spawn(c.file, c.argv, { env: c.env, stdio: ['ignore', out, out], detached: true });
  closeSync(out);
  if (child.pid) {
    t.pids.add(child.pid);
    t.groups.add(child.pid);
  }
  child.on('exit', () => {
    if (!child.pid) return;
    t.pids.delete(child.pid);
    t.groups.delete(child.pid);
  });
  return child;
}

/** n free TCP ports on 127.0.0.1 in [from, to], starting at a random place (other runs may hold some). */
export async function freePorts(n: number, from = Number(process.env.REPLICAS_PORT_FROM ?? 55400), to = Number(process.env.REPLICAS_PORT_TO ?? 55600)): Promise<number[]> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  const ports: number[] = [];
  for (let i = 0; i < span && ports.length < n; i++) {
    const port = from + ((start + i) % span);
    if (await portFree(port)) ports.push(port);
  }
  if (ports.length < n) throw new Error(`fewer than ${n} free ports in ${from}-${to}`);
  return ports;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export const urlOf = (port: number, database = DATABASE) => `postgres://postgres@127.0.0.1:${port}/${database}`;

/** application_name of this library's own connections (left out of replicaStatements()). */
export const PROBE = 'replicas-suite';

/** One statement on a connection of its own (no pool: these clusters come and go). */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = [], timeoutMs = 5000): Promise<T[]> {
  // No statement_timeout: a startup parameter PgBouncer refuses. application_name: PgBouncer keeps it.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: PROBE });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitUntil(what: string, fn: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<number> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      if (await fn()) return Date.now() - started;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last instanceof Error ? ` (last error: ${last.message})` : ''}`);
}

/** Settings for quick, small test clusters (synchronous_commit stays on: the no-loss claim needs it). */
const SMALL = `
listen_addresses = '127.0.0.1'
shared_buffers = 32MB
max_connections = 120
wal_level = replica
max_wal_senders = 8
max_replication_slots = 8
hot_standby = on
hot_standby_feedback = on
wal_receiver_status_interval = 1s
synchronous_commit = on
logging_collector = off
log_min_messages = warning
`;

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ─── a primary, streaming replicas and PgBouncer ─────────────────────────────────────────────────

export type ReplicaSet = {
  dir: string;
  primaryUrl: string;
  /** The first replica (replicaUrls[0]). */
  replicaUrl: string;
  /** Every replica, in order (startReplicaSet({ replicas: n })); DATABASE_REPLICA_URLS is their join(','). */
  replicaUrls: string[];
  /** PgBouncer (transaction pooling) in front of the primary. */
  poolerUrl: string;
  ports: { primary: number; replica: number; replicas: number[]; pooler: number };
  /** Bytes of WAL the furthest replica has yet to replay (0 when all caught up; undefined when none answers). */
  replicaLagBytes: () => Promise<number | undefined>;
  /** Statements the replicas ran for the app's database, from their logs (startReplicaSet({ logReplicaStatements: true }) only; this library's own look-ups not counted). */
  replicaStatements: () => number;
  /** The last lines of each log (primary, replicas, PgBouncer), for a report. */
  logs: (lines?: number) => string;
  /** Stops replica i (default the first) at once (pg_ctl stop -m immediate), as if it had failed. */
  stopReplica: (i?: number) => Promise<void>;
  /** Stops everything and removes the folder. */
  stop: () => Promise<void>;
};

export async function startReplicaSet(opts: { log?: (line: string) => void; replicas?: number; logReplicaStatements?: boolean } = {}): Promise<ReplicaSet> {
  const log = opts.log ?? (() => undefined);
  const count = Math.max(1, opts.replicas ?? 1);
  const t = makeFolder('replicas-set-');
  const ports = await freePorts(count + 2);
  const primaryPort = ports[0]!;
  const poolerPort = ports[1]!;
  const replicaPorts = ports.slice(2);
  const primary = path.join(t.dir, 'primary');
  const replicas = replicaPorts.map((_, i) => path.join(t.dir, i === 0 ? 'replica' : `replica${i + 1}`));
  const logFiles = ['primary.log', ...replicas.map((d) => `${path.basename(d)}.log`), 'pgbouncer.log', 'pgbouncer.out'];
  t.pgdatas.push(primary, ...replicas);
  let stopping: Promise<void> | undefined;
  // Every caller (the suite, SIGINT, stopAll) waits for the one stop under way.
  const stop = () => (stopping ??= (async () => {
    t.stopped = true;
    await Promise.all([primary, ...replicas].map((d) => (existsSync(path.join(d, 'postmaster.pid')) ? run(path.join(PG_BIN, 'pg_ctl'), ['-D', d, 'stop', '-m', 'immediate', '-w'], {}, 20_000).catch(() => undefined) : undefined)));
    killHard(t);
    rmSync(t.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    stoppers.delete(stop);
  })());
  stoppers.add(stop);
  try {
    const t0 = Date.now();
    await run(path.join(PG_BIN, 'initdb'), ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], {}, 120_000, t);
    appendFileSync(path.join(primary, 'postgresql.conf'), `${SMALL}port = ${primaryPort}\nunix_socket_directories = '${t.dir}'\n`);
    await run(path.join(PG_BIN, 'pg_ctl'), ['-D', primary, '-l', path.join(t.dir, 'primary.log'), '-w', '-t', '60', 'start'], {}, 120_000, t);
    await query(urlOf(primaryPort, 'postgres'), `create database ${DATABASE}`);
    log(`primary on ${primaryPort} in ${Date.now() - t0} ms`);
    for (const [i, replica] of replicas.entries()) {
      await run(path.join(PG_BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'], {}, 120_000, t);
      // The copy carries the primary's port: the replica's own, later in the file, wins.
      appendFileSync(path.join(replica, 'postgresql.conf'), `port = ${replicaPorts[i]}\n${opts.logReplicaStatements ? "log_statement = 'all'\nlog_line_prefix = '%m [%p] db=%d app=%a '\n" : ''}`);
      await run(path.join(PG_BIN, 'pg_ctl'), ['-D', replica, '-l', path.join(t.dir, `${path.basename(replica)}.log`), '-w', '-t', '60', 'start'], {}, 120_000, t);
    }
    await waitUntil('the replicas stream from the primary', async () =>
      (await query<{ n: number }>(urlOf(primaryPort, 'postgres'), `select count(*)::int as n from pg_stat_replication where state = 'streaming'`))[0]!.n === count, 30_000);
    log(`${count} replica${count > 1 ? 's' : ''} on ${replicaPorts.join(', ')} streaming after ${Date.now() - t0} ms`);

    // PgBouncer in transaction mode: a server connection per transaction, nothing kept across them.
    const ini = path.join(t.dir, 'pgbouncer.ini');
    writeFileSync(path.join(t.dir, 'userlist.txt'), '"postgres" ""\n');
    writeFileSync(ini, [
      '[databases]',
      `* = host=127.0.0.1 port=${primaryPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${poolerPort}`,
      `unix_socket_dir = ${t.dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(t.dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      // What drivers commonly send and a pooler cannot keep per client; nothing else is ignored.
      'ignore_startup_parameters = extra_float_digits',
      `pidfile = ${path.join(t.dir, 'pgbouncer.pid')}`,
      `logfile = ${path.join(t.dir, 'pgbouncer.log')}`,
      'admin_users = postgres',
      '',
    ].join('\n'));
    if (isRoot) for (const f of ['pgbouncer.ini', 'userlist.txt']) chownSync(path.join(t.dir, f), postgresUser()!.uid, postgresUser()!.gid);
    runInBackground(t, PGBOUNCER, [ini], {}, path.join(t.dir, 'pgbouncer.out'));
    await waitUntil('PgBouncer answers', async () => (await query(urlOf(poolerPort), 'select 1')).length === 1, 15_000, 100);
    log(`PgBouncer on ${poolerPort} after ${Date.now() - t0} ms`);
  } catch (err) {
    const logs = logFiles.map((f) => `── ${f}\n${tail(path.join(t.dir, f))}`).join('\n');
    await stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logs}`);
  }

  return {
    dir: t.dir,
    primaryUrl: urlOf(primaryPort),
    replicaUrl: urlOf(replicaPorts[0]!),
    replicaUrls: replicaPorts.map((p) => urlOf(p)),
    poolerUrl: urlOf(poolerPort),
    ports: { primary: primaryPort, replica: replicaPorts[0]!, replicas: replicaPorts, pooler: poolerPort },
    replicaLagBytes: async () => {
      try {
        const [row] = await query<{ lag: string | null }>(urlOf(primaryPort, 'postgres'), `select max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text as lag from pg_stat_replication`);
        return row?.lag == null ? undefined : Number(row.lag);
      } catch {
        return undefined;
      }
    },
    replicaStatements: () => replicas.reduce((n, d) => {
      let text = '';
      try {
        text = readFileSync(path.join(t.dir, `${path.basename(d)}.log`), 'utf8');
      } catch {
        return n;
      }
      return n + text.split('\n').filter((l) => l.includes(` db=${DATABASE} `) && !l.includes(` app=${PROBE} `) && /(statement|execute [^:]*):/.test(l)).length;
    }, 0),
    logs: (lines = 30) => logFiles.map((f) => `── ${f}\n${tail(path.join(t.dir, f), lines)}`).join('\n'),
    stopReplica: async (i = 0) => {
      await run(path.join(PG_BIN, 'pg_ctl'), ['-D', replicas[i]!, 'stop', '-m', 'immediate', '-w'], {}, 20_000);
    },
    stop,
  };
}

// ─── pg_auto_failover: a monitor, a primary and a synchronous standby ───────────────────────────

export type FormationNode = { name: string; port: number; pgdata: string; url: string };
export type NodeState = { name: string; port: number; reportedState: string; goalState: string; health: number };

export type AutoFailover = {
  dir: string;
  /** What the orchestrator gives the application: several hosts, target_session_attrs=read-write. */
  formationUri: string;
  monitorUri: string;
  nodes: FormationNode[];
  /** The primary's replication settings once the standby was in sync (what makes an acknowledged commit safe). */
  replication: { synchronousStandbyNames: string; synchronousCommit: string; syncState: string };
  /** Each node's states as the monitor sees them. */
  state: () => Promise<NodeState[]>;
  /** The node the monitor has as primary (reported and goal state primary/single/wait_primary). */
  primary: () => Promise<FormationNode | undefined>;
  /** kill -9 the current primary's keeper and PostgreSQL together (see the top of this file). */
  killPrimary: () => Promise<{ node: FormationNode; at: number }>;
  /** Resolves with the new primary once another node than `old` accepts writes; rejects after timeoutMs. */
  waitForPromotion: (old: FormationNode, timeoutMs?: number) => Promise<{ node: FormationNode; ms: number }>;
  stop: () => Promise<void>;
};

/** The monitor's health checks, shortened: seconds to promotion rather than half a minute. */
const MONITOR_SETTINGS: Record<string, string> = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '2000',
  'pgautofailover.primary_demote_timeout': '3000',
  'pgautofailover.startup_grace_period': '2000',
};

export async function startAutoFailover(opts: { log?: (line: string) => void; timeoutMs?: number } = {}): Promise<AutoFailover> {
  const log = opts.log ?? (() => undefined);
  const t = makeFolder('replicas-failover-');
  const [monitorPort, port1, port2] = (await freePorts(3)) as [number, number, number];
  const env = {
    // pg_autoctl keeps its configuration, state and pid files under the XDG folders: inside ours.
    XDG_CONFIG_HOME: path.join(t.dir, 'config'),
    XDG_DATA_HOME: path.join(t.dir, 'data'),
    XDG_RUNTIME_DIR: path.join(t.dir, 'run'),
    HOME: t.dir,
    PG_CONFIG: path.join(PG_BIN, 'pg_config'),
  };
  const monitorData = path.join(t.dir, 'monitor');
  const nodes: FormationNode[] = [port1, port2].map((port, i) => ({ name: `node${i + 1}`, port, pgdata: path.join(t.dir, `node${i + 1}`), url: urlOf(port) }));
  t.pgdatas.push(monitorData, ...nodes.map((n) => n.pgdata));
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const monitorAdmin = `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const keepers = new Map<string, ChildProcess>();
  const killed = new Set<string>();
  let replication = { synchronousStandbyNames: '', synchronousCommit: '', syncState: '' };

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    t.stopped = true;
    // No orderly pg_autoctl stop: the nodes would fail over to each other on the way down.
    killHard(t);
    for (const d of t.pgdatas) for (const pid of postgresPids(d)) tryKill(pid);
    await sleep(200);
    rmSync(t.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    stoppers.delete(stop);
  })());
  stoppers.add(stop);

  const autoctl = (args: string[], timeoutMs?: number) => run(PG_AUTOCTL, args, env, timeoutMs, t);
  const state = async (): Promise<NodeState[]> => (await query<{ name: string; port: number; reported: string; goal: string; health: number }>(monitorAdmin,
    `select nodename as name, nodeport as port, reportedstate::text as reported, goalstate::text as goal, health from pgautofailover.node order by nodeid`))
    .map((r) => ({ name: r.name, port: r.port, reportedState: r.reported, goalState: r.goal, health: r.health }));
  const isPrimaryState = (s: string) => s === 'primary' || s === 'single' || s === 'wait_primary';
  const primary = async () => {
    const row = (await state()).find((s) => isPrimaryState(s.reportedState) && isPrimaryState(s.goalState) && !killed.has(`node:${s.port}`));
    return row ? nodes.find((n) => n.port === row.port) : undefined;
  };

  const total = opts.timeoutMs ?? 150_000;
  try {
    const t0 = Date.now();
    await autoctl(['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--pgctl', path.join(PG_BIN, 'pg_ctl')]);
    keepers.set('monitor', runInBackground(t, PG_AUTOCTL, ['run', '--pgdata', monitorData], env, path.join(t.dir, 'monitor.out')));
    await waitUntil('the monitor answers', async () => (await query(monitorAdmin, 'select 1')).length === 1, 30_000);
    for (const [name, value] of Object.entries(MONITOR_SETTINGS)) await query(monitorAdmin, `alter system set ${name} = '${value}'`);
    await query(monitorAdmin, 'select pg_reload_conf()');
    log(`monitor on ${monitorPort} in ${Date.now() - t0} ms`);

    for (const node of nodes) {
      await autoctl(['create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port), '--hostname', '127.0.0.1', '--name', node.name,
        '--dbname', DATABASE, '--username', 'postgres', '--monitor', monitorUri, '--auth', 'trust', '--no-ssl', '--pgctl', path.join(PG_BIN, 'pg_ctl')], total);
      keepers.set(node.name, runInBackground(t, PG_AUTOCTL, ['run', '--pgdata', node.pgdata], env, path.join(t.dir, `${node.name}.out`)));
      // The first node is the primary (state single) before the second one joins as its standby.
      const want = node === nodes[0] ? ['single'] : ['secondary'];
      await waitUntil(`${node.name} reaches ${want.join('/')}`, async () => (await state()).some((s) => s.port === node.port && want.includes(s.reportedState) && s.goalState === s.reportedState), total, 250);
      log(`${node.name} on ${node.port} is ${want.join('/')} after ${Date.now() - t0} ms`);
    }
    await waitUntil('a primary and a secondary', async () => {
      const s = await state();
      return s.some((n) => n.reportedState === 'primary' && n.goalState === 'primary') && s.some((n) => n.reportedState === 'secondary' && n.goalState === 'secondary');
    }, total, 250);
    // Synchronous: the standby named in the primary's synchronous_standby_names and reported in sync.
    await waitUntil('the standby in sync', async () => {
      const [row] = await query<{ sync: string | null; names: string; commit: string }>(nodes[0]!.url, `select (select sync_state from pg_stat_replication limit 1) as sync,
        current_setting('synchronous_standby_names') as names, current_setting('synchronous_commit') as commit`);
      replication = { synchronousStandbyNames: row!.names, synchronousCommit: row!.commit, syncState: row!.sync ?? '' };
      return row!.names !== '' && (row!.sync === 'sync' || row!.sync === 'quorum') && row!.commit !== 'off' && row!.commit !== 'local';
    }, 30_000, 250);
    log(`formation ready (primary + synchronous standby) after ${Date.now() - t0} ms`);
  } catch (err) {
    const logs = ['monitor.out', ...nodes.map((n) => `${n.name}.out`)].map((f) => `── ${f}\n${tail(path.join(t.dir, f))}`).join('\n');
    await stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logs}`);
  }

  const formationUri = (await autoctl(['show', 'uri', '--formation', 'default', '--pgdata', monitorData])).trim();

  const killPrimary = async () => {
    const node = await primary();
    if (!node) throw new Error('no primary to kill');
    const keeper = keepers.get(node.name);
    // The keeper first (it would restart PostgreSQL), then the postmaster and its backends, in one go.
    const pids = postgresPids(node.pgdata);
    if (keeper?.pid) tryKill(-keeper.pid);
    for (const pid of pids) tryKill(pid);
    for (const pid of postgresPids(node.pgdata)) tryKill(pid);
    killed.add(`node:${node.port}`);
    return { node, at: Date.now() };
  };

  const waitForPromotion = async (old: FormationNode, timeoutMs = 60_000) => {
    const started = Date.now();
    let found: FormationNode | undefined;
    await waitUntil('the monitor has another node as primary, and it is out of recovery', async () => {
      const next = (await state()).find((s) => s.port !== old.port && isPrimaryState(s.reportedState) && s.goalState === s.reportedState);
      const n = next && nodes.find((x) => x.port === next.port);
      if (!n) return false;
      const [row] = await query<{ standby: boolean }>(n.url, 'select pg_is_in_recovery() as standby', [], 1000);
      if (row?.standby !== false) return false;
      found = n;
      return true;
    }, timeoutMs, 100);
    return { node: found!, ms: Date.now() - started };
  };

  return { dir: t.dir, formationUri, monitorUri, nodes, replication, state, primary, killPrimary, waitForPromotion, stop };
}
