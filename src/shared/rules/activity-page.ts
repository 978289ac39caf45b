/**
 * Reviews & History's pages (§9), read alike by the app and by the server that inlines the page's
 * answer: apart from the rewards constants, which /search's first load carries.
 */

/** §9: Reviews & History shows the activity 10 rows a page, pages from 1. */
export const ACTIVITY_PAGE_SIZE = 10;

/** Reviews & History's page of its address (?page=N, from 1); anything else is page 1. */
export function activityPageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
