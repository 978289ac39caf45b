import { ROUTES } from '#shared/routes';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { isKnownRoute, matchPath, routeMetaFor, routeOf, showsEarnItem } from '#shared/routes';
import { findContentPageItem } from '#shared/rules/content-page-item';
import { filterContentItems } from '#shared/rules/content-filters';
import { replaceTokensDeep, tokenValues } from '#shared/rules/copy-tokens';
import type { PartnerConfig } from '#shared/schemas/partner';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import { oncePerObject } from '../../lib/once-per-object';
import { compressedBody, sharedText, type SharedText } from '../../plugins/compression';
import { toPartnerConfig } from '../partners';
import type { Db } from '../../db/client';
import type { PartnerRow } from '../../db/schema';
import type { MerchantSearch } from '../merchants';
import type { KeptProgrammes } from '../bonuses';
import { announcementText, contentScript, firstContent, firstImages, firstVisit, PublishedContent, sameForEveryone, scriptJson, visitScript, type FirstScreenDeps, type PreloadImage } from './first-screen';
import { SKELETON_CSS, skeletonHtml } from './skeleton';
import type { FirstContent, FirstVisit } from '#shared/first-screen';

const cssValue = (s: string) => s.replace(/[;{}<>]/g, '');

/**
 * The app's CSP with the partner theme's <style> allowed by its hash in style-src. A hash, not a
 * nonce: the element is the same for every page of the partner, and a page without a per-response
 * nonce is the same for every visitor who sees the same thing, so its compressed bytes can be kept
 * (compressedBody's `keep`). It allows that one stylesheet, as the nonce did, and nothing injected.
 */
export function pageCsp(directives: Record<string, string[] | null>, styleHash: string): string {
  return Object.entries(directives)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => {
      const name = k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const values = k === 'styleSrc' ? [...v!, `'${styleHash}'`] : v!;
      return values.length ? `${name} ${values.join(' ')}` : name;
    })
    .join(';');
}

function themeCss(p: PartnerConfig): string {
  const t = p.theme;
  return `:root{--color-primary:${cssValue(t.primary)};--color-primary-text:${cssValue(t.primaryText)};--color-secondary:${cssValue(t.secondary)};--color-accent:${cssValue(t.accent)};--color-background:${cssValue(t.background)};--color-surface:${cssValue(t.surface)};--color-text:${cssValue(t.text)};--color-link:${cssValue(t.link)};--font-family:${cssValue(t.fontFamily)};}`;
}

/** A CSP source allowing exactly this inline text: 'sha256-…' of its UTF-8 bytes. */
export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The theme's CSS (with the skeleton's), its CSP hash and the configuration's JSON, written once per configuration object. */
const partnerHead = oncePerObject((partner: PartnerConfig) => {
  const css = `${themeCss(partner)}${SKELETON_CSS}`;
  return { css, styleHash: cspHash(css), json: scriptJson(partner) };
});

/**
 * What every page of a partner holds word for word, as the first run of the page's text: the
 * template's start (doctype, charset, viewport), the theme's <style>, the configuration and the
 * published content (41 of a page's 45 kB). Made once per configuration, content object and
 * template, so a gzip answer deflates only the rest per request (compression.ts gzipRuns). A
 * draft's content (a staff preview, read per request) is not in it.
 */
const sharedHead = oncePerObject((partner: PartnerConfig) => {
  const { css, json } = partnerHead(partner);
  const head = `<style>${css}</style>\n    <script id="partner-config" type="application/json">${json}</script>`;
  let start: string | undefined;
  let byContent = new WeakMap<FirstContent, SharedText>();
  let alone: SharedText | undefined;
  return (templateStart: string, content: FirstContent | null): SharedText => {
    // The template changes only in development (read anew per request there): what was made with another is dropped.
    if (templateStart !== start) {
      start = templateStart;
      byContent = new WeakMap();
      alone = undefined;
    }
    if (!content || content.preview) return (alone ??= sharedText(`${templateStart}${head}`));
    let run = byContent.get(content);
    if (!run) byContent.set(content, (run = sharedText(`${templateStart}${head}\n    ${contentScript(content)}`)));
    return run;
  };
});

/** The template split where the head's elements go, its title taken out (each page has its own), once per template. */
const templateParts = (() => {
  let last: { template: string; start: string; end: string } | undefined;
  return (template: string) => {
    if (last?.template !== template) {
      const [start = '', end = ''] = template.replace(/<title>[\s\S]*?<\/title>/, '').split('<!--app-head-->');
      last = { template, start, end };
    }
    return last;
  };
})();

/**
 * index.html for a page: the template with the page's head (the partner's theme and
 * configuration, the first screen's data, title, description, the first screen's images) and
 * skeleton, in two runs: what every page of the partner holds (sharedHead), which compressedBody
 * compresses once, then the page's own. Joined, the runs are the page's HTML.
 */
export function renderIndexPage(template: string, opts: {
  partner: PartnerConfig;
  pathname: string;
  /** The first screen's data (issue 13); left out, the app fetches it as before. */
  content?: FirstContent | null;
  visit?: FirstVisit;
  /** The first screen's largest image(s), fetched at once. */
  images?: readonly PreloadImage[];
  /** The arriving visitor's public id (the announcement banner is chosen for who is looking). */
  knownPublicId?: string | null;
}): [SharedText, string] {
  const meta = routeMetaFor(opts.partner, opts.pathname);
  const content = opts.content ?? null;
  const own = [
    content?.preview ? contentScript(content) : '',
    `<title>${escapeHtml(meta.title)}</title>`,
    ...(opts.images ?? []).map((i) => `<link rel="preload" as="image" href="${escapeHtml(i.href)}" fetchpriority="high"${i.media ? ` media="${escapeHtml(i.media)}"` : ''}>`),
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords)}">` : '',
    `<meta name="theme-color" content="${escapeHtml(opts.partner.theme.primary)}">`,
    `<link rel="icon" href="/partner/logo.svg" type="image/svg+xml">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="apple-touch-icon" href="/partner/icons/180.png">`,
    visitScript(opts.visit ?? { queries: [] }),
  ].filter(Boolean).join('\n    ');
  const { start, end } = templateParts(template);
  const member = opts.visit?.member ?? null;
  const skeleton = skeletonHtml(opts.pathname, opts.images, announcementText(content, opts.partner, opts.pathname, { member, knownPublicId: opts.knownPublicId ?? null }), { member: member !== null });
  return [sharedHead(opts.partner)(start, content), `\n    ${own}${end.replace('<!--app-skeleton-->', () => skeleton)}`];
}

/** The public id a visitor arrives with (§4: ?public_id=, else the RN_PUBLIC_ID cookie): the home page then shows the known visitor's banner. */
function knownPublicId(request: FastifyRequest): string | null {
  const fromUrl = (request.query as Record<string, unknown> | undefined)?.public_id;
  if (typeof fromUrl === 'string' && fromUrl) return fromUrl;
  return request.cookies?.RN_PUBLIC_ID || null;
}

/**
 * Whether a page of a known route has nothing to show whatever the visitor does (issue 25 item 7),
 * so the server answers it 404 as the app shows the not-found page: a flow's success page (a page
 * load never comes from its flow), an earn page for which the partner's content has no item. An
 * unknown restaurant is found out with its detail (FirstVisit.notFound). Content that could not be
 * read decides nothing: the app fetches it and decides.
 */
export function pageMissing(page: { partner: PartnerConfig; pathname: string; content: FirstContent | null }): boolean {
  if (routeOf(page.pathname, page.partner)?.flowEnd) return true;
  if (!showsEarnItem(page.pathname, page.partner)) return false;
  const answer = page.content?.pages.earn_details;
  if (!answer) return false;
  // The items as the app's content gate gives them: copy tokens replaced, §3 filters applied.
  const items = filterContentItems('earn_details', replaceTokensDeep(answer.data, tokenValues(page.partner.copyStates)));
  return !findContentPageItem(items, page.pathname);
}

/** index.html for every page route, with the partner's configuration and theme in it. */
export async function pagesRoutes(app: FastifyInstance, { config, db, search, programmes }: { config: AppConfig; db?: Db; search?: MerchantSearch; programmes?: KeptProgrammes }) {
  const templatePath = path.resolve(config.clientDir, 'index.html');
  let template: string | undefined;
  const loadTemplate = async () => {
    if (template && config.env === 'production') return template;
    try {
      template = await readFile(templatePath, 'utf8');
    } catch {
      throw new AppError(503, 'The web app has not been built yet. Run "npm run build" (npm start does it for you).');
    }
    return template;
  };

  /** The app's page for this partner; status 404 for a path the route table does not know. */
  const published = db ? await PublishedContent.start(db) : undefined;
  app.addHook('onClose', async () => published?.stop());
  const deps: FirstScreenDeps | null = db ? { db, search, log: app.log, published, programmes } : null;

  /** The first screen's data: content, member and first answer; a part that fails is left to the client. */
  const firstScreen = async (request: FastifyRequest, partner: PartnerConfig, pathname: string, known: boolean) => {
    if (!deps || !request.partner) return { content: null, visit: undefined };
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const content = firstContent(deps, request, request.partner.id, partner, search).catch((err: unknown) => {
      request.log.warn({ err }, 'first screen: content left out');
      return null;
    });
    const visit = firstVisit(deps, request, { partner, pathname: known ? pathname : '', search, content });
    return { content: await content, visit: await visit };
  };

  /** The pages' CSP header, once per partner configuration (the theme's hash is in it). */
  const partnerCsp = oncePerObject((partner: PartnerConfig) => pageCsp(app.cspDirectives, partnerHead(partner).styleHash));

  const servePage = async (request: FastifyRequest, reply: FastifyReply, opts: { partner: PartnerConfig; pathname: string; known: boolean }) => {
    const template = await loadTemplate();
    const first = await firstScreen(request, opts.partner, opts.pathname, opts.known);
    const found = opts.known && !first.visit?.notFound && !pageMissing({ partner: opts.partner, pathname: opts.pathname, content: first.content });
    // The app shows the not-found page at this address too (FirstVisit.notFound).
    const visit: FirstVisit | undefined = found || !opts.known ? first.visit : { ...(first.visit ?? { queries: [] }), notFound: true };
    const images = visit && found ? firstImages({ partner: opts.partner, pathname: opts.pathname }, first.content, visit, knownPublicId(request)) : [];
    const html = renderIndexPage(template, { partner: opts.partner, pathname: opts.pathname, ...first, visit, images, knownPublicId: knownPublicId(request) });
    reply
      .status(found ? 200 : 404)
      .header('content-security-policy', partnerCsp(opts.partner))
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store');
    // The console's "View as member" window (§6): it stays the console's popup (no new browsing
    // context group), so the console's exit message reaches it. That page only; every other keeps same-origin.
    // In any letter case, as every page path (shared/routes.ts matchPath).
    if (matchPath(ROUTES.emulate.path, opts.pathname)) reply.header('cross-origin-opener-policy', 'unsafe-none');
    // Pages come from the not-found handler, which route hooks (@fastify/compress) do not reach.
    // A page without a member is the same for everyone who asks for it (the published content, the
    // address, the catalogue as it stands): its compressed bytes are kept. A member's page never is.
    return reply.send(compressedBody(request, reply, html, { keep: sameForEveryone(visit) }));
  };

  const svgAnswer = (summary: string) => ({
    tags: ['site'],
    summary,
    produces: ['image/svg+xml'],
    response: { 200: z.string().describe('The logo (SVG image).') },
  });

  app.get('/partner/logo.svg', { schema: svgAnswer("This partner site's logo") }, async (request, reply) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(request.sitePartner.logoSvg));

  app.get<{ Params: { code: string } }>('/partner/logos/:code.svg', {
    schema: { ...svgAnswer("A partner's logo by partner code"), params: z.object({ code: z.string().describe('Partner code, e.g. delta.') }) },
  }, async (request, reply) => {
    const row = app.partners.get().byCode.get(request.params.code.toLowerCase());
    if (!row) throw AppError.notFound('No such logo.');
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(row.logoSvg);
  });

  app.get('/health', {
    schema: {
      tags: ['site'],
      summary: 'Liveness: the process answers (on any host)',
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
  }, async () => ({ ok: true as const }));

  // A partner's configuration as its pages carry it, once per partner row (the directory reloads rows when they change).
  const partnerConfigOf = oncePerObject((row: PartnerRow) => toPartnerConfig(row, config));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const notFound = () => reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Nothing is found at this address.' });
    if (!request.partner || (request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/api/')) return notFound();
    // A page route is the app whatever the client accepts; other paths get the app (as a 404 page)
    // only when a browser asks for HTML, so a mistyped asset or API path answers JSON.
    const partner = partnerConfigOf(request.partner);
    const known = isKnownRoute(pathname, partner);
    if (!known && !(request.headers.accept ?? '').includes('text/html')) return notFound();
    return servePage(request, reply, { partner, pathname, known });
  });
}
