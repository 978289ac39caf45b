/**
 * Public entry of the rewards feature for other features: the query keys (whoever adds a dine,
 * such as the staging tools, refreshes Reviews & History with them), the reward wording, this
 * year's total (the account overview shows it), and the way an account page sends a member whose
 * session ended to sign in (the Redeem page).
 * Reviews & History's parts are imported by routes/ from their files.
 */
export { REWARDS_QUERY_KEY, transactionsQueryOptions } from './api';
export { formatDay, formatReward, formatMoney, activateByLine } from './format';
export { YearTotal } from './components/year-total';
export { useSignInOnUnauthorised } from './hooks/use-activity-page';
