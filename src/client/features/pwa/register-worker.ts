import { Workbox } from 'workbox-window';
import { WORKER_MESSAGES } from './cache-policy';

/** Where the service worker is served (§4 "Service worker registered at /worker.js"). */
export const WORKER_URL = '/worker.js';

export type WorkerHandle = {
  /** Lets the waiting version take over, then reloads the page on it. */
  activateUpdate: () => void;
};

/**
 * Registers the service worker. `onUpdate` is called when a new version has installed and waits
 * (the app shows its update prompt); nothing reloads on its own, so a half-filled form is safe.
 */
export function registerWorker(onUpdate: (handle: WorkerHandle) => void): Workbox | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox(WORKER_URL, { scope: '/' });
  const handle: WorkerHandle = {
    activateUpdate: () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    },
  };
  wb.addEventListener('waiting', () => onUpdate(handle));
  void wb.register().catch(() => undefined);
  return wb;
}

/** Tells the worker the member signed out: it drops what it kept (it also sees the sign-out call itself). */
export function tellWorkerSignedOut() {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: WORKER_MESSAGES.signedOut });
  } catch {
    /* no worker: nothing kept */
  }
}
