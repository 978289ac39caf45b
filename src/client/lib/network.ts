import { useSyncExternalStore } from 'react';

/**
 * Network failure, told apart from a server error (issue 25 item 6): a call that never reached
 * the server (fetch's TypeError, the browser offline, a page's code that could not be loaded) is
 * not a 5xx; pages say "You're offline" and what still works, and recover when the connection
 * comes back.
 */

export const OFFLINE_MESSAGE = 'You\u2019re offline. Check your connection and try again.';
export const UNREACHABLE_MESSAGE = 'We couldn\u2019t reach our server. Check your connection and try again.';

/** A call that got no answer at all (no HTTP status). */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(isOffline() ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE, options);
    this.name = 'NetworkError';
  }
}

/** The browser says it has no connection. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Chromium, Firefox and Safari wordings of a failed fetch or of a route's code that could not be loaded. */
const NETWORK_TYPE_ERROR = /failed to fetch|networkerror|network request failed|load failed|dynamically imported module|importing a module script failed|unable to preload css/i;

/** Whether an error is a failed connection rather than a server's answer or a bug. */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof TypeError && NETWORK_TYPE_ERROR.test(err.message)) return true;
  // Anything failing while the browser is offline is most likely the connection.
  return isOffline() && err instanceof Error && !('status' in err && typeof err.status === 'number');
}

const onlineListeners = new Set<() => void>();
function subscribe(listener: () => void) {
  if (onlineListeners.size === 0) {
    window.addEventListener('online', notify);
    window.addEventListener('offline', notify);
  }
  onlineListeners.add(listener);
  return () => {
    onlineListeners.delete(listener);
    if (onlineListeners.size === 0) {
      window.removeEventListener('online', notify);
      window.removeEventListener('offline', notify);
    }
  };
}
function notify() {
  for (const l of onlineListeners) l();
}

/** Whether the browser has a connection, updated on its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => !isOffline(), () => true);
}
