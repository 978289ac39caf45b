import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { listenForChanges } from '../db/listen';
import { partners, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { isPartnerlessRoute } from './route-rules';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The partner whose site this request is for; null only on partner-less routes (assets,
     * health). Plugins that run on every route read this.
     */
    partner: PartnerRow | null;
    /**
     * The partner of this site, for handlers of partner routes: there an unknown host has already
     * answered 404 before the handler runs, so it is always set. Read on a partner-less route, it
     * throws that same 404.
     */
    readonly sitePartner: PartnerRow;
  }
}

/** NOTIFY on this channel after changing partner rows: every server reloads its partner directory (plugins/partner.ts). */
export const PARTNER_SETTINGS_CHANNEL = 'partner_settings';

/** Never the Host header itself: an error answer quotes nothing the request chose. */
const noPartnerSite = () => new AppError(404, 'There is no partner site at this address.');

export type PartnerDirectory = {
  byCode: Map<string, PartnerRow>;
  byHost: Map<string, PartnerRow>;
  all: PartnerRow[];
};

export function buildDirectory(rows: PartnerRow[], extraHosts: Record<string, string>): PartnerDirectory {
  const byCode = new Map(rows.map((r) => [r.code.toLowerCase(), r]));
  const byHost = new Map<string, PartnerRow>();
  for (const r of rows) for (const h of r.hosts) byHost.set(h.toLowerCase(), r);
  for (const [host, code] of Object.entries(extraHosts)) {
    const row = byCode.get(code);
    if (row) byHost.set(host, row);
  }
  return { byCode, byHost, all: rows };
}

/** Host header without port, lower case; handles IPv6 literals. */
export function hostName(hostHeader: string | undefined): string {
  const h = (hostHeader ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Host → partner: a configured host name; else a first label that is a partner code
 * (delta.localhost, delta.dining.example.com); else a bare host (localhost, an IP) → the default
 * partner. Anything else is not one of our sites.
 */
export function resolvePartner(dir: PartnerDirectory, host: string, defaultCode: string): PartnerRow | undefined {
  const mapped = dir.byHost.get(host);
  if (mapped) return mapped;
  const labels = host.split('.');
  if (labels.length > 1 && !isIP(host.replace(/^\[|\]$/g, ''))) {
    const byLabel = dir.byCode.get(labels[0] ?? '');
    if (byLabel) return byLabel;
    return undefined;
  }
  return dir.byCode.get(defaultCode);
}

export const partnerPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  let directory = buildDirectory([], opts.config.partnerHosts);
  const reload = async () => {
    const rows = await opts.db.select().from(partners);
    directory = buildDirectory(rows, opts.config.partnerHosts);
  };
  await reload();
  // Partner rows change rarely (an operator edits them in the console, which sends NOTIFY
  // partner_settings on commit: server/ops/settings.ts); every instance reloads on it, and every
  // 30 s in case a notification is missed, which keeps the database off the request path.
  const onChange = () => void reload().catch(() => undefined);
  const unlisten = await listenForChanges(opts.db, PARTNER_SETTINGS_CHANNEL, onChange).catch(() => undefined);
  const timer = setInterval(onChange, 30_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await unlisten?.().catch(() => undefined);
  });
  app.decorate('partners', { reload, get: () => directory });
  app.decorateRequest('partner', null);
  app.decorateRequest('sitePartner', {
    getter(this: FastifyRequest): PartnerRow {
      if (!this.partner) throw noPartnerSite();
      return this.partner;
    },
  });

  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const partner = resolvePartner(directory, hostName(request.headers.host), opts.config.defaultPartner);
    if (partner) {
      request.partner = partner;
      return done();
    }
    if (isPartnerlessRoute(request.url.split('?')[0] ?? '')) return done();
    done(noPartnerSite());
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    partners: { reload: () => Promise<void>; get: () => PartnerDirectory };
  }
}

/**
 * The origin of a partner's site for links that leave the request (e-mails): the partner's own
 * host (partners.hosts, then PARTNER_HOSTS), else the SITE_ORIGIN template. Never the request's
 * Host header, which the sender of the request chooses.
 */
export function partnerOrigin(partner: Pick<PartnerRow, 'code' | 'hosts'>, config: Pick<AppConfig, 'env' | 'partnerHosts' | 'siteOrigin'>): string {
  const code = partner.code.toLowerCase();
  const host = partner.hosts[0] ?? Object.entries(config.partnerHosts).find(([, c]) => c === code)?.[0];
  if (host) return `${config.env === 'production' ? 'https' : 'http'}://${host.toLowerCase()}`;
  return config.siteOrigin.replace(/\{partner\}/gi, code);
}
