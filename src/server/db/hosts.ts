import pg from 'pg';

/**
 * Connection strings with several hosts, as libpq and an orchestrator write them
 * (`postgres://user@h1:5432,h2:5433/db?target_session_attrs=read-write`: pg_auto_failover's
 * `pg_autoctl show uri`, Patroni's). node-postgres reads one host and ignores
 * target_session_attrs, so this module is the small connector decision 0012 describes: it keeps
 * the host that answered as the primary, opens every new connection there, and when that host
 * refuses, drops, or turns out to be a standby (after a failover the old primary comes back as
 * one), asks every host `select pg_is_in_recovery()` and moves to the one that says false.
 * Meanwhile connections fail as "unavailable" (the request answers 503 with Retry-After).
 */

export type HostAddress = { host: string; port: number };

/** One connection string per host of url, in order, without target_session_attrs; one element for a single-host url. */
export function splitHosts(url: string): { urls: string[]; hosts: HostAddress[]; readWrite: boolean } {
  const m = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i.exec(url);
  if (!m || !m[3]!.includes(',')) {
    return { urls: [stripLibpqOnly(url)], hosts: [], readWrite: /[?&]target_session_attrs=read-write\b/i.test(url) };
  }
  const [, scheme, userinfo = '', hostList, rest = ''] = m;
  const hosts = hostList!.split(',').map((h) => {
    const at = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(h.trim());
    if (!at || !at[1]) throw new Error(`The connection string names a host it cannot read: '${h}'.`);
    return { host: at[1].replace(/^\[|\]$/g, ''), port: Number(at[2] ?? 5432) };
  });
  const readWrite = /[?&]target_session_attrs=read-write\b/i.test(rest) || !/[?&]target_session_attrs=/i.test(rest);
  const urls = hosts.map((h) => stripLibpqOnly(`${scheme}${userinfo}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${rest}`));
  return { urls, hosts, readWrite };
}

/**
 * Parameters only libpq reads, taken out so that node-postgres does not misread them:
 * target_session_attrs (this module does it), and sslmode=prefer or allow, which node-postgres
 * treats as verify-full (it cannot fall back to plain as libpq does). Both modes accept a plain
 * connection from anyone in the middle, so they mean "no SSL" here; sslmode=require, verify-ca and
 * verify-full stay as they are.
 */
function stripLibpqOnly(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete('target_session_attrs');
  const mode = params.get('sslmode');
  if (mode === 'prefer' || mode === 'allow') params.delete('sslmode');
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/** Whether url names more than one host. */
export const isMultiHost = (url: string): boolean => splitHosts(url).urls.length > 1;

const FAILED_OVER = 'The database is switching to its standby (failover): try again in a moment.';

/** An error isDatabaseUnavailable (db/client.ts) reads as "answer 503": code 57P03, cannot_connect_now. */
export class NoPrimaryError extends Error {
  readonly code = '57P03';
  constructor(message = FAILED_OVER) {
    super(message);
    this.name = 'NoPrimaryError';
  }
}

/**
 * Which of several hosts is the primary now. `current` is the last one that said it is; `lost()`
 * (a refused connection, a standby where a primary was expected) starts one round of asking every
 * host, at most one at a time, and `current` moves when a host says it is not in recovery.
 */
export class PrimaryFinder {
  private index = 0;
  private asking: Promise<void> | undefined;
  /** Failovers seen: the primary moved to another host this many times. */
  moves = 0;

  constructor(readonly urls: readonly string[], private readonly timeoutMs = 1500) {}

  get current(): string {
    return this.urls[this.index]!;
  }

  /** Asks every host now; resolves once a primary answered or every host was asked. */
  lost(): Promise<void> {
    this.asking ??= this.ask().finally(() => {
      this.asking = undefined;
    });
    return this.asking;
  }

  private async ask(): Promise<void> {
    const answers = await Promise.all(this.urls.map((url) => isPrimary(url, this.timeoutMs)));
    const found = answers.indexOf(true);
    if (found < 0 || found === this.index) return;
    this.index = found;
    this.moves += 1;
  }
}

/** Whether the server at url accepts writes (false for a standby or a host that does not answer in time). */
export async function isPrimary(url: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    return rows[0]?.standby === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}


/**
 * A pg.Client class for a pool over several hosts: each new connection goes to the finder's current
 * host and checks that it is the primary (one extra round trip per connection, none per query).
 * A refused connection or a standby tells the finder to look again and fails this connection as
 * unavailable; the pool's next connection goes to whichever host answered as the primary.
 */
export function failoverClient(finder: PrimaryFinder): typeof pg.Client {
  return class FailoverClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? {} : config), connectionString: finder.current });
    }

    // pg-pool calls connect(callback); other callers use the promise.
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
    override connect(callback?: (err: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const done = this.checkedConnect();
      if (!callback) return done;
      done.then((client) => callback(null, client), (err: Error) => callback(err));
    }

    private async checkedConnect(): Promise<pg.Client> {
      try {
        await super.connect();
      } catch (err) {
        void finder.lost();
        throw err;
      }
      let standby: boolean | undefined;
      try {
        standby = (await this.query<{ standby: boolean }>('select pg_is_in_recovery() as standby')).rows[0]?.standby;
      } catch (err) {
        void finder.lost();
        await this.end().catch(() => undefined);
        throw err;
      }
      if (standby) {
        void finder.lost();
        await this.end().catch(() => undefined);
        throw new NoPrimaryError();
      }
      return this;
    }
  };
}

/** A connected client on the primary of url (one host or several); for migrations, LISTEN and other session state. */
export async function connectPrimary(url: string, config: Omit<pg.ClientConfig, 'connectionString'> = {}): Promise<pg.Client> {
  const { urls } = splitHosts(url);
  if (urls.length === 1) {
    const client = new pg.Client({ ...config, connectionString: urls[0] });
    await client.connect();
    return client;
  }
  const finder = new PrimaryFinder(urls, config.connectionTimeoutMillis ?? 1500);
  await finder.lost();
  const Client = failoverClient(finder);
  const client = new Client(config);
  await client.connect();
  return client;
}
