/**
 * Public entry of the redemptions module (issue 28, docs/features/redemptions.md): the ledger, the
 * status machine, the hold queue and the job. Other modules import from here.
 */
export { balanceCents, balancesOf, writeRedeemed } from './ledger';
export { moveRedemption } from './transitions';
export { newRedemptionId } from './redemptions.service';
export { redemptionJobs, type RedemptionJobConfig } from './jobs';
/** The provider's client of the app's config (null where gift cards are not configured): the notification job reads claim links with it. */
export { giftCardClient } from './gift-cards';
export { decideHold, listHolds } from './holds';
