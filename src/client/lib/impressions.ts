import type { Impression } from '#shared/schemas/impressions';
import { IMPRESSION_BATCH_MAX, IMPRESSION_FLUSH_DELAY_MS, IMPRESSION_NEXT_BATCH_DELAY_MS, IMPRESSION_TEXT_MAX } from '#shared/constants/impressions';
import { API_PATHS } from '#shared/api-paths';
import { call } from './api';
import { EMULATING_WINDOW_KEY } from '#shared/rules/emulation';

/** What a caller tells: the event and, where it has them, the path and the restaurant. */
export type TrackedEvent = Omit<Impression, 'channel' | 'dateTime' | 'userAgent'>;

/** What each impression pushes onto window.dataLayer (docs/tracking.md), the tag manager's usual shape. */
export type DataLayerImpression = {
  event: Impression['eventType'];
  channel: 'web';
  dateTime: string;
  path?: string;
  merchantId?: number;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let queue: Impression[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let unloadHooked = false;

function send(batch: Impression[]) {
  // §7/§8: impression failures are swallowed; tracking never shows an error or leaves a rejection.
  try {
    void call(API_PATHS.impressions, { body: batch, keepalive: true }).catch(() => undefined);
  } catch {
    /* never thrown by api(), but a tracking call must not break the page */
  }
}

/** Sends what is queued, one batch now and the rest shortly after (at most IMPRESSION_BATCH_MAX a call). */
export function flushImpressions() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const batch = queue.splice(0, IMPRESSION_BATCH_MAX);
  if (batch.length === 0) return;
  send(batch);
  if (queue.length) timer = setTimeout(flushImpressions, IMPRESSION_NEXT_BATCH_DELAY_MS);
}

/** Everything queued goes out when the page is hidden or left (keepalive lets the call finish). */
function hookUnload() {
  if (unloadHooked || typeof window === 'undefined') return;
  unloadHooked = true;
  const drain = () => {
    while (queue.length) flushImpressions();
  };
  window.addEventListener('pagehide', drain);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') drain();
  });
}

function mirror(impression: Impression) {
  if (typeof window === 'undefined') return;
  try {
    const entry: DataLayerImpression = { event: impression.eventType, channel: 'web', dateTime: impression.dateTime };
    if (impression.path !== undefined) entry.path = impression.path;
    if (impression.merchantId !== undefined) entry.merchantId = impression.merchantId;
    (window.dataLayer ??= []).push(entry);
  } catch {
    /* a page script may have replaced dataLayer with something odd: tracking stays quiet */
  }
}

/**
 * Records an event (§7 impressions: page view, search, carousel, restaurant view …): mirrored to
 * window.dataLayer at once and sent to POST /api/Impressions in batches.
 */
/** A window of the console's "View as member" (§6): what staff do there is not the member's activity. */
function emulatingWindow(): boolean {
  try {
    return typeof window !== 'undefined' && Boolean(window.sessionStorage.getItem(EMULATING_WINDOW_KEY));
  } catch {
    return false;
  }
}

export function track(event: TrackedEvent) {
  if (emulatingWindow()) return;
  const impression: Impression = {
    eventType: event.eventType,
    channel: 'web',
    dateTime: new Date().toISOString(),
    userAgent: (typeof navigator !== 'undefined' ? navigator.userAgent : '').slice(0, IMPRESSION_TEXT_MAX),
    ...(event.path !== undefined ? { path: event.path.slice(0, IMPRESSION_TEXT_MAX) } : {}),
    ...(event.merchantId !== undefined ? { merchantId: event.merchantId } : {}),
  };
  mirror(impression);
  queue.push(impression);
  hookUnload();
  if (queue.length >= IMPRESSION_BATCH_MAX) flushImpressions();
  else timer ??= setTimeout(flushImpressions, IMPRESSION_FLUSH_DELAY_MS);
}

/** Tests only: forget the queue and the timer. */
export function resetImpressionsForTest() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  queue = [];
}
