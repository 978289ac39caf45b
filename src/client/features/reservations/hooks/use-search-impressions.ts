import { useEffect, useRef } from 'react';
import type { AvailabilityResponse } from '#shared/schemas/reservations';
import { paths } from '#shared/routes';
import { track } from '#client/lib/impressions';
import { searchImpression, type ReservationSearch } from '../rules';

/**
 * §7 impressions of the widget's searches: each answered search once (the first with the §9
 * defaults is the default search), no availability, and a booking system that did not answer.
 */
export function useSearchImpressions(opts: { merchantId: number; search: ReservationSearch; current: AvailabilityResponse | null; failedStatus: number | null }) {
  const { merchantId, search, current, failedStatus } = opts;
  const tracked = useRef<{ first: boolean; keys: Set<string> }>({ first: true, keys: new Set() });
  useEffect(() => {
    const where = paths.merchant(merchantId);
    if (current) {
      const key = `${current.date} ${current.time} ${current.partySize}`;
      if (tracked.current.keys.has(key)) return;
      tracked.current.keys.add(key);
      track({ eventType: searchImpression(tracked.current.first, search), merchantId, path: where });
      tracked.current.first = false;
      if (current.reason) track({ eventType: 'reservationNoAvailability', merchantId, path: where });
    } else if (failedStatus === 424) {
      track({ eventType: 'reservationFailedDependency', merchantId, path: where });
    }
  }, [current, failedStatus, merchantId, search]);
}
