import type { Impression } from '#shared/schemas/impressions';
import { IMPRESSION_BATCH_MAX, IMPRESSION_TEXT_MAX } from '#shared/constants/impressions';
import { api } from './api';

type Event = Omit<Impression, 'channel' | 'dateTime' | 'userAgent'>;
let queue: Impression[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function flush() {
  timer = undefined;
  const batch = queue.splice(0, IMPRESSION_BATCH_MAX);
  queue = queue.slice(0);
  if (batch.length === 0) return;
  // §8: impression failures are swallowed; tracking never breaks the page.
  api('/api/Impressions', { method: 'POST', body: batch, keepalive: true }).catch(() => undefined);
  if (queue.length) timer = setTimeout(flush, 200);
}

/** Records an event (page view, search, carousel …), sent in small batches. */
export function track(event: Event) {
  queue.push({
    ...event, ...(event.path ? { path: event.path.slice(0, IMPRESSION_TEXT_MAX) } : {}),
    channel: 'web', dateTime: new Date().toISOString(), userAgent: navigator.userAgent.slice(0, IMPRESSION_TEXT_MAX),
  });
  timer ??= setTimeout(flush, 300);
}
