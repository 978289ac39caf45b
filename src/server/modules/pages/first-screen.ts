import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { CONTENT_NAMES, CONTENT_PAGE_SIZE, type ContentName } from '#shared/constants/cms';
import { FIRST_SCREEN_IDS, queryKeys, type FirstContent, type FirstVisit } from '#shared/first-screen';
import { rewardsQueryKeys } from '#shared/rewards-query-keys';
import { matchPath, routeAllowed, ROUTES } from '#shared/routes';
import { API } from '#shared/api';
import { ACTIVITY_PAGE_SIZE, activityPageFromQuery } from '#shared/rules/activity-page';
import { paysStatementCredits } from '#shared/rules/partner-features';
import { DESKTOP_QUERY } from '#shared/constants/layout';
import { merchantImageUrl } from '#shared/constants/merchant';
import { announcementPieces, bannerFields } from '#shared/rules/content-fields';
import { filterContentItems } from '#shared/rules/content-filters';
import { replaceTokens, tokenValues } from '#shared/rules/copy-tokens';
import { announcementStatesFor, chooseHomeItem, homeStatesFor, pickAnnouncementItem } from '#shared/rules/home-variant';
import { parseMerchantId } from '#shared/rules/merchant-id';
import { safeUrl } from '#shared/rules/safe-url';
import { buildCarouselRequest, buildSearchRequest, hasSearchLocation, isCurrentLocation, parseSearchState, SEARCH_PAGE_SIZE } from '#shared/rules/search-query';
import { ZMember, type Member } from '#shared/schemas/member';
import type { CreditBalance } from '#shared/schemas/rewards';
import { ZMerchantSearchRequest, type MerchantDetail, type MerchantSearchRequest, type MerchantSummary } from '#shared/schemas/merchant';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { Db } from '../../db/client';
import { KeptUntilChange } from '../../db/kept-until-change';
import { oncePerObject } from '../../lib/once-per-object';
import { toMember, memberStanding, type StandingFacts } from '../members';
import type { KeptProgrammes } from '../bonuses';
import { getMerchantDetail, type MerchantSearch, readerCampaignLevel } from '../merchants';
import { contentPagesAnswer, draftsShown } from '../partners';
import { creditBalance, recentActivity } from '../rewards';
import { AppError } from '../../lib/app-error';

/** The only content route the server answers itself; a partner with an outside CMS gets no inlined content. */
const OWN_CMS_ROUTE = '/api/cms';
/** An inlined answer larger than this is left for the client to fetch (keeps the page small). */
export const MAX_INLINE_ANSWER_CHARS = 200_000;
/** At most this many carousels of a content page come with it (the rest load as they did). */
export const MAX_INLINE_CAROUSELS = 8;

/** JSON inside a <script> element: no sequence may close the element or open a comment; line separators escaped. */
export const scriptJson = (value: unknown) => escapeScriptJson(JSON.stringify(value));
export const escapeScriptJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Same as the content gate's wantsPreview: drafts asked for with ?preview=1 where the partner allows them (shown only to a staff preview session). */
export function wantsPreview(search: string, cmsPreview: boolean) {
  return cmsPreview && new URLSearchParams(search).get('preview') === '1';
}

/** The search the /search screen asks for first on this address (no current location: the browser resolves that). */
export function firstSearchRequest(search: string): MerchantSearchRequest | null {
  const state = parseSearchState(search);
  if (!hasSearchLocation(state) || isCurrentLocation(state)) return null;
  return buildSearchRequest(state, { currentLocation: null, pageSize: SEARCH_PAGE_SIZE });
}

/** The request as Fastify hands a query string to the API route (what the client's toQueryString sends). */
function asQueryRecord(request: MerchantSearchRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

export type FirstScreenDeps = { db: Db; search?: MerchantSearch; log: FastifyBaseLogger; published?: PublishedContent; programmes?: KeptProgrammes };

/** NOTIFY on this channel when content_pages changes (a trigger, migrations 0045 and 0049, whatever wrote it). */
export const CONTENT_PAGES_CHANNEL = 'content_pages';

/**
 * The partners' published content pages as a page inlines them (issue 30 item 3): the same for
 * every visitor of a partner, so read once per change instead of on every page: kept per partner
 * until content_pages changes (db/kept-until-change.ts); each partner's answer is one object, so
 * its JSON is written once too (contentJson). Drafts (a staff preview) are never kept: they are
 * read per request.
 */
export type PublishedContent = KeptUntilChange<number, FirstContent>;
export const PublishedContent = {
  start: (db: Db): Promise<PublishedContent> => KeptUntilChange.start(db, CONTENT_PAGES_CHANNEL, (partnerId: number) =>
    contentPagesAnswer(db, { partnerId, contentNames: CONTENT_NAMES, preview: false, page: 1, pageSize: CONTENT_PAGE_SIZE })
      .then((pages): FirstContent => ({ preview: false, pages }))),
};

/**
 * The partner's eleven content pages as the content API answers them for this address and this
 * browser: drafts only where ?preview=1 asks for them and the request carries the console's
 * preview session of this partner (modules/partners content-preview.ts), as the API decides.
 */
export async function firstContent(deps: FirstScreenDeps, request: FastifyRequest, partnerId: number, partner: PartnerConfig, search: string): Promise<FirstContent | null> {
  if (partner.cmsRoute.replace(/\/$/, '') !== OWN_CMS_ROUTE) return null;
  const preview = await draftsShown(deps.db, request, { id: partnerId, cmsPreview: partner.cmsPreview }, wantsPreview(search, partner.cmsPreview));
  if (!preview && deps.published) return deps.published.get(partnerId);
  const pages = await request.read((reader) => contentPagesAnswer(reader, { partnerId, contentNames: CONTENT_NAMES, preview, page: 1, pageSize: CONTENT_PAGE_SIZE }));
  return { preview, pages };
}

/**
 * GET /api/Member's answer for this request: the member with a valid session, else null. The page
 * view counts as activity as every request does (the idle expiry moves on at most once a minute,
 * plugins/session.ts), not as a renewal written on every page: the answer carries the expiry as it
 * stands, which the app's session timers go by.
 */
async function firstMember(deps: FirstScreenDeps, request: FastifyRequest, now: Date, facts: Promise<StandingFacts | undefined>): Promise<FirstVisit['member']> {
  const current = await request.currentSession();
  if (!current) return null;
  const known = await facts;
  const standing = await request.read((reader) => memberStanding(reader, request.sitePartner, current.member, now, deps.programmes, known));
  return ZMember.parse(toMember(current.member, current.session, standing));
}

/** A request the client builds, as the search API reads it; null where the API would refuse it (400: the client shows its field errors). */
function parsedSearch(request: MerchantSearchRequest) {
  const parsed = ZMerchantSearchRequest.safeParse(asQueryRecord(request));
  return parsed.success ? parsed.data : null;
}

/** The search answer for a request the client builds, as the search API gives it; null when the API would refuse it or it is too big. */
function searchAnswer(search: MerchantSearch, request: MerchantSearchRequest, openCampaignLevel?: number, parsed = parsedSearch(request)): FirstVisit['queries'][number] | null {
  if (!parsed) return null;
  const json = search.searchJson(openCampaignLevel === undefined ? parsed : { ...parsed, openCampaignLevel });
  if (json.length > MAX_INLINE_ANSWER_CHARS) return null;
  return { key: queryKeys.merchantSearch(request), data: new RawJson(json) };
}

/** Every merchant carousel's query in a content page's items (main and side columns, any variant), as parseBlocks keeps it. */
export function carouselQueries(content: FirstContent | null, name: ContentName): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 6 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    const o = value as Record<string, unknown>;
    if (o.type === 'merchant_carousel' && o.query && typeof o.query === 'object' && !Array.isArray(o.query)) {
      out.push(Object.fromEntries(Object.entries(o.query as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')));
      return;
    }
    for (const v of Object.values(o)) walk(v, depth + 1);
  };
  for (const item of content?.pages[name]?.data ?? []) walk(item.fields, 0);
  return out;
}

/**
 * The carousels' search requests of a content page (home or discover), distinct, as the client
 * builds them and the API reads them (none at the current location: the browser resolves that).
 * Once per content answer and page: the published content is one object until it changes.
 */
const carouselRequests = oncePerObject((content: FirstContent) => {
  const byName = new Map<ContentName, Array<{ request: MerchantSearchRequest; parsed: NonNullable<ReturnType<typeof parsedSearch>> }>>();
  return (name: ContentName) => {
    let list = byName.get(name);
    if (list) return list;
    list = [];
    const seen = new Set<string>();
    for (const query of carouselQueries(content, name)) {
      const request = buildCarouselRequest(parseSearchState(query), null);
      if (!request) continue;
      const key = JSON.stringify(request);
      if (seen.has(key)) continue;
      seen.add(key);
      const parsed = parsedSearch(request);
      if (parsed) list.push({ request, parsed });
    }
    byName.set(name, list);
    return list;
  };
});

/** The carousels' searches of the content page a home or discover address shows, answered from the index as it stands. */
function carouselAnswers(search: MerchantSearch, content: FirstContent | null, partner: PartnerConfig, pathname: string): FirstVisit['queries'] {
  const name: ContentName | null = matchPath(ROUTES.discover.path, pathname) || (matchPath(ROUTES.home.path, pathname) && partner.homePage === 'discover')
    ? 'discover'
    : matchPath(ROUTES.home.path, pathname) ? 'home' : null;
  if (!name || !content) return [];
  const answers: FirstVisit['queries'] = [];
  for (const { request, parsed } of carouselRequests(content)(name)) {
    const answer = searchAnswer(search, request, undefined, parsed);
    if (answer) answers.push(answer);
    if (answers.length >= MAX_INLINE_CAROUSELS) break;
  }
  return answers;
}

/** A restaurant page's merchant id, or null where the address holds none (a malformed escape included). */
function merchantIdOf(pathname: string): number | null {
  try {
    return parseMerchantId(decodeURIComponent(pathname.split('/')[2] ?? ''));
  } catch {
    return null;
  }
}

/**
 * The first answers of the page at this path: the search of a /search address, a restaurant's
 * detail, Reviews & History's activity and totals, a home page's carousels; `notFound` where the page's subject does not exist (a
 * restaurant id that is none, or no restaurant of that id: issue 25 item 7).
 */
async function firstAnswers(deps: FirstScreenDeps, page: PageFacts, httpRequest: FastifyRequest, activity: Promise<RecentActivityRead | null>): Promise<{ queries: FirstVisit['queries']; notFound?: true }> {
  const { pathname, search } = page;
  // An address no route knows shows the not-found page: nothing to answer ('' would match the home page's '/').
  if (!pathname) return { queries: [] };
  if (matchPath(ROUTES.search.path, pathname) && deps.search) {
    const request = firstSearchRequest(search);
    // As the search API answers this reader (merchants.routes: benefits for a member's tier).
    const member = request?.benefitsFor ? (await httpRequest.currentSession())?.member ?? null : null;
    const level = request?.benefitsFor ? await httpRequest.read((reader) => readerCampaignLevel(reader, httpRequest.sitePartner, member)) : undefined;
    const answer = request ? searchAnswer(deps.search, request, level) : null;
    return { queries: answer ? [answer] : [] };
  }
  if (matchPath(ROUTES.merchant.path, pathname) || matchPath(ROUTES.merchantOrder.path, pathname)) {
    const id = merchantIdOf(pathname);
    if (id === null) return { queries: [], notFound: true };
    // GET /api/merchants/{id} answers 404 alike, so the client shows the same not-found page.
    // Any other failure is left to the client, which asks again.
    const detail = await httpRequest.read((reader) => getMerchantDetail(reader, id)).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return 'missing' as const;
      throw err;
    });
    return detail === 'missing' ? { queries: [], notFound: true } : { queries: [{ key: queryKeys.merchantDetail(id), data: detail }] };
  }
  if (matchPath(ROUTES.accountRecentActivity.path, pathname)) return { queries: recentActivityAnswers(await activity) };
  if (deps.search) return { queries: carouselAnswers(deps.search, await page.content, page.partner, pathname) };
  return { queries: [] };
}

/** What Reviews & History's first screen reads for the signed-in member (readRecentActivity). */
type RecentActivityRead = { pageNo: number; read: Awaited<ReturnType<typeof recentActivity>>; balance: CreditBalance | null };

/**
 * Reviews & History's own facts for the signed-in member, as its calls answer them: the page of
 * the address's activity, this year's summary and, for a cash-back partner, the balance; with them,
 * in the same statement, the member's standing facts, which the page's member answer takes instead
 * of reading them again (issue 30: one round trip, not two). Null on any other page, for a visitor
 * (the app sends them to sign in) or where the partner has no members.
 */
async function readRecentActivity(httpRequest: FastifyRequest, page: PageFacts, now: Date): Promise<RecentActivityRead | null> {
  if (!page.pathname || !matchPath(ROUTES.accountRecentActivity.path, page.pathname) || !routeAllowed(ROUTES.accountRecentActivity, page.partner)) return null;
  const member = (await httpRequest.currentSession())?.member;
  if (!member) return null;
  const who = { partner: httpRequest.sitePartner, member };
  const pageNo = activityPageFromQuery(new URLSearchParams(page.search).get('page'));
  const [read, balance] = await httpRequest.read((reader) => Promise.all([
    recentActivity(reader, who, { pageNo, resultsPerPage: ACTIVITY_PAGE_SIZE }, now),
    paysStatementCredits(who.partner) ? creditBalance(reader, who) : null,
  ]));
  return { pageNo, read, balance };
}

/** Reviews & History's first answers, each as its call answers it; none where nothing was read. */
function recentActivityAnswers(activity: RecentActivityRead | null): FirstVisit['queries'] {
  if (!activity) return [];
  const { pageNo, read, balance } = activity;
  return [
    { key: rewardsQueryKeys.transactions(pageNo), data: API.transactions.response.parse(read.transactions) },
    { key: rewardsQueryKeys.dineSummary, data: API.dineSummary.response.parse(read.summary) },
    ...(balance ? [{ key: rewardsQueryKeys.creditBalance, data: API.creditBalance.response.parse(balance) }] : []),
  ];
}

/** What the page's first answers depend on. */
export type PageFacts = {
  partner: PartnerConfig;
  /** '' for an address the route table does not know. */
  pathname: string;
  /** The query string with its '?', or ''. */
  search: string;
  /** The inlined content (carousels are read from it). */
  content: Promise<FirstContent | null>;
};

/** An answer already serialised as JSON (the search index keeps its answers as text). */
export class RawJson {
  constructor(readonly json: string) {}
}

/** The member and first answers; a part that fails is left out (the client fetches it as before), never a failed page. */
export async function firstVisit(deps: FirstScreenDeps, request: FastifyRequest, page: PageFacts): Promise<FirstVisit> {
  const now = new Date();
  const activity = readRecentActivity(request, page, now);
  const [member, answers] = await Promise.all([
    // The standing facts Reviews & History read with its answers; if that read failed, read alone.
    firstMember(deps, request, now, activity.then((a) => a?.read.standing, () => undefined)).catch((err: unknown) => {
      deps.log.warn({ err }, 'first screen: member left out');
      return undefined;
    }),
    firstAnswers(deps, page, request, activity).catch((err: unknown) => {
      deps.log.warn({ err }, 'first screen: first answer left out');
      return { queries: [] as FirstVisit['queries'], notFound: undefined };
    }),
  ]);
  return { ...(member === undefined ? {} : { member }), queries: answers.queries, ...(answers.notFound ? { notFound: true as const } : {}) };
}

/**
 * Whether a page with this visit's data is the same for everyone who asks for it, so its
 * compressed bytes may be kept (plugins/compression.ts): only when it is known to carry no member.
 * A member left out because their lookup failed may still have their answers in it (Reviews &
 * History's are read apart), so that page is not kept either.
 */
export const sameForEveryone = (visit: FirstVisit | undefined): boolean => visit === undefined || visit.member === null;

/** JSON text of the visit's data, with pre-serialised answers put in as they are (no parse and re-stringify). */
export function visitJson(visit: FirstVisit): string {
  const queries = visit.queries.map((q) => `{"key":${JSON.stringify(q.key)},"data":${q.data instanceof RawJson ? q.data.json : JSON.stringify(q.data)}}`);
  const member = visit.member === undefined ? '' : `"member":${JSON.stringify(visit.member)},`;
  return `{${member}${visit.notFound ? '"notFound":true,' : ''}"queries":[${queries.join(',')}]}`;
}

/** A content answer's JSON, written once per answer object (the published ones are kept: PublishedContent). */
const contentJson = oncePerObject((content: FirstContent) => scriptJson(content));

/** The page's <script type="application/json"> of the content answer. */
export const contentScript = (content: FirstContent) => `<script id="${FIRST_SCREEN_IDS.content}" type="application/json">${contentJson(content)}</script>`;

/** The page's <script type="application/json"> of the visit: the member and the first answers. */
export const visitScript = (visit: FirstVisit) => `<script id="${FIRST_SCREEN_IDS.visit}" type="application/json">${escapeScriptJson(visitJson(visit))}</script>`;

/** An image the first screen shows largest (its LCP), fetched at once by a preload; `media` when the width decides which. */
export type PreloadImage = { href: string; media?: string };

/** The home page's banner as HomeScreen chooses it: the home item for this member (or visitor) and its desktop and phone images. */
function homeBannerImages(content: FirstContent | null, partner: PartnerConfig, visit: FirstVisit, knownPublicId: string | null): PreloadImage[] {
  const items = filterContentItems('home', content?.pages.home?.data ?? []);
  const chosen = chooseHomeItem(items, homeStatesFor(partner, visit.member ?? null, knownPublicId));
  const banner = bannerFields(chosen.item?.fields.banner);
  const desktop = safeUrl(banner.image);
  const mobile = safeUrl(banner.imageMobile);
  if (!banner.enabled || !(desktop || mobile)) return [];
  // ContentBanner's <picture>: the desktop source from DESKTOP_QUERY up, the phone image (or the desktop one) below.
  if (desktop && mobile) return [{ href: desktop, media: DESKTOP_QUERY }, { href: mobile, media: `not all and ${DESKTOP_QUERY}` }];
  return [{ href: (mobile ?? desktop)! }];
}

/**
 * The largest image of the first screen, so the browser fetches it while the app's JavaScript
 * loads instead of after it renders (Lighthouse's "LCP request discovery"): the first result's
 * picture on /search, the restaurant's photo on its page, the home banner. The same URLs the
 * components ask for (merchantImageUrl, ContentBanner's picture); none when the page shows none.
 */
export function firstImages(page: { partner: PartnerConfig; pathname: string }, content: FirstContent | null, visit: FirstVisit, knownPublicId: string | null): PreloadImage[] {
  const { pathname, partner } = page;
  if (matchPath(ROUTES.search.path, pathname)) {
    const answer = visit.queries.find((q) => q.key[1] === 'search')?.data;
    const json = answer instanceof RawJson ? answer.json : answer ? JSON.stringify(answer) : null;
    if (!json) return [];
    const first = (JSON.parse(json) as { merchants?: MerchantSummary[] }).merchants?.[0];
    return first ? [{ href: merchantImageUrl(first.images.imageBaseUrl, 'tile', first.images.imagePath) }] : [];
  }
  if (matchPath(ROUTES.merchant.path, pathname)) {
    const detail = visit.queries.find((q) => q.key[1] === 'detail')?.data as MerchantDetail | undefined;
    return detail ? [{ href: merchantImageUrl(detail.images.imageBaseUrl, 'hero', detail.images.imagePath) }] : [];
  }
  if (matchPath(ROUTES.home.path, pathname) && partner.homePage !== 'discover') return homeBannerImages(content, partner, visit, knownPublicId);
  return [];
}

/** The announcement banner under the top bar as plain text: its pieces (links marked) and whether it has a tooltip button. */
export type AnnouncementText = { pieces: Array<{ text: string; link: boolean }>; tooltip: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };
/** Content HTML as the text a reader sees: tags dropped, the common entities decoded (the skeleton escapes it again). */
const plainText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e]!).replace(/\s+/g, ' ').trim();

/**
 * The §2 announcement banner's words as AnnouncementBanner shows them (content
 * 'announcement_banner', the item for who is looking, copy tokens replaced), for the skeleton: the
 * banner is then on screen, in its place, from the first paint (on Reviews & History it is the
 * largest text). None on /discover, where the app shows none.
 */
export function announcementText(content: FirstContent | null, partner: PartnerConfig, pathname: string, viewer: { member: Member | null; knownPublicId: string | null } = { member: null, knownPublicId: null }): AnnouncementText | null {
  if (matchPath(ROUTES.discover.path, pathname)) return null;
  const items = content?.pages.announcement_banner?.data ?? [];
  const fields = pickAnnouncementItem(items, announcementStatesFor(partner, viewer.member, viewer.knownPublicId))?.fields;
  const values = tokenValues(partner.copyStates);
  const pieces = announcementPieces(fields?.banner_copy).flatMap((p) => {
    const text = plainText(replaceTokens(p.copy, values));
    return text ? [{ text, link: p.url !== undefined }] : [];
  });
  if (pieces.length === 0) return null;
  return { pieces, tooltip: typeof fields?.tooltip_copy === 'string' && fields.tooltip_copy.trim() !== '' };
}
