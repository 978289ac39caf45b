/**
 * The native app's bridge (§4 "the native app is told the external user id"): its web view
 * exposes window.ReactNativeWebView.postMessage(string). Messages are JSON with a `type`.
 */
declare global {
  interface Window {
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

export const BRIDGE_MESSAGES = { externalUserId: 'externalUserId' } as const;

/** Tells the app who uses it (the member's public id, else the known visitor's; null: nobody). False when there is no bridge. */
export function tellNativeAppExternalUserId(externalUserId: string | null): boolean {
  const bridge = typeof window !== 'undefined' ? window.ReactNativeWebView : undefined;
  if (!bridge || typeof bridge.postMessage !== 'function') return false;
  try {
    bridge.postMessage(JSON.stringify({ type: BRIDGE_MESSAGES.externalUserId, externalUserId }));
    return true;
  } catch {
    return false;
  }
}
