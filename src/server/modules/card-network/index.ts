/**
 * Public entry of the card-network module for other server modules: the rewards engine: merchant
 * terms as the engine reads them, its decisions (bill, local dine time), its scheduled jobs, and
 * its drain and member lock for the console's card events (server/ops/events.ts).
 * Other modules import from here, never from the module's files (eslint.config.js).
 */
export { loadMerchantTerms, lockMembers } from './card-network.repo';
export { billOf, dineLocal } from './decisions';
export { drainInbox, type DrainLog } from './engine';
export { cardNetworkJobs } from './jobs';
