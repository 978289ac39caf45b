import './card-frame.css';
import { startCardFrame } from './frame-controller';
import { importPublicKey } from './frame-logic';

/** One try may take this long: three tries and their pauses end before the form stops waiting (20 s). */
const KEY_TRY_MS = 5000;

/** GET /card-frame/public-key on the frame's own origin, a few tries before giving up. */
async function loadKey(): Promise<CryptoKey> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch('/card-frame/public-key', { credentials: 'omit', cache: 'no-store', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(KEY_TRY_MS) });
      if (!res.ok) throw new Error(res.statusText);
      const { key } = (await res.json()) as { key?: unknown };
      if (typeof key !== 'string') throw new Error('No key in the answer');
      return await importPublicKey(key);
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
  throw lastError;
}

// Only ever the parent window, only ever its exact origin (never '*').
startCardFrame({
  doc: document,
  search: window.location.search,
  post: (message, targetOrigin) => {
    if (window.parent !== window) window.parent.postMessage(message, targetOrigin);
  },
  loadKey,
  win: window,
});
