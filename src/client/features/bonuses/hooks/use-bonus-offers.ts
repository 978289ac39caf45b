import { useMemo, useState } from 'react';
import type { ActiveBonus, Member } from '#shared/schemas/member';
import { usePartner } from '#client/lib/partner';
import { useToast } from '#client/components/toast';
import { useContentPage } from '../../content';
import { useUserState } from '../../session';
import { useRegisterBonus } from '../api';
import { bonusBannersOf, visibleBonusBanners, type BonusBannerView } from '../banners';
import { readBonusMarkers } from '../markers';

/** §8 bonus messages. */
export const BONUS_REGISTERED_MESSAGE = 'Registered for bonus';
export const BONUS_FAILED_MESSAGE = 'Something went wrong, please refresh your browser.';

export type BonusOffers = {
  views: BonusBannerView[];
  /** The code being registered now, if any. */
  pendingCode: string | undefined;
  register: (code: string) => void;
};

/**
 * The member's bonuses as every screen shows them (overview, joining success, home): the
 * 'earn_banner' content matched to activeBonuses and worded by rules/bonus-terms.ts, and the
 * registration (toast, the 35-minute marker, the member fetched again so every place shows
 * Enrolled). `which` and `withoutBanner` as in visibleBonusBanners.
 */
export function useBonusOffers(opts: {
  member: Pick<Member, 'activeBonuses'>;
  inNativeApp?: boolean;
  which?: (bonus: ActiveBonus) => boolean;
  withoutBanner?: boolean;
}): BonusOffers {
  const { member, inNativeApp = false, which, withoutBanner = false } = opts;
  const partner = usePartner();
  const items = useContentPage('earn_banner');
  const { state } = useUserState();
  const mutation = useRegisterBonus();
  const toast = useToast();
  // Bumped after a registration so the markers are read again.
  const [registered, setRegistered] = useState(0);
  const views = useMemo(() => {
    const now = Date.now();
    return visibleBonusBanners({ banners: bonusBannersOf(items), member, userState: state, markers: readBonusMarkers(now), inNativeApp, now, unit: partner, which, withoutBanner });
    // `registered` re-reads the local markers after a registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, member, state, inNativeApp, partner, which, withoutBanner, registered]);

  const register = (code: string) => {
    mutation.mutate(code, {
      onSuccess: () => {
        setRegistered((n) => n + 1);
        toast.show({ kind: 'success', message: BONUS_REGISTERED_MESSAGE });
      },
      onError: () => toast.show({ kind: 'error', message: BONUS_FAILED_MESSAGE }),
    });
  };
  return { views, pendingCode: mutation.isPending ? mutation.variables : undefined, register };
}
