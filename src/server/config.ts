import { z } from 'zod';
import { secretWeakness } from './lib/secret-strength';

/**
 * The only place that reads process.env. Every variable is optional; the defaults give a working
 * demo on a fresh machine (embedded database in ./data, partner sites on *.localhost:3000).
 */
/** A postgres:// connection string: one host, or several separated by commas as libpq writes them. */
const zPostgresUrl = z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/i, 'Use a postgres:// or postgresql:// address.');

/** 'postgres://a/x,postgres://b/x' → both: the commas that start a new postgres:// address split it (a host list keeps its commas). */
export const splitUrlList = (v: string | undefined): string[] => (v ?? '').split(/,(?=\s*postgres(?:ql)?:\/\/)/i).map((u) => u.trim()).filter(Boolean);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL; several hosts (postgres://h1:5432,h2:5432/db?target_session_attrs=read-write) follow a failover (db/hosts.ts). */
  DATABASE_URL: zPostgresUrl.optional(),
  /** Read replicas, comma-separated (docs/operations.md): read-only work goes to them (db/replicas.ts). */
  DATABASE_REPLICA_URLS: z.string().refine((v) => splitUrlList(v).every((u) => zPostgresUrl.safeParse(u).success), 'Use postgres:// addresses separated by commas.').optional(),
  /** A replica further behind the primary than this is skipped. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** When DATABASE_URL is a transaction-mode pooler (PgBouncer): the primary's own address, for LISTEN, advisory locks and migrations. */
  DATABASE_DIRECT_URL: zPostgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEFAULT_PARTNER: z.string().min(1).default('delta'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Optional extra host → partner code map, e.g. "dining.example.com=delta,eat.example.org=hilton". */
  PARTNER_HOSTS: z.string().optional(),
  /** Map tiles. Empty means no tile layer (markers still work); tiles need a network. */
  MAP_TILE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Seed size on first start of an empty database. */
  SEED_MERCHANTS: z.coerce.number().int().min(0).max(500000).default(20000),
  /** The demo members' year of history on a first start: written while the server already answers ('background'), or before it listens. */
  DEMO_HISTORY: z.enum(['background', 'before-listen']).default('background'),
  /** Proxies in front of the app: a hop count ("1") or comma-separated addresses/ranges. Unset: none trusted. */
  TRUST_PROXY: z.string().regex(/^(\d{1,2}|[0-9a-fA-F:.,/\s]+)$/, 'Use a hop count like 1, or addresses and ranges separated by commas.').optional(),
  /** Staging tools (/stgtools): on outside production unless set to false; never in production. */
  STAGING_TOOLS: z.enum(['true', 'false']).optional(),
  /** Origin of the secure card-entry frame; in development a second port of this server. */
  CARD_FRAME_ORIGIN: z.string().url().optional(),
  CARD_FRAME_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** PEM RSA private key (2048 bits or more) of the card frame's encryption; required in production. */
  CARD_PRIVATE_KEY: z.string().optional(),
  /** HMAC key of card fingerprints (32+ characters); unset: a key generated once in app_secrets. */
  CARD_FINGERPRINT_KEY: z.string().min(32, 'Use at least 32 characters.').optional(),
  /** Earlier fingerprint keys, comma-separated, while they are rotated out (docs/card-keys.md). */
  CARD_FINGERPRINT_PREVIOUS_KEYS: z.string().refine((v) => v.split(',').every((k) => k.trim().length >= 32), 'Each previous key needs at least 32 characters.').optional(),
  /** smtp(s)://user:pass@host:port; unset keeps e-mails in the outbox table (staging tools show them). */
  SMTP_URL: z.string().url().refine((v) => /^smtps?:\/\//i.test(v), 'Use an smtp:// or smtps:// address.').optional(),
  /** Sender address of e-mails; the display name is the partner's name. */
  MAIL_FROM: z.string().email().optional(),
  /** Days impressions are kept before the retention job deletes them. */
  IMPRESSIONS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ERROR_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Days a month of the card-network inbox is kept after it ends before the card-network-partitions
   * job drops it (decision 0012); at least the claims' look-back with room to spare.
   */
  CARD_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(120).max(3650).default(400),
  /** Scheduled jobs in this process: on by default; false on app instances when `npm run worker` runs them. */
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  /** Origin of the partner sites in e-mailed links, {partner} standing for the partner code. */
  SITE_ORIGIN: z.string().regex(/^https?:\/\/[^/?#\s]*\{partner\}[^/?#\s]*\/?$/i, 'Use an origin with {partner} for the partner code, like https://{partner}.dining.example.com.').optional(),
  /** PostgreSQL: how long connecting or one statement may take before a request answers 503. */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1500),
  /** HMAC key the card network signs its events with (POST /api/card-network/events); required in production. */
  CARD_EVENTS_SECRET: z.string().min(16, 'Use at least 16 characters.').optional(),
  /** §2 extra page paths (comma-separated, e.g. "/summer-dining,/offers/brunch"): each shows the partner's earn_details item of that url. */
  EXTRA_PAGE_PATHS: z.string().refine(
    (v) => v.split(',').map((p) => p.trim()).filter(Boolean).every((p) => /^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/.test(p) && !/^\/api(\/|$)/i.test(p)),
    'Use paths like /summer-dining,/offers/brunch: each starts with /, letters, digits, - _ . ~ only, not under /api.',
  ).optional(),
  /** Calls under /api/ per minute from one client address (the per-route and per-account limits come on top). */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** OpenTable-style partner API for restaurants whose reservation provider is openTable (docs/api-reservations.md). */
  OPENTABLE_API_URL: z.string().url().refine((v) => /^https?:\/\//i.test(v), 'Use an http:// or https:// address.').optional(),
  OPENTABLE_ACCESS_TOKEN: z.string().min(1).optional(),
  /** §2 maintenance notice on every partner site ('true'); a partner's own switch is partners.maintenance_mode. */
  MAINTENANCE_MODE: z.enum(['true', 'false']).default('false'),
  /** Origin of the operator console that emulates members (§4 emulation); unset: pages listen to no emulation messages. */
  ADMIN_EMULATION_ORIGIN: z.string().url().refine((v) => /^https?:\/\//i.test(v), 'Use an http:// or https:// origin.').optional(),
  /** The operator console's host name (issue 27); unset: ops.localhost outside production, no console in production. */
  OPS_HOST: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+$/, 'Use a host name like ops.dining.example.com (no scheme, no port).').optional(),
  /** Key (32+ characters) that seals staff TOTP secrets; unset outside production: one kept in app_secrets. */
  OPS_SECRET_KEY: z.string().min(32, 'Use at least 32 characters.').optional(),
  /** Global API base of the client (§7): a path prefix like /rn or an http(s) origin in front of /api/...; unset: the site's own /api. */
  /** The gift-card provider (Tremendous v2 API shape): both set, or neither (then the simulator outside production, none in production). */
  GIFT_CARD_API_URL: z.string().url().refine((v) => /^https?:\/\//i.test(v), 'Use an http:// or https:// address, like https://testflight.tremendous.com.').optional(),
  GIFT_CARD_API_KEY: z.string().min(1).optional(),
  /** Shared secret of the provider's webhook signatures (HMAC-SHA256 of the body); required in production with GIFT_CARD_API_URL. */
  GIFT_CARD_WEBHOOK_SECRET: z.string().min(16, 'Use at least 16 characters.').optional(),
  /** The provider's funding source orders are paid from ("balance": the account's prepaid balance). */
  GIFT_CARD_FUNDING_SOURCE_ID: z.string().min(1).default('balance'),
  /** Port of the gift-card simulator outside production (default PORT + 2; loopback only). */
  GIFT_CARD_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  API_BASE: z.string().regex(/^(\/(?!\/)[^?#\s]*|https?:\/\/[^?#\s]+)$/i, 'Use a path like /rn or an origin like https://api.example.com.').optional(),
});

/** LOG_LEVEL when unset, per NODE_ENV (see logLevel below). */
export const DEFAULT_LOG_LEVEL = { production: 'info', development: 'warn', test: 'silent' } as const;

/** The card-event key outside production when CARD_EVENTS_SECRET is unset: published, so never accepted in production. */
export const DEV_CARD_EVENTS_SECRET = 'dev-card-events-secret-change-me';

export function parsePartnerHosts(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [host, code] = pair.split('=').map((s) => s.trim().toLowerCase());
    if (host && code) map[host] = code;
  }
  return map;
}

/**
 * The app's configuration: the environment read into the app's own names, with the defaults that
 * depend on other variables. AppConfig is its output type, so a field is declared once, here.
 */
const ZConfig = ZEnv.transform((e, ctx) => {
  let missing = false;
  if (e.NODE_ENV === 'production' && !e.SITE_ORIGIN) {
    // E-mailed links are never built from a request's Host header (reset-link poisoning).
    ctx.addIssue({ code: 'custom', path: ['SITE_ORIGIN'], message: 'required in production, e.g. https://{partner}.dining.example.com (the address of the partner sites in e-mailed links).' });
    missing = true;
  }
  if (e.NODE_ENV === 'production' && (!e.CARD_EVENTS_SECRET || e.CARD_EVENTS_SECRET === DEV_CARD_EVENTS_SECRET)) {
    // The development key is published: with it anyone could post dines and earn rewards.
    ctx.addIssue({ code: 'custom', path: ['CARD_EVENTS_SECRET'], message: 'required in production: the key the card network signs its events with (16+ characters, not the development default).' });
    missing = true;
  }
  for (const name of ['DATABASE_REPLICA_URLS', 'DATABASE_DIRECT_URL'] as const) {
    if (e[name] && !e.DATABASE_URL) {
      // The embedded database has no replicas and no pooler: the setting would be ignored without a word.
      ctx.addIssue({ code: 'custom', path: [name], message: 'needs DATABASE_URL: replicas and a pooler belong to a PostgreSQL server (the embedded database has neither).' });
      missing = true;
    }
  }
  if (Boolean(e.GIFT_CARD_API_URL) !== Boolean(e.GIFT_CARD_API_KEY)) {
    // Half a provider would send the API key nowhere, or orders to an address with no key: say which half is missing.
    ctx.addIssue({ code: 'custom', path: [e.GIFT_CARD_API_URL ? 'GIFT_CARD_API_KEY' : 'GIFT_CARD_API_URL'], message: 'set GIFT_CARD_API_URL and GIFT_CARD_API_KEY together (the gift-card provider\'s address and its API key), or neither.' });
    missing = true;
  }
  if (e.NODE_ENV === 'production') {
    for (const issue of productionWeaknesses(e)) {
      ctx.addIssue({ code: 'custom', ...issue });
      missing = true;
    }
  }
  if (missing) return z.NEVER;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: splitUrlList(e.DATABASE_REPLICA_URLS),
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    dataDir: e.DATA_DIR,
    defaultPartner: e.DEFAULT_PARTNER.toLowerCase(),
    env: e.NODE_ENV,
    partnerHosts: parsePartnerHosts(e.PARTNER_HOSTS),
    mapTileUrl: e.MAP_TILE_URL ?? '',
    /**
     * Unset: info in production (one line per request, the access log a proxy's logs are checked
     * against), warn in development (the terminal of `npm start` shows start-up progress and
     * problems, not every request), silent in tests.
     */
    logLevel: e.LOG_LEVEL ?? DEFAULT_LOG_LEVEL[e.NODE_ENV],
    seedMerchants: e.SEED_MERCHANTS,
    demoHistory: e.DEMO_HISTORY,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    stagingTools: e.NODE_ENV !== 'production' && e.STAGING_TOOLS !== 'false',
    cardFramePort: e.CARD_FRAME_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1),
    cardFrameOrigin: (e.CARD_FRAME_ORIGIN ?? `http://localhost:${e.CARD_FRAME_PORT ?? e.PORT + 1}`).replace(/\/$/, ''),
    /** Serve the card frame from this process (false in production when CARD_FRAME_ORIGIN is served elsewhere and CARD_FRAME_PORT is unset). */
    cardFrameServer: !(e.NODE_ENV === 'production' && e.CARD_FRAME_ORIGIN !== undefined && e.CARD_FRAME_PORT === undefined),
    /**
     * PEM private key of card-number encryption (production); outside production a development key
     * pair in app_secrets. Environment files often carry a PEM on one line with literal \n.
     */
    cardPrivateKey: e.CARD_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    /** HMAC key of card fingerprints; unset: one generated once in app_secrets. */
    cardFingerprintKey: e.CARD_FINGERPRINT_KEY,
    /** Earlier fingerprint keys still recognised while cards move to the current one. */
    cardFingerprintPreviousKeys: (e.CARD_FINGERPRINT_PREVIOUS_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    /** SMTP server for e-mails; undefined stores them in the outbox table instead. */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
    impressionsRetentionDays: e.IMPRESSIONS_RETENTION_DAYS,
    errorRetentionDays: e.ERROR_RETENTION_DAYS,
    cardEventsRetentionDays: e.CARD_EVENTS_RETENTION_DAYS,
    /** Run the scheduled jobs in this process (jobs/scheduler.ts). */
    runJobs: e.RUN_JOBS === 'true',
    /**
     * Origin template of partner sites in e-mailed links ({partner} = code), used when the partner has
     * no host of its own (partners.hosts, PARTNER_HOSTS); required in production.
     */
    siteOrigin: (e.SITE_ORIGIN ?? `http://{partner}.localhost${e.PORT === 80 || e.PORT === 0 ? '' : `:${e.PORT}`}`).replace(/\/$/, ''),
    /** Folder with the built client (vite build output). */
    clientDir: 'dist/client',
    /** PostgreSQL connect and statement timeout of the serving pool, in ms. */
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    /** HMAC key of card-network events (lib/card-event-signature.ts); a published development default outside production. */
    cardEventsSecret: e.CARD_EVENTS_SECRET ?? DEV_CARD_EVENTS_SECRET,
    /** The operator console's origin (scheme, host, port only; default: the console's own, opsOrigin), or null: no emulation messages are accepted. */
    adminEmulationOrigin: e.ADMIN_EMULATION_ORIGIN ? new URL(e.ADMIN_EMULATION_ORIGIN).origin : opsOriginOf(e),
    /** Prefix of the client's API calls ('' = same site); docs/tracking.md. */
    apiBase: (e.API_BASE ?? '').replace(/\/+$/, ''),
    /** §2 extra paths that lead to the shared content-page screen (without trailing slashes). */
    extraPagePaths: (e.EXTRA_PAGE_PATHS ?? '').split(',').map((p) => p.trim().replace(/\/+$/, '')).filter(Boolean),
    /** Calls under /api/ per minute per client address (plugins/rate-limits.ts). */
    apiRateLimit: e.API_RATE_LIMIT,
    /** The OpenTable-style provider's address and token, or null: restaurants set to it take no bookings here. */
    openTable: e.OPENTABLE_API_URL && e.OPENTABLE_ACCESS_TOKEN ? { baseUrl: e.OPENTABLE_API_URL.replace(/\/+$/, ''), accessToken: e.OPENTABLE_ACCESS_TOKEN } : null,
    /** §2 maintenance notice on every partner site, whatever the partner's own switch says. */
    maintenanceMode: e.MAINTENANCE_MODE === 'true',
    /** The operator console's host (requests for it go to server/ops/app.ts), or null: no console. */
    opsHost: e.OPS_HOST ?? (e.NODE_ENV === 'production' ? null : 'ops.localhost'),
    /** The console's origin for links it e-mails or prints (setup links). */
    opsOrigin: opsOriginOf(e) ?? `http://ops.localhost${e.PORT === 80 || e.PORT === 0 ? '' : `:${e.PORT}`}`,
    opsSecretKey: e.OPS_SECRET_KEY ?? null,
    /** Port of the gift-card simulator (giftCard.source 'simulator'); 0 with PORT 0. */
    giftCardSimulatorPort: e.GIFT_CARD_SIMULATOR_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 2),
    giftCard: giftCardProvider(e),
  };
});


/** The operator console's origin (issue 27): OPS_HOST's, else ops.localhost outside production, else none. */
function opsOriginOf(e: z.output<typeof ZEnv>): string | null {
  const port = e.PORT === 80 || e.PORT === 0 ? '' : `:${e.PORT}`;
  if (e.OPS_HOST) return e.NODE_ENV === 'production' ? `https://${e.OPS_HOST}` : `http://${e.OPS_HOST}${port}`;
  return e.NODE_ENV === 'production' ? null : `http://ops.localhost${port}`;
}

/** The gift-card key and webhook secret of the simulator outside production: published, never accepted in production. */
const DEV_GIFT_CARD_API_KEY = 'dev-gift-card-api-key';
const DEV_GIFT_CARD_WEBHOOK_SECRET = 'dev-gift-card-webhook-secret';

/**
 * Where gift cards are ordered (modules/redemptions/provider): the real service when
 * GIFT_CARD_API_URL and GIFT_CARD_API_KEY are set; outside production without them the simulator
 * main.ts starts on giftCardSimulatorPort; in production without them none, and the reason says so.
 */
function giftCardProvider(e: z.output<typeof ZEnv>):
  | { source: 'service' | 'simulator'; apiUrl: string; apiKey: string; webhookSecret: string; fundingSourceId: string }
  | { source: 'none'; reason: string } {
  if (e.GIFT_CARD_API_URL && e.GIFT_CARD_API_KEY) {
    return { source: 'service', apiUrl: e.GIFT_CARD_API_URL.replace(/\/+$/, ''), apiKey: e.GIFT_CARD_API_KEY, webhookSecret: e.GIFT_CARD_WEBHOOK_SECRET ?? DEV_GIFT_CARD_WEBHOOK_SECRET, fundingSourceId: e.GIFT_CARD_FUNDING_SOURCE_ID };
  }
  if (e.NODE_ENV === 'production') {
    return { source: 'none', reason: 'Gift cards are not configured: GIFT_CARD_API_URL and GIFT_CARD_API_KEY are unset, so members cannot redeem gift cards (there is no simulator in production).' };
  }
  const port = e.GIFT_CARD_SIMULATOR_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 2);
  return { source: 'simulator', apiUrl: `http://127.0.0.1:${port}`, apiKey: DEV_GIFT_CARD_API_KEY, webhookSecret: e.GIFT_CARD_WEBHOOK_SECRET ?? DEV_GIFT_CARD_WEBHOOK_SECRET, fundingSourceId: e.GIFT_CARD_FUNDING_SOURCE_ID };
}

/** A host name that is the machine itself: a member's browser would look for it on the member's own device. */
function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127\./.test(h) || h === '::1' || h === '0.0.0.0';
}

/**
 * Settings that would start a production server that is unsafe or cannot link a card, each with the
 * variable and why (issue 25 item 10): guessable secrets (lib/secret-strength.ts), links and frames
 * over http, and a card-frame origin no partner site can frame. Absent required values are named
 * by their own checks (above, and CARD_PRIVATE_KEY / CARD_FINGERPRINT_KEY at start).
 */
function productionWeaknesses(e: z.output<typeof ZEnv>): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  const generate = 'Use a random key, e.g. the output of `openssl rand -base64 32`.';
  for (const name of ['CARD_EVENTS_SECRET', 'CARD_FINGERPRINT_KEY'] as const) {
    const value = e[name];
    if (!value || value === DEV_CARD_EVENTS_SECRET) continue;
    const why = secretWeakness(value);
    if (why) issues.push({ path: [name], message: `too weak for production: ${why}. ${generate}` });
  }
  if (e.GIFT_CARD_API_URL) {
    if (!e.GIFT_CARD_WEBHOOK_SECRET || e.GIFT_CARD_WEBHOOK_SECRET === DEV_GIFT_CARD_WEBHOOK_SECRET) {
      issues.push({ path: ['GIFT_CARD_WEBHOOK_SECRET'], message: 'required in production with GIFT_CARD_API_URL: the secret the provider signs its webhooks with, or anyone could tell us a gift card was delivered or failed.' });
    } else {
      const why = secretWeakness(e.GIFT_CARD_WEBHOOK_SECRET);
      if (why) issues.push({ path: ['GIFT_CARD_WEBHOOK_SECRET'], message: `too weak for production: ${why}. ${generate}` });
    }
    if (!/^https:\/\//i.test(e.GIFT_CARD_API_URL)) issues.push({ path: ['GIFT_CARD_API_URL'], message: 'must be https:// in production: the API key and the members\' names and e-mail addresses travel with every order.' });
  }
  if (e.SITE_ORIGIN && !/^https:\/\//i.test(e.SITE_ORIGIN)) {
    issues.push({ path: ['SITE_ORIGIN'], message: 'must be https:// in production: e-mailed sign-in and password-reset links over http can be read and changed on the way, and partner sites are served over https.' });
  }
  if (e.OPS_HOST && !e.OPS_SECRET_KEY) {
    issues.push({ path: ['OPS_SECRET_KEY'], message: `required in production with OPS_HOST: the key that seals the console staff's second-factor secrets, so a copy of the database alone does not give them away. ${generate}` });
  }
  if (!e.CARD_FRAME_ORIGIN) {
    issues.push({ path: ['CARD_FRAME_ORIGIN'], message: `required in production: the https origin of the card-entry frame, e.g. https://cards.dining.example.com. The default (http://localhost:${e.CARD_FRAME_PORT ?? e.PORT + 1}) is each member's own machine: no partner site can frame it, so members could not link a card.` });
    return issues;
  }
  const frame = new URL(e.CARD_FRAME_ORIGIN);
  if (frame.protocol !== 'https:') {
    issues.push({ path: ['CARD_FRAME_ORIGIN'], message: 'must be https:// in production: partner sites are served over https and browsers block an http frame inside them, so members could not link a card.' });
  } else if (isLoopbackHost(frame.hostname)) {
    issues.push({ path: ['CARD_FRAME_ORIGIN'], message: `is this machine's own address (${frame.hostname}): members' browsers would look for the frame on their own device, so no partner site could frame it.` });
  }
  if (frame.pathname !== '/' || frame.search || frame.hash || frame.username) {
    issues.push({ path: ['CARD_FRAME_ORIGIN'], message: 'must be an origin only (scheme, host and port), like https://cards.dining.example.com: the frame is served at /card-frame/ of it.' });
  }
  const partnerHost = Object.keys(parsePartnerHosts(e.PARTNER_HOSTS)).find((h) => h === frame.hostname.toLowerCase());
  if (partnerHost) {
    issues.push({ path: ['CARD_FRAME_ORIGIN'], message: `is the partner site ${partnerHost} (PARTNER_HOSTS): the frame needs an origin of its own, or the partner page's scripts could read the card numbers typed in it.` });
  }
  return issues;
}

export type AppConfig = z.output<typeof ZConfig>;

/** TRUST_PROXY: unset trusts no proxy; a hop count; or addresses and ranges. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  return /^\d+$/.test(value) ? Number(value) : value.split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = ZConfig.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration in environment variables:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
