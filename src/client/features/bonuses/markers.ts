import { liveMarkers, type BonusMarker } from '#shared/rules/bonuses';

/**
 * §4 the local registration marker: codes registered from this browser, each with when, kept 35
 * minutes (BONUS_MARKER_MINUTES) and dropped once expired.
 */
export const BONUS_MARKERS_KEY = 'RN_BONUS_REGISTERED';

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function parse(raw: string | null | undefined): BonusMarker[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((m: unknown) => {
      const { code, at } = (m ?? {}) as { code?: unknown; at?: unknown };
      return typeof code === 'string' && typeof at === 'number' && Number.isFinite(at) ? [{ code, at }] : [];
    });
  } catch {
    return [];
  }
}

/** The markers still alive; expired (or unreadable) ones are removed from storage. */
export function readBonusMarkers(now: number = Date.now(), store: Storage | undefined = storage()): BonusMarker[] {
  try {
    const raw = store?.getItem(BONUS_MARKERS_KEY);
    const all = parse(raw);
    const live = liveMarkers(all, now);
    if (raw !== null && raw !== undefined && live.length !== all.length) {
      if (live.length === 0) store?.removeItem(BONUS_MARKERS_KEY);
      else store?.setItem(BONUS_MARKERS_KEY, JSON.stringify(live));
    }
    return live;
  } catch {
    return [];
  }
}

/** Remembers that this browser registered `code` now. */
export function rememberBonus(code: string, now: number = Date.now(), store: Storage | undefined = storage()): BonusMarker[] {
  const next = [...readBonusMarkers(now, store).filter((m) => m.code.toLowerCase() !== code.toLowerCase()), { code, at: now }];
  try {
    store?.setItem(BONUS_MARKERS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the server's answer still says Enrolled.
  }
  return next;
}
