/** The member's rewards (Reviews & History) as the client's queries and the page's inlined answers key them (first-screen.ts). */
export const rewardsQueryKeys = {
  /** The common prefix of the three below, for whoever refreshes them all. */
  all: ['member', 'rewards'] as const,
  /** GET /api/Member/Transactions of a page of Reviews & History (ACTIVITY_PAGE_SIZE a page). */
  transactions: (page: number) => ['member', 'rewards', 'transactions', page] as const,
  /** GET /api/Member/DineSummary. */
  dineSummary: ['member', 'rewards', 'dineSummary'] as const,
  /** GET /api/Member/StatementCreditBalance (cash-back partners). */
  creditBalance: ['member', 'rewards', 'creditBalance'] as const,
};
