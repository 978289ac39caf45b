/**
 * Public entry of the rewards module for other server modules: reward rows, transactions as the
 * API answers them, card-network events as a network sends them, and the payout jobs. Other
 * modules import from here, never from the module's files (eslint.config.js).
 */
export { creditBalance, recentActivity, toTransaction } from './rewards.service';
export { REWARD_ROW_COLUMNS, type RewardRow } from './rewards.repo';
export { authEvent, clearingEvent, newTransactionId, signedRequest, type Purchase } from './card-events';
export { rewardsJobs } from './jobs';
