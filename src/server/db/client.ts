import { mkdirSync, readdirSync, rmSync, writeFileSync, accessSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, PGlite, protocol, type messages } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { DataDirLockedError, lockDataDir, type LockOptions } from './lock';
import { connectPrimary, failoverClient, PrimaryFinder, splitHosts } from './hosts';

export { DataDirLockedError };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Whether db is the embedded database: its statements then run on this process's own thread, so
 * long ones stall every request (the engine keeps its chunks smaller there).
 */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** Whether a database or an open transaction (drizzle's) is the embedded database's. */
export function isEmbeddedExecutor(executor: unknown): boolean {
  return executor instanceof PgliteTransaction || executor instanceof PgliteDatabase;
}

/** invalid_sql_statement_name, duplicate_prepared_statement, feature_not_supported ('cached plan must not change result type'). */
const STATEMENT_NOT_KEPT = new Set(['26000', '42P05', '0A000']);
/** Pools where named statements failed once: their statements go unnamed from then on. */
const unnamedOnly = new WeakSet<pg.Pool>();

/** A statement kept prepared on each connection (PostgreSQL) under its name. */
export type PreparedStatement = { name: string; text: string };

/**
 * Runs a statement that a hot path sends many times a second with its values, as a named prepared
 * statement: parsed and planned once (per pool connection on PostgreSQL), then only bound and
 * executed. Drizzle's raw `sql` goes unnamed, so the database parses and plans it on every call:
 * for the webhook's one-row inserts on PostgreSQL that was a third of each insert's time
 * (bench/card-events.ts), and on the embedded database the planning of a page's session read was
 * most of its time (0.3 of 0.38 ms: bench/page-assembly.ts).
 */
export async function runPrepared<T>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    if (unnamedOnly.has(client)) return (await client.query<T & pg.QueryResultRow>(statement.text, values)).rows;
    try {
      return (await client.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values })).rows;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code !== 'string' || !STATEMENT_NOT_KEPT.has(code)) throw err;
      // The server did not keep the statement (a pooler that hands each statement to any
      // connection: PgBouncer in transaction mode before 1.21, RDS Proxy), or its plan no longer
      // fits the table (a migration while running). The statement did nothing; it runs again
      // unnamed, and so does every later one on this pool.
      unnamedOnly.add(client);
      return (await client.query<T & pg.QueryResultRow>(statement.text, values)).rows;
    }
  }
  if (client instanceof PGlite) return runPreparedPglite<T>(client, statement, values);
  throw new Error('runPrepared: the database is neither a PostgreSQL pool nor PGlite.');
}

/** The statements prepared on each embedded database, by name: their parameters' types. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<number[]>>>();

/**
 * runPrepared on the embedded database. PGlite's query() parses and plans its statement each time
 * (the unnamed statement); this sends the protocol's messages itself: Parse under the statement's
 * name once, then Bind, Execute and Sync in one message, values serialised and rows decoded as
 * query() does them. Outside a transaction only, as query() (it waits for one to end).
 */
async function runPreparedPglite<T>(client: PGlite, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const { serialize } = protocol;
  let kept = preparedOnPglite.get(client);
  if (!kept) preparedOnPglite.set(client, kept = new Map());
  let types = kept.get(statement.name);
  if (!types) {
    const describe = concat(serialize.describe({ type: 'S', name: statement.name }), serialize.sync());
    const prepared = exclusive(client, async () => {
      const described = await client.execProtocolStream(concat(serialize.parse({ name: statement.name, text: statement.text }), describe), { syncToFs: false })
        // Prepared already by another object over the same database (a test's wrapper of the client): names are the statements'.
        .catch((err: unknown) => ((err as { code?: unknown }).code === '42P05' ? client.execProtocolStream(describe, { syncToFs: false }) : Promise.reject(err)));
      return described.find((m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    });
    kept.set(statement.name, types = prepared);
    // Not prepared (a mistake in its text): the next call tries again, and fails alike.
    prepared.catch(() => kept.delete(statement.name));
  }
  const oids = await types;
  const bound = values.map((v, i) => (v === null || v === undefined ? null : (client.serializers[oids[i]!]?.(v) ?? String(v))));
  try {
    return await exclusive(client, async () => {
      const answer = await client.execProtocolStream(concat(serialize.bind({ statement: statement.name, values: bound }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()), { syncToFs: false });
      await client.syncToFs();
      return (parse.parseResults(answer, client.parsers)[0]?.rows ?? []) as T[];
    });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string' || !STATEMENT_NOT_KEPT.has(code)) throw err;
    // Its table changed shape since it was prepared (a migration): prepared again on the next call.
    kept.delete(statement.name);
    await exclusive(client, () => client.execProtocolStream(concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), { syncToFs: false })).catch(() => undefined);
    return (await client.query<T>(statement.text, values)).rows;
  }
}

/** As PGlite's query() runs: after any transaction in progress, one statement at a time. */
const exclusive = <R>(client: PGlite, fn: () => Promise<R>) => client._runExclusiveTransaction(() => client.runExclusive(fn));

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * PostgreSQL: the primary's own connection string (DATABASE_DIRECT_URL when the pool goes
   * through a pooler, else DATABASE_URL): migrations, LISTEN and session-level advisory locks run
   * on connections of their own there.
   */
  url?: string;
};

/** Pools whose own connections go through a transaction-mode pooler: the primary's own address for session state. */
const directUrls = new WeakMap<pg.Pool, string>();

/**
 * A connection of its own on the primary, for what a pooled connection cannot keep: LISTEN, a
 * session's advisory lock, migrations. Through a transaction-mode pooler (PgBouncer) the next
 * statement may run on another server connection, so these use DATABASE_DIRECT_URL; the host list
 * of a failover URL is followed (db/hosts.ts).
 */
export function connectDirect(pool: pg.Pool, config: Omit<pg.ClientConfig, 'connectionString'> = {}): Promise<pg.Client> {
  const url = directUrls.get(pool) ?? (pool.options as { connectionString?: string }).connectionString;
  if (!url) throw new Error('connectDirect: the pool has no connection string.');
  return connectPrimary(url, config);
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** How long a PostgreSQL connection attempt or statement may take before the request answers 503. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 1500;

export type OpenPgliteOptions = {
  /** Lock heartbeat and staleness (tests shorten them). */
  lock?: { updateMs?: number; staleMs?: number };
  /**
   * Called once when another process took the folder over. The default logs the message and exits
   * at once with status 1: closing the database would write to files that are no longer ours.
   */
  onLockLost?: (message: string) => void;
};

const exitOnLockLost = (message: string) => {
  console.error(message);
  process.exit(1);
};

/**
 * Opens the embedded database in dataDir, holding a lock so that a second process cannot open the
 * same folder (PGlite is single-process; two writers would corrupt it). A failure to open names the
 * folder and what to do (full disk, read-only files, another process).
 */
export async function openPglite(dataDir: string, opts: OpenPgliteOptions = {}): Promise<Database> {
  const dir = path.resolve(dataDir);
  let release: (() => Promise<void>) | undefined;
  let client: PGlite | undefined;
  try {
    mkdirSync(dir, { recursive: true });
    const lockOptions: LockOptions = { ...opts.lock, onCompromised: opts.onLockLost ?? exitOnLockLost };
    release = (await lockDataDir(dir, lockOptions)).release;
    client = new PGlite(path.join(dir, 'pgdata'));
    await client.waitReady;
  } catch (err) {
    await release?.().catch(() => undefined);
    if (err instanceof DataDirLockedError) throw err;
    const message = describeDataDirError(err, dir);
    throw message ? new Error(message, { cause: err }) : err;
  }
  const opened = client;
  const unlock = release;
  return {
    db: drizzlePglite(opened, { schema }) as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await opened.close();
      await unlock();
    },
  };
}

/** In-memory PGlite, optionally loaded from a dump made by dumpDataDir (tests). */
export async function openMemoryPglite(loadDataDir?: Blob | File): Promise<Database & { client: PGlite }> {
  const client = new PGlite(loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  return { db: drizzlePglite(client, { schema }) as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}

// Error numbers of PGlite's (Emscripten's) file system: it throws ErrnoError { errno } without a message.
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 29: 'EIO', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

/**
 * The file-system error code ('ENOSPC', 'EACCES' …) of a PGlite error, or of a Node error about a
 * path inside dir (not, say, a refused listen on a port).
 */
function fsCode(err: unknown, dir: string): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, errno, name, path: file } = e as { code?: unknown; errno?: unknown; name?: unknown; path?: unknown };
    if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof file === 'string' && isInside(path.resolve(file), dir)) return code;
  }
  return undefined;
}

const isInside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep) || dir.startsWith(file + path.sep);

const uid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);
/** What to run to give this user the folder, where there are uids. */
const grant = (dir: string) => {
  const id = uid();
  return id === undefined ? 'give this user write access to it' : `give this user (uid ${id}) write access, e.g. chown -R ${id} ${dir} && chmod -R u+rwX ${dir},`;
};

/** Whether a folder accepts a new file, tried for real (root ignores permission bits). */
function probeWrite(folder: string): string | undefined {
  const probe = path.join(folder, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'EIO';
  }
}

/** The first folder or control file of a PGlite data folder this process cannot write, with the reason. */
function unwritablePart(pgdata: string): { part: string; code: string } | undefined {
  let folders: string[] = [pgdata];
  try {
    folders = [pgdata, ...readdirSync(pgdata, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(pgdata, d.name))];
  } catch {
    return undefined;
  }
  for (const folder of folders) {
    const code = probeWrite(folder);
    if (code && code !== 'ENOENT') return { part: folder, code };
  }
  try {
    accessSync(path.join(pgdata, 'global', 'pg_control'), fsConstants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code && code !== 'ENOENT') return { part: path.join(pgdata, 'global', 'pg_control'), code };
  }
  return undefined;
}

/**
 * One sentence for an embedded-database folder that cannot be opened: which folder, what is wrong,
 * what to do. Undefined for an error it does not recognise (the caller shows that one as it is).
 */
export function describeDataDirError(err: unknown, dataDir: string): string | undefined {
  const dir = path.resolve(dataDir);
  const pgdata = path.join(dir, 'pgdata');
  const full = `The disk holding the data folder ${dir} is full: free some space on it, or set DATA_DIR to a folder on another disk, and start again.`;
  const code = fsCode(err, dir);
  if (code === 'ENOSPC' || code === 'EDQUOT') return full;
  if (code === 'EROFS') return `The data folder ${dir} is on a read-only file system: mount it writable, or set DATA_DIR to a folder on a writable disk.`;
  const message = err instanceof Error ? err.message : '';
  const denied = code === 'EACCES' || code === 'EPERM';
  if (denied || /PGlite failed to initiali[sz]e/i.test(message) || (err as { name?: unknown } | null)?.name === 'ErrnoError') {
    const blocked = unwritablePart(pgdata);
    if (denied && !blocked) return `The data folder ${dir} is not writable by this user: ${grant(dir)} or set DATA_DIR to a writable folder.`;
    if (blocked?.code === 'ENOSPC' || blocked?.code === 'EDQUOT') return full;
    if (blocked?.code === 'EROFS') return `The database files in ${pgdata} are on a read-only file system: mount it writable, or set DATA_DIR to a folder on a writable disk.`;
    if (blocked) {
      const where = blocked.part === pgdata ? '' : ` (${path.relative(pgdata, blocked.part)} refuses writes)`;
      return `The database files in ${pgdata} are read-only for this user${where}: ${grant(dir)} or set DATA_DIR to another folder.`;
    }
    return `The embedded database in ${pgdata} could not be opened${code ? ` (${code})` : ''}: if the folder is damaged or was written by another version, move it away (a new one is created and seeded) or restore a backup.`;
  }
  return undefined;
}

/**
 * A pool whose waits are bounded: connecting (and waiting for a free connection) and each
 * statement give up after timeoutMs, so that a database that stopped or stopped answering turns
 * into a quick 503 instead of a request that hangs. Without timeoutMs only the keep-alive is set
 * (tests, tools).
 */
export function openPostgres(url: string, max = 10, opts: { timeoutMs?: number; directUrl?: string } = {}): Database & { pool: pg.Pool } {
  const timeoutMs = opts.timeoutMs;
  // Several hosts (a failover formation's URL): each new connection goes to the one that is the primary now.
  const { urls } = splitHosts(url);
  const finder = urls.length > 1 ? new PrimaryFinder(urls, timeoutMs ?? 1500) : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    ...(finder ? { Client: failoverClient(finder) } : {}),
    max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeoutMs ? {
      connectionTimeoutMillis: timeoutMs,
      // Server side: a statement running longer is cancelled (57014) and the connection stays usable.
      // Not through a pooler: PgBouncer refuses a connection whose start-up names it (set it on the
      // role instead, docs/operations.md); the client-side timeout below still bounds every wait.
      ...(opts.directUrl ? {} : { statement_timeout: timeoutMs }),
      // Client side, a little later: the server does not answer at all (paused, network gone).
      query_timeout: timeoutMs + 250,
    } : { connectionTimeoutMillis: 30_000 }),
  });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  pool.on('connect', (client) => dropOnReadTimeout(client));
  if (opts.directUrl) {
    directUrls.set(pool, opts.directUrl);
    // A transaction-mode pooler hands each statement to any server connection: a named statement
    // prepared on one is unknown on the next, so statements go unnamed from the start.
    unnamedOnly.add(pool);
  }
  return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', pool, url: opts.directUrl ?? url, close: () => endPool(pool) };
}

/**
 * Closes the pool. pool.end() waits for every connection to be handed back and to say goodbye; one
 * still out on a database that stopped answering (an outage) would keep it waiting for ever, so
 * after a second the connections' sockets are dropped: shutting down never hangs.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const ended = pool.end().catch(() => undefined);
  const late = await Promise.race([ended.then(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, 1000, true).unref())]);
  if (!late) return;
  for (const c of (pool as unknown as { _clients?: Array<{ connection?: { stream?: { destroy?: () => void } } }> })._clients ?? []) c.connection?.stream?.destroy?.();
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
}

/**
 * A connection whose answer did not come in time is in an unknown state: close it, so that the
 * statements queued behind it (a transaction's rollback) fail at once instead of waiting in turn,
 * and the pool replaces it. A checked-out connection also gets an error listener: the pool only
 * listens on idle ones, and an unheard 'error' event would end the process.
 */
function dropOnReadTimeout(client: pg.PoolClient) {
  client.on('error', () => undefined);
  const target = client as unknown as { query: (...args: unknown[]) => unknown; connection?: { stream?: { destroy: () => void } } };
  const query = target.query.bind(client);
  const drop = (err: unknown) => {
    if (err instanceof Error && err.message === 'Query read timeout') target.connection?.stream?.destroy();
  };
  target.query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        drop(err);
        (callback as (e: unknown, r: unknown) => void)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(drop);
    return result;
  };
}

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL connect and statement timeout; unset: no statement timeout (migrations, seeding). */
  databaseTimeoutMs?: number;
  /** PostgreSQL pool size. */
  max?: number;
  /** The primary's own address when databaseUrl is a transaction-mode pooler (DATABASE_DIRECT_URL). */
  directUrl?: string;
} & OpenPgliteOptions;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.max, { timeoutMs: opts.databaseTimeoutMs, directUrl: opts.directUrl }) : openPglite(opts.dataDir, opts);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN',
  // admin_shutdown, crash_shutdown, cannot_connect_now, query_canceled (statement_timeout), too_many_connections,
  // read_only_sql_transaction (a write reached a primary demoted to standby by a failover)
  '57P01', '57P02', '57P03', '57014', '53300', '25006',
]);
// pg's words: the pool's and the client's connect timeouts, a dropped connection, query_timeout.
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|not queryable|Cannot use a pool after calling end|connection timeout|PGlite is closed/i;

/** The error and its causes (DrizzleQueryError wraps the pg error; a failed connect may be an AggregateError). */
function* errorChain(err: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  yield err as { code?: unknown; message?: unknown };
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  yield* errorChain(cause, depth + 1);
  if (Array.isArray(errors)) for (const e of errors) yield* errorChain(e, depth + 1);
}

/**
 * Whether an error means "the database cannot be used right now" (stopped, restarting, paused,
 * unreachable, too slow) rather than a fault of the request or of the code: such errors answer
 * 503 and clear up by themselves once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** host:port, database and user of a connection string; never the password. */
export function postgresAddress(url: string): string {
  const { urls } = splitHosts(url);
  if (urls.length > 1) return `${urls.map((u) => postgresAddress(u).replace(/ \(.*$/, '')).join(' or ')}${postgresAddress(urls[0]!).replace(/^[^ ]*/, '')}`;
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(default)';
    const user = u.username ? `, user ${decodeURIComponent(u.username)}` : '';
    return `${host}:${u.port || '5432'} (database ${database}${user})`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

/** The cause of a failed PostgreSQL connection in a few words, with what to check. */
function postgresCause(err: unknown, url: string, timeoutMs: number): string {
  const chain = [...errorChain(err)];
  const codes = chain.map((e) => (typeof e.code === 'string' ? e.code : '')).filter(Boolean);
  const messages = chain.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean);
  const has = (code: string) => codes.includes(code);
  const said = (re: RegExp) => messages.some((m) => re.test(m));
  let host = 'the host';
  let user = 'the user';
  let database = 'the database';
  try {
    const u = new URL(url);
    host = u.hostname;
    user = decodeURIComponent(u.username) || user;
    database = decodeURIComponent(u.pathname.replace(/^\//, '')) || database;
  } catch {
    // keep the generic words
  }
  if (has('ECONNREFUSED')) return 'the connection was refused (is PostgreSQL running and listening on that address and port?)';
  if (has('ENOTFOUND') || has('EAI_AGAIN')) return `the host name ${host} cannot be resolved (check the host in DATABASE_URL)`;
  if (has('EHOSTUNREACH') || has('ENETUNREACH')) return `${host} cannot be reached over the network`;
  if (has('ETIMEDOUT') || said(/timeout exceeded when trying to connect|^timeout expired$|connection timeout|Query read timeout/i)) {
    return `it did not answer within ${timeoutMs} ms (is the server overloaded or paused, or a firewall dropping the connection?)`;
  }
  if (has('28P01') || said(/password must be a string|SASL/i)) return `authentication failed for user ${user} (check the user name and password in DATABASE_URL)`;
  if (has('28000')) return `the server does not let user ${user} connect from here (check pg_hba.conf and the user name)`;
  if (has('3D000')) return `the database ${database} does not exist (create it, for example with createdb ${database}, or fix its name in DATABASE_URL)`;
  if (has('57P03')) return 'the server is starting up, shutting down or recovering (try again in a moment)';
  if (has('08P01') && said(/unsupported startup parameter/i)) {
    return 'it looks like a connection pooler (PgBouncer) that refuses the start-up parameter statement_timeout: set DATABASE_DIRECT_URL to the primary\'s own address (the app then sends no such parameter through the pooler; docs/operations.md)';
  }
  if (has('53300')) return 'the server has no free connection slots (too many connections)';
  if (said(/does not support SSL/i)) return 'the server does not support SSL (remove sslmode from DATABASE_URL)';
  if (has('ECONNRESET') || said(/Connection terminated/i)) return 'the server closed the connection (is it shutting down, or does it require SSL: add ?sslmode=require)';
  const first = (messages[0] ?? String(err)).split('\n')[0]!.replace(/params:.*$/, '').slice(0, 200);
  return `${first}${codes[0] ? ` (${codes[0]})` : ''}`;
}

/** One sentence naming the database's address (never the password) and the cause. */
export function describePostgresError(err: unknown, url: string, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS): string {
  return `Cannot connect to PostgreSQL at ${postgresAddress(url)}: ${postgresCause(err, url, timeoutMs)}.`;
}

/** Connects once and runs `select 1`; throws an Error whose message is describePostgresError's sentence. */
export async function checkPostgres(url: string, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS): Promise<void> {
  let client: pg.Client | undefined;
  try {
    client = await connectPrimary(url, { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
    client.on('error', () => undefined);
    await client.query('select 1');
  } catch (err) {
    throw new Error(describePostgresError(err, url, timeoutMs), { cause: err });
  } finally {
    await client?.end().catch(() => undefined);
  }
}

/**
 * Applies committed migrations; on PostgreSQL on a connection of its own (an advisory lock belongs
 * to one session, and migrations may run longer than the serving pool's statement timeout), under
 * an advisory lock so parallel instances take turns.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  if (!database.url) throw new Error('runMigrations needs the PostgreSQL connection string (open the database with openPostgres).');
  const client = await connectPrimary(database.url, { connectionTimeoutMillis: 30_000, keepAlive: true });
  client.on('error', () => undefined);
  try {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  } finally {
    await client.end();
  }
}
