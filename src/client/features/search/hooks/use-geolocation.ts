import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  decideLocation, geolocationSettings, GEOLOCATION_REFRESH_MS, needsServerDefault, outcomeFromError,
  outcomeFromPosition, userHasDecided,
  type BrowserOutcome, type GeolocationPurpose, type LocationDecision, type LocationMode, type ServerDefault,
} from '#shared/rules/geolocation';
import { useDefaultUserLocation } from '../api/search-api';

export type GeolocationOptions = {
  /** Ask the browser only while enabled (e.g. the location is Current Location). */
  enabled: boolean;
  mode: LocationMode;
};

export type GeolocationResult = LocationDecision & {
  /** Ask the browser again now (the 'Use current location' button). */
  request: () => void;
};

function purposeOf(mode: LocationMode): GeolocationPurpose {
  return mode === 'carousel' ? 'carousel' : 'search';
}

/**
 * The browser's position per §4: search or carousel settings, refreshed every 5 minutes once the
 * user decided, falling back to the server default location and then the fixed default.
 */
export function useGeolocation({ enabled, mode }: GeolocationOptions): GeolocationResult {
  const [browser, setBrowser] = useState<BrowserOutcome>({ kind: 'pending' });
  const [nonce, setNonce] = useState(0);
  const lastKnown = useRef<BrowserOutcome>({ kind: 'pending' });
  const purpose = purposeOf(mode);

  useEffect(() => {
    if (!enabled) return;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setBrowser({ kind: 'unsupported' });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: BrowserOutcome) => {
      if (cancelled) return;
      // A refresh that fails after a success keeps the last good position rather than jumping.
      const next = outcome.kind !== 'granted' && outcome.kind !== 'denied' && lastKnown.current.kind === 'granted' ? lastKnown.current : outcome;
      lastKnown.current = next;
      setBrowser(next);
      if (userHasDecided(next)) timer = setTimeout(ask, GEOLOCATION_REFRESH_MS);
    };
    function ask() {
      try {
        geo!.getCurrentPosition(
          (pos) => settle(outcomeFromPosition(pos.coords)),
          (err) => settle(outcomeFromError(err.code)),
          geolocationSettings(purpose),
        );
      } catch {
        settle({ kind: 'unavailable' });
      }
    }
    ask();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, purpose, nonce]);

  const wantServer = enabled && needsServerDefault(browser, mode);
  const serverQuery = useDefaultUserLocation(wantServer);
  const server: ServerDefault = serverQuery.isSuccess
    ? { kind: 'ready', coords: serverQuery.data }
    : serverQuery.isError ? { kind: 'failed' } : { kind: 'pending' };

  const request = useCallback(() => {
    lastKnown.current = { kind: 'pending' };
    setBrowser({ kind: 'pending' });
    setNonce((n) => n + 1);
  }, []);

  const decision = decideLocation({ browser, server, mode });
  const lat = decision.status === 'ready' ? decision.coords.latitude : undefined;
  const lng = decision.status === 'ready' ? decision.coords.longitude : undefined;
  const source = decision.status === 'ready' ? decision.source : undefined;
  // Stable identity while the rounded coordinates stay the same, so refreshes don't refetch.
  return useMemo<GeolocationResult>(() => {
    if (!enabled) return { status: 'pending', request };
    if (lat !== undefined && lng !== undefined && source) return { status: 'ready', coords: { latitude: lat, longitude: lng }, source, request };
    return { status: decision.status as 'pending' | 'blocked' | 'unavailable', request };
  }, [enabled, decision.status, lat, lng, source, request]);
}
