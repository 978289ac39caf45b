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
export async function registerWorker(onUpdate: (handle: WorkerHandle) => void): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Loaded after the page: registration is never on the first load's critical path or budget.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(WORKER_URL, { scope: '/' });
  const handle: WorkerHandle = {
    activateUpdate: () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    },
  };
  wb.addEventListener('waiting', () => onUpdate(handle));
  await wb.register().catch(() => undefined);
}

/** Tells the worker the member signed out: it drops what it kept (it also sees the sign-out call itself). */
export function tellWorkerSignedOut() {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: WORKER_MESSAGES.signedOut });
  } catch {
    /* no worker: nothing kept */
  }
}
