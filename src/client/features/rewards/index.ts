/**
 * Public entry of the rewards feature for other features: the query keys (whoever adds a dine,
 * such as the staging tools, refreshes Reviews & History with them) and the reward wording.
 * Reviews & History's parts are imported by routes/ from their files.
 */
export { REWARDS_QUERY_KEY, ACTIVITY_PAGE_SIZE } from './api';
export { formatReward, formatMoney, usesAirlineWording } from './format';
