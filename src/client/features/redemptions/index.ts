/**
 * Public entry of the redemptions feature (issue 28, docs/features/redemptions.md): the Redeem
 * page's parts, one redemption with its steps, and the member's redemptions, composed by
 * routes/account/redeem-route.tsx, redemption-route.tsx and recent-activity-route.tsx.
 */
export { Redeem } from './components/redeem';
export { RedemptionDetail } from './components/redemption-detail';
export { RedemptionHistory } from './components/redemption-history';
