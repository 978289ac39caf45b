/**
 * §9 pagination's page numbers: every list of pages (search results, Reviews & History, the
 * redemptions) shows the same window, through client/components/pagination.tsx. A module of its
 * own: the search rules' module is in the search screen's chunk, which a page that only lists
 * pages (Reviews & History) must not load.
 */

/** §9: pagination shows at most 5 page numbers, a window around the current page. */
export const MAX_PAGE_NUMBERS = 5;

export function pageWindow(current: number, totalPages: number, max = MAX_PAGE_NUMBERS): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), totalPages);
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
