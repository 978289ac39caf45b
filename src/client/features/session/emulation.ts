import { useEffect } from 'react';
import { EMULATING_WINDOW_KEY, EMULATION_ID_KEY, isEmulationExitMessage, staleEmulation } from '#shared/rules/emulation';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';

/**
 * The browser leaves for /SignOut with a full page load: a screen's own redirect cannot override
 * it, and nothing of the emulated member stays in memory. An object so tests can watch it.
 */
export const emulationExit = {
  leave(path: string) {
    window.location.replace(path);
  },
};

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** Marks this window as the one running the emulation (the guard then keeps it; any other window signs out). */
export function rememberEmulation(id: string) {
  try {
    window.localStorage.setItem(EMULATION_ID_KEY, id);
    window.sessionStorage.setItem(EMULATING_WINDOW_KEY, id);
  } catch {
    /* storage blocked: the session still ends at its time or on exit */
  }
}

/** Exit from the view: nothing of it stays in this browser, and the session ends (/SignOut). */
export function exitEmulation() {
  forget();
  emulationExit.leave(paths.signOut());
}

function forget() {
  try {
    window.localStorage.removeItem(EMULATION_ID_KEY);
    window.sessionStorage.removeItem(EMULATING_WINDOW_KEY);
  } catch {
    /* storage blocked: nothing stored either */
  }
}

/**
 * §4 emulation (client side): a stored emulation id in a window that is not emulating is removed
 * and the browser goes to /SignOut; a message from the configured operator console with exit data
 * signs out. No console origin configured (partner.adminEmulationOrigin): no listener at all.
 */
export function useEmulationGuard() {
  const partner = usePartner();
  const consoleOrigin = partner.adminEmulationOrigin ?? null;

  useEffect(() => {
    const storedId = read(() => window.localStorage, EMULATION_ID_KEY);
    const windowEmulationId = read(() => window.sessionStorage, EMULATING_WINDOW_KEY);
    if (staleEmulation({ storedId, windowEmulationId })) {
      try {
        window.localStorage.removeItem(EMULATION_ID_KEY);
      } catch {
        /* ignore */
      }
      emulationExit.leave(paths.signOut());
    }
  }, []);

  useEffect(() => {
    if (!consoleOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (!isEmulationExitMessage({ origin: event.origin, data: event.data }, consoleOrigin)) return;
      forget();
      emulationExit.leave(paths.signOut());
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [consoleOrigin]);
}
