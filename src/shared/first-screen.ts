import type { ContentName } from './constants/cms';
import type { CmsResponse } from './schemas/cms';
import type { Member } from './schemas/member';
import type { MerchantSearchRequest } from './schemas/merchant';

/**
 * What the server puts into the page so the first screen renders without waiting (issue 13):
 * the query keys are the client's, so the answers go straight into its query cache.
 * docs/decisions/0005-first-screen-data-in-the-page.md.
 */

/** Query keys shared by the client's queries and the server's inlined answers. */
export const queryKeys = {
  content: (name: ContentName, preview: boolean) => ['cms', name, preview] as const,
  member: ['member'] as const,
  merchantSearch: (request: MerchantSearchRequest | null) => ['merchants', 'search', request] as const,
  merchantDetail: (merchantId: number) => ['merchants', 'detail', merchantId] as const,
};
// Reviews & History's keys, which the page inlines its answers under too, are in
// ./rewards-query-keys.ts: apart, so the first chunk (which seeds whatever keys the page brings)
// does not carry them.

/** `<script type="application/json">` ids in the page. */
export const FIRST_SCREEN_IDS = {
  /** The partner's content pages: the same for every visitor of the site (the service worker may keep it in its shell). */
  content: 'first-content',
  /** The member and the page's first answers: this visit's only (the service worker strips it from the shell it keeps). */
  visit: 'first-visit',
} as const;

export type FirstContent = {
  preview: boolean;
  pages: Partial<Record<ContentName, CmsResponse>>;
};

export type FirstVisit = {
  /** The signed-in member, or null for a visitor; absent when the server could not tell. */
  member?: Member | null;
  /** Further answers by query key (the search results of a /search address, a restaurant's detail, Reviews & History's rewards). */
  queries: Array<{ key: readonly unknown[]; data: unknown }>;
  /**
   * The server answered this address 404 (issue 25 item 7: no such restaurant or earn page, a
   * flow's success page opened directly): the app shows the not-found page at the page's own
   * address until the visitor navigates on.
   */
  notFound?: true;
};
