import { useSyncExternalStore } from 'react';
import { pushPwaInstall } from './data-layer';

/** Chromium's install prompt event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/**
 * Keeps the browser's install prompt for the banner's 'Install' button (the browser's own mini
 * bar is held back), and reports an install (§4 install event). Started once, as early as the
 * app's code loads: Chromium may fire the event before the page chrome is drawn.
 */
export function captureInstallPrompt(target: Window = window) {
  if ((target as Window & { __rnInstallCapture?: boolean }).__rnInstallCapture) return;
  (target as Window & { __rnInstallCapture?: boolean }).__rnInstallCapture = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
    pushPwaInstall();
  });
}

if (typeof window !== 'undefined') captureInstallPrompt(window);

/** Forgets the kept prompt and the install (a new page starts with neither; tests start each case so). */
export function forgetInstallPrompt() {
  deferred = null;
  installed = false;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The kept install prompt (null when the browser offered none, or it was used). */
export function useInstallPrompt(): { prompt: BeforeInstallPromptEvent | null; installed: boolean; consume: () => void } {
  const prompt = useSyncExternalStore(subscribe, () => deferred, () => null);
  const done = useSyncExternalStore(subscribe, () => installed, () => false);
  return {
    prompt,
    installed: done,
    consume: () => {
      deferred = null;
      notify();
    },
  };
}

/** Whether the page runs as an installed app (Chromium's display mode, or iOS home-screen). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}
