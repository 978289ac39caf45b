/**
 * Public entry of the redemptions module (issue 28, docs/features/redemptions.md): the ledger, the
 * status machine, and the calls' service. Other modules import from here.
 */
export { balanceCents, balancesOf, lockMember, writeRedeemed } from './ledger';
export { moveRedemption, applyMove, type Move } from './transitions';
export { newRedemptionId, toApi } from './redemptions.service';
export { redemptionJobs, type RedemptionJobConfig } from './jobs';
export { decideHold, listHolds, NO_SUCH_REDEMPTION } from './holds';
