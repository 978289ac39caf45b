import { BREAKPOINTS } from '#shared/constants/layout';
import { MISSING_REWARDS_COPY } from '#shared/constants/missing-rewards';
import { matchPath, ROUTES } from '#shared/routes';
import { escapeHtml } from '../../lib/html';
import type { AnnouncementText, PreloadImage } from './first-screen';

/**
 * The page's static skeleton (issue 13): the chrome (top bar with the partner's logo, main area,
 * footer band) drawn in the partner's colours from the theme variables, shown while the app's
 * JavaScript loads and hidden by CSS the moment React puts anything into #root. Decorative only:
 * aria-hidden, nothing focusable. The top bar has the real one's height (64px + its 1px border).
 * Where the first screen's largest picture is known (the preloaded one: home banner, restaurant
 * photo, first search result), the skeleton shows that picture in its place, so the reader sees
 * it as soon as it arrives rather than when the app has rendered; the app then draws the same
 * picture there.
 */
/** The app's layout breakpoints (§9), as its CSS media queries write them. */
const DESKTOP = `@media (min-width:${BREAKPOINTS.desktop}px)`;
const MEDIUM = `@media (min-width:${BREAKPOINTS.medium}px)`;

export const SKELETON_CSS = [
  '.boot{min-height:100vh;display:flex;flex-direction:column;background:var(--color-background,#fff);color:var(--color-text,#1d1d1f)}',
  '#root:not(:empty)~.boot{display:none}',
  '.boot-bar{height:65px;border-bottom:1px solid color-mix(in srgb,var(--color-text,#1d1d1f) 22%,var(--color-background,#fff));background:var(--color-background,#fff)}',
  '.boot-in{width:100%;max-width:1098px;margin-inline:auto;padding-inline:16px;box-sizing:border-box}',
  '.boot-wide{max-width:1448px}',
  '.boot-bar .boot-in{display:flex;align-items:center;gap:1.25rem;height:64px}',
  '.boot-logo{height:36px;width:auto;max-width:140px;object-fit:contain;object-position:left center}',
  '.boot-pill{display:none;height:14px;width:84px;border-radius:7px;background:var(--color-surface,#f4f5f7)}',
  '.boot-pill:first-of-type{margin-left:auto}',
  '.boot-cta{display:none;height:40px;width:96px;border-radius:6px;background:var(--color-primary,#1b4f8a)}',
  '.boot-menu{margin-left:auto;width:28px;height:20px;border-block:3px solid var(--color-primary,#1b4f8a);position:relative;box-sizing:border-box}',
  '.boot-menu::after{content:"";position:absolute;left:0;right:0;top:5.5px;border-top:3px solid var(--color-primary,#1b4f8a)}',
  `${DESKTOP}{.boot-pill,.boot-cta{display:block}.boot-menu{display:none}}`,
  `${MEDIUM}{.boot-in{padding-inline:24px}}`,
  '.boot-main{flex:1 0 auto}',
  '.boot-hero{height:clamp(220px,38vw,420px);background:linear-gradient(120deg,var(--color-primary,#1b4f8a),var(--color-secondary,#0e2a47))}',
  '.boot-line{height:16px;margin:14px 0;border-radius:8px;background:var(--color-surface,#f4f5f7)}',
  '.boot-line:nth-of-type(3n+1){width:92%}.boot-line:nth-of-type(3n+2){width:78%}.boot-line:nth-of-type(3n){width:64%}',
  '.boot-photo{height:clamp(200px,30vw,360px)}',
  '.boot-title{height:30px;width:55%;margin:28px 0 18px;border-radius:8px;background:color-mix(in srgb,var(--color-primary,#1b4f8a) 30%,var(--color-surface,#f4f5f7))}',
  '.boot-tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px;margin-top:16px}',
  '.boot-tile{height:240px;border-radius:12px;background:var(--color-surface,#f4f5f7)}',
  // The announcement banner as announcement-banner.module.css draws it (its text and info button's 32px).
  '.boot-ann{background:var(--color-primary,#1b4f8a);color:var(--color-primary-text,#fff);font-size:.9375rem}',
  '.boot-ann .boot-in{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.25rem .5rem;padding-block:.625rem;text-align:center}',
  '.boot-ann p{margin:0}.boot-ann b{text-decoration:underline}.boot-ann i{display:block;width:32px;height:32px}',
  '.boot-pic{display:block;width:100%;height:100%;object-fit:cover}.boot-banner picture{display:block;height:100%}',
  // The boxes the app gives these pictures (content-banner.module.css .media, merchant-detail.module.css .hero).
  '.boot-banner{aspect-ratio:16/9;max-height:260px;overflow:hidden;background:var(--color-surface,#f4f5f7)}',
  `${DESKTOP}{.boot-banner{aspect-ratio:auto;max-height:none;height:400px}}`,
  '.boot-shot{aspect-ratio:16/9;margin-top:16px;border-radius:12px;overflow:hidden;background:var(--color-surface,#f4f5f7)}',
  `${MEDIUM}{.boot-shot{aspect-ratio:21/8}}`,
  '.boot-tile-pic{height:auto;min-height:240px;overflow:hidden}.boot-tile-pic .boot-pic{height:auto;aspect-ratio:8/5}',
  '.boot-field{height:50px;border-radius:6px;margin-top:20px;background:var(--color-surface,#f4f5f7);border:1px solid color-mix(in srgb,var(--color-text,#1d1d1f) 22%,var(--color-background,#fff))}',
  // The account centre as account.module.css lays it out: its tabs (a row on a phone, a column on
  // a desktop), the page's title, and on Reviews & History the missing-rewards banner
  // (recent-activity.module.css .banner) with its words.
  '.boot-acct{display:flex;flex-direction:column;gap:1.5rem;padding-block:1.5rem 3rem}',
  '.boot-tabs{height:44px;border-bottom:1px solid color-mix(in srgb,var(--color-text,#1d1d1f) 22%,var(--color-background,#fff))}',
  '.boot-page{flex:1;min-width:0}.boot-acct .boot-title{margin:0 0 1.5rem}',
  '.boot-note{padding:1rem 1.25rem;border-left:4px solid var(--color-primary,#1b4f8a);border-radius:8px;background:var(--color-surface,#f4f5f7);margin-bottom:1.5rem}',
  '.boot-note p{margin:0}.boot-note p+p{margin-top:.375rem}.boot-note b{display:block}.boot-note u{color:var(--color-link,#1b4f8a)}',
  `${DESKTOP}{.boot-acct{flex-direction:row;align-items:flex-start;gap:2.5rem;padding-block:2.5rem 4rem}.boot-tabs{flex:0 0 220px;height:360px;border-bottom:0;border-left:1px solid color-mix(in srgb,var(--color-text,#1d1d1f) 22%,var(--color-background,#fff))}}`,
  '.boot-foot{margin-top:3rem;height:220px;background:var(--color-surface,#f4f5f7);border-top:4px solid var(--color-primary,#1b4f8a)}',
  '@media (prefers-reduced-motion:no-preference){.boot-line,.boot-tile,.boot-title{animation:boot-pulse 1.6s ease-in-out infinite}}',
  '@keyframes boot-pulse{50%{opacity:.55}}',
].join('');

const lines = (n: number) => '<div class="boot-line"></div>'.repeat(n);
const tiles = (n: number, first = '') => `<div class="boot-tiles">${first ? `<div class="boot-tile boot-tile-pic">${first}</div>` : ''}${'<div class="boot-tile"></div>'.repeat(first ? n - 1 : n)}</div>`;

/** The picture as the app's <img> or <picture> chooses it: a source per media query, the last image without one. */
function picture(images: readonly PreloadImage[]): string {
  if (images.length === 0) return '';
  const fallback = images.find((i) => !i.media) ?? images[images.length - 1]!;
  const sources = images.filter((i) => i !== fallback && i.media).map((i) => `<source media="${escapeHtml(i.media!)}" srcset="${escapeHtml(i.href)}">`).join('');
  const img = `<img class="boot-pic" src="${escapeHtml(fallback.href)}" alt="">`;
  return sources ? `<picture>${sources}${img}</picture>` : img;
}

/**
 * A signed-in member's account page: the tabs and the title's places, and on Reviews & History the
 * missing-rewards banner in its words, its largest text (the app then draws the same words there).
 */
function accountPage(pathname: string): string {
  const c = MISSING_REWARDS_COPY;
  const banner = matchPath(ROUTES.accountRecentActivity.path, pathname)
    ? `<div class="boot-note"><p><b>${escapeHtml(c.title)}</b></p><p>${escapeHtml(c.before)}<u>${escapeHtml(c.link)}</u>${escapeHtml(c.after)}</p></div>`
    : '';
  return `<div class="boot-in boot-acct"><div class="boot-tabs"></div><div class="boot-page"><div class="boot-title"></div>${banner}${lines(4)}</div></div>`;
}

/** The main area's placeholders for this kind of page, with its largest picture where known. */
function mainFor(pathname: string, images: readonly PreloadImage[], member: boolean): string {
  // A visitor at an account address is sent to sign in: the usual placeholders.
  if (member && matchPath(ROUTES.accountOther.path, pathname)) return accountPage(pathname);
  const pic = picture(images);
  if (matchPath(ROUTES.search.path, pathname)) {
    return `<div class="boot-in boot-wide"><div class="boot-field"></div><div class="boot-title"></div>${tiles(6, pic)}</div>`;
  }
  if (matchPath(ROUTES.merchant.path, pathname)) {
    if (pic) return `<div class="boot-in"><div class="boot-shot">${pic}</div><div class="boot-title"></div>${lines(5)}</div>`;
    return `<div class="boot-hero boot-photo"></div><div class="boot-in"><div class="boot-title"></div>${lines(5)}</div>`;
  }
  return `${pic ? `<div class="boot-banner">${pic}</div>` : '<div class="boot-hero"></div>'}<div class="boot-in"><div class="boot-title"></div>${lines(4)}${tiles(3)}</div>`;
}

/** The skeleton's markup: classes only (the page's CSP allows no style attributes). */
function announcement(text: AnnouncementText | null): string {
  if (!text) return '';
  const words = text.pieces.map((p) => (p.link ? `<b>${escapeHtml(p.text)}</b>` : escapeHtml(p.text))).join(' ');
  return `<div class="boot-ann"><div class="boot-in boot-wide"><p>${words}</p>${text.tooltip ? '<i></i>' : ''}</div></div>`;
}

export function skeletonHtml(pathname: string, images: readonly PreloadImage[] = [], banner: AnnouncementText | null = null, opts: { member?: boolean } = {}): string {
  return `<div class="boot" aria-hidden="true">`
    + `<div class="boot-bar"><div class="boot-in boot-wide"><img class="boot-logo" src="/partner/logo.svg" alt="" width="140" height="36"><span class="boot-pill"></span><span class="boot-pill"></span><span class="boot-pill"></span><span class="boot-cta"></span><span class="boot-menu"></span></div></div>`
    + announcement(banner)
    + `<div class="boot-main">${mainFor(pathname, images, opts.member ?? false)}</div>`
    + `<div class="boot-foot"></div>`
    + `</div>`;
}
