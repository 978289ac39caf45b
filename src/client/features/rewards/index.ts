/**
 * Public entry of the rewards feature for other features: the query keys (whoever adds a dine,
 * such as the staging tools, refreshes Reviews & History with them), the reward wording, and this
 * year's total (the account overview shows it).
 * Reviews & History's parts are imported by routes/ from their files.
 */
export { REWARDS_QUERY_KEY, transactionsQueryOptions } from './api';
export { formatReward, formatMoney, activateByLine } from './format';
export { YearTotal } from './components/year-total';
