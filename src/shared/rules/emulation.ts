/**
 * §4 emulation, the member site's side: an operator emulating a member works in a window of this
 * site that the operator console (ADMIN_EMULATION_ORIGIN) opened. Pure rules; the session feature
 * (client/features/session/emulation.ts) listens and acts.
 */

/** §3 local storage key 'emulation id': the emulation under way in this browser. */
export const EMULATION_ID_KEY = 'RN_EMULATION_ID';
/** Session storage (one window): the emulation this window is running, if any. */
export const EMULATING_WINDOW_KEY = 'RN_EMULATING';

/**
 * A message ends the emulation only when it comes from exactly the configured console origin
 * (scheme, host and port; no prefix or suffix match) and carries exit data: `{ exit: true }` or
 * `{ type: 'exitEmulation' }`. Without a configured origin nothing is accepted.
 */
export function isEmulationExitMessage(message: { origin: string; data: unknown }, consoleOrigin: string | null | undefined): boolean {
  if (!consoleOrigin || message.origin !== consoleOrigin) return false;
  const data = message.data;
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { exit?: unknown; type?: unknown };
  return d.exit === true || d.type === 'exitEmulation';
}

/**
 * A stored emulation id seen from a window that is not running that emulation is stale (the
 * emulation's member session would leak into an ordinary window): remove it and sign out.
 */
export function staleEmulation(input: { storedId: string | null; windowEmulationId: string | null }): boolean {
  return Boolean(input.storedId) && input.storedId !== input.windowEmulationId;
}
