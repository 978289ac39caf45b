import { inlinedAnswers } from './query-client';
import { navigationsSinceLoad } from './router';

/** A query as far as whether it holds an inlined answer goes (any data type). */
type QueryState = { state: { dataUpdatedAt: number } };

/**
 * Whether the query still holds the answer the server inlined into this page and the app is still
 * on that page: from seedFirstScreen until the first change of address (a link followed, another
 * page of a list, back or forward).
 */
export const isInlinedAnswer = (query: QueryState): boolean =>
  inlinedAnswers.byQuery.get(query) === query.state.dataUpdatedAt && navigationsSinceLoad() === inlinedAnswers.atNavigation;

/**
 * Data a page shows as it stands when opened (a member's history and balance: a clearing arrives,
 * a payout runs behind the page's back): fetched again on every opening, but not on the opening
 * whose answer came inlined in the page, which is as fresh as a fetch would be (docs/decisions/0005).
 */
export const FRESH_ON_OPEN = { staleTime: 0, refetchOnMount: (query: QueryState) => (isInlinedAnswer(query) ? false : 'always' as const) } as const;
