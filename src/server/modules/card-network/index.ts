/**
 * Public entry of the card-network module for other server modules: the rewards engine: merchant
 * terms as the engine reads them, its decisions (bill, local dine time) and its scheduled jobs.
 * Other modules import from here, never from the module's files (eslint.config.js).
 */
export { loadMerchantTerms } from './card-network.repo';
export { billOf, dineLocal } from './decisions';
export { cardNetworkJobs } from './jobs';
