import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import type { FlexOffer } from '#shared/schemas/flex-offers';
import { offersFlexOffers } from '#shared/rules/partner-features';
import { usePartner } from '#client/lib/partner';
import { ApiError, call } from '#client/lib/api';
import { useMember } from '../../session';
import { formatReward } from '../../rewards';
import styles from './flex-offer.module.css';

/**
 * The signed-in member's flex offer at this restaurant (§3, §7; docs/api-flex-offers.md), under the
 * earn text. Only on partners with flex offers and for a signed-in member; none (404) shows nothing.
 */
export function useFlexOffer(merchantId: number) {
  const partner = usePartner();
  const { member } = useMember();
  const publicId = member?.publicId ?? null;
  return useQuery({
    queryKey: ['member', 'flexOffer', merchantId, publicId],
    queryFn: async ({ signal }) => {
      try {
        return await call(API_PATHS.flexOffer, { params: { merchantId, publicId: publicId! }, signal, csrf: true });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    enabled: offersFlexOffers(partner) && publicId !== null,
    retry: false,
  });
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Your offer: earn an extra 500 miles when you dine here by Nov 30.' */
export function flexOfferText(offer: Pick<FlexOffer, 'webMessageOfferAmount' | 'validTo'>, partner: Parameters<typeof formatReward>[1]): string {
  const by = DAY.format(new Date(`${offer.validTo}T00:00:00Z`));
  return `Your offer: earn an extra ${formatReward(offer.webMessageOfferAmount, partner)} when you dine here by ${by}.`;
}

export function FlexOfferNote({ merchantId }: { merchantId: number }) {
  const partner = usePartner();
  const { data: offer } = useFlexOffer(merchantId);
  if (!offer) return null;
  return (
    <p className={styles.offer}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8ZM6.5 8A1.5 1.5 0 1 1 6.5 5a1.5 1.5 0 0 1 0 3Z" />
      </svg>
      <span>{flexOfferText(offer, partner)}</span>
    </p>
  );
}
