/// <reference lib="webworker" />
/**
 * The service worker, served at /worker.js (vite-plugin-pwa, injectManifest; docs/pwa.md).
 * - Precaches the built app (JS, CSS) so the app shell starts offline.
 * - Pages: network first; each page that loads is kept as this site's one app shell (the page
 *   carries the partner's configuration, never member data: the inlined member and first answers
 *   are taken out before it is kept); offline, any address gets that shell,
 *   or the offline page before one was kept.
 * - Partner content pages: stale-while-revalidate; restaurant pictures, logos and icons:
 *   stale-while-revalidate, bounded by count and age.
 * - Member data and every other API call: never touched (cache-policy.ts).
 * - Sign-out (the call, the page, or the app's message) drops the runtime caches.
 * - A new version waits until the app asks it to take over (the update prompt).
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CACHE_LIMITS, cacheKindOf, endsSession, RUNTIME_CACHES, SHELL_KEY, WORKER_MESSAGES } from './features/pwa/cache-policy';
import { offlinePageHtml } from './features/pwa/offline-page';
import { FIRST_SCREEN_IDS } from '#shared/first-screen';

declare global {
  /** The build's precache list, written in by vite-plugin-pwa at this exact expression. */
  var __WB_MANIFEST: (string | { url: string; revision: string | null })[];
}

const sw = self as unknown as ServiceWorkerGlobalScope;
/** The page's per-visit data element (#shared/first-screen FIRST_SCREEN_IDS.visit). */
const VISIT_DATA_ELEMENT = new RegExp(`<script id="${FIRST_SCREEN_IDS.visit}" type="application/json">[^<]*</script>`, 'g');

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const facts = (request: Request) => ({
  method: request.method,
  url: request.url,
  origin: sw.location.origin,
  mode: request.mode,
  destination: request.destination,
  hasAuthorization: request.headers.has('authorization'),
});

async function clearRuntimeCaches(): Promise<void> {
  await Promise.all(Object.values(RUNTIME_CACHES).map((name) => caches.delete(name)));
}

/**
 * The page as the shell keeps it: without this visit's inlined data (the member, the page's first
 * answers; issue 13), so the shell never shows one member's data to another or after sign-out.
 */
async function withoutVisitData(response: Response): Promise<Response> {
  const html = (await response.text()).replace(VISIT_DATA_ELEMENT, '');
  // The body is decoded and shorter now: its length and encoding headers no longer apply.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** Network first; a 200 page becomes the app shell; offline: the shell, else the offline page. */
async function pageResponse(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status === 200 && (response.headers.get('content-type') ?? '').includes('text/html')) {
      const cache = await caches.open(RUNTIME_CACHES.pages);
      await cache.put(SHELL_KEY, await withoutVisitData(response.clone()));
    }
    return response;
  } catch {
    const shell = await caches.match(SHELL_KEY, { cacheName: RUNTIME_CACHES.pages });
    if (shell) return shell;
    return new Response(offlinePageHtml(), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cache-control': 'no-store' },
    });
  }
}

// Sign-out seen on its way to the server: nothing this browser kept outlives the session.
sw.addEventListener('fetch', (event) => {
  if (endsSession(event.request.method, event.request.url)) event.waitUntil(clearRuntimeCaches());
});

registerRoute(({ request }) => cacheKindOf(facts(request)) === 'page', ({ request }) => pageResponse(request));

registerRoute(({ request }) => cacheKindOf(facts(request)) === 'content', new StaleWhileRevalidate({
  cacheName: RUNTIME_CACHES.content,
  plugins: [new ExpirationPlugin({ maxEntries: CACHE_LIMITS.contentEntries })],
}));

registerRoute(({ request }) => cacheKindOf(facts(request)) === 'image', new StaleWhileRevalidate({
  cacheName: RUNTIME_CACHES.images,
  plugins: [new ExpirationPlugin({ maxEntries: CACHE_LIMITS.imageEntries, maxAgeSeconds: CACHE_LIMITS.imageMaxAgeSeconds, purgeOnQuotaError: true })],
}));

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === WORKER_MESSAGES.skipWaiting) void sw.skipWaiting();
  if (type === WORKER_MESSAGES.signedOut) event.waitUntil(clearRuntimeCaches());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});
