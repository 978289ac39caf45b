/**
 * The PWA events of §4 on window.dataLayer (the tag manager's queue, as impressions use it):
 * a session event when the app runs installed (labelled with the user's id, else 'anonymous'),
 * and an install event when the browser reports the app installed.
 */
export const PWA_EVENTS = { session: 'pwa_session', install: 'pwa_install' } as const;

/** Once per browser session (the tab's session storage), so a reload does not count again. */
export const PWA_SESSION_SENT_KEY = 'RN_PWA_SESSION_SENT';

export type PwaDataLayerEvent =
  | { event: typeof PWA_EVENTS.session; label: string; dateTime: string }
  | { event: typeof PWA_EVENTS.install; dateTime: string };

function push(entry: PwaDataLayerEvent) {
  try {
    (window.dataLayer ??= []).push(entry);
  } catch {
    /* tracking never breaks the page */
  }
}

/** §4 PWA session: once per session, when running standalone. */
export function pushPwaSession(userId: string | null, now = new Date()) {
  try {
    if (sessionStorage.getItem(PWA_SESSION_SENT_KEY)) return;
    sessionStorage.setItem(PWA_SESSION_SENT_KEY, now.toISOString());
  } catch {
    /* storage refused: send anyway, at most once per page */
  }
  push({ event: PWA_EVENTS.session, label: userId ?? 'anonymous', dateTime: now.toISOString() });
}

export function pushPwaInstall(now = new Date()) {
  push({ event: PWA_EVENTS.install, dateTime: now.toISOString() });
}
