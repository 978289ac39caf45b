import type { MerchantSearchResponse } from '#shared/schemas/merchant';
import { isCurrentLocation, MAP_AREA, type SearchState } from '#shared/rules/search-query';

/** Result count text; `label` is the place the server searched (it echoes Current Location and Map area). */
export function resultCountText(total: number, label: string): string {
  const noun = total === 1 ? 'restaurant' : 'restaurants';
  if (label === MAP_AREA) return `${total} ${noun} in this map area`;
  if (isCurrentLocation({ location: label })) return `${total} ${noun} near your location`;
  return `${total} ${noun} near ${label}`;
}

/** The small-screen summary of the search above the form ('Sushi near Chicago, IL'). */
export function searchSummary(state: SearchState): string {
  const where = isCurrentLocation(state) ? 'your location' : state.location === MAP_AREA ? 'this map area' : state.location ?? '';
  return state.restaurantOrCuisine ? `${state.restaurantOrCuisine} near ${where}` : `Restaurants near ${where}`;
}

/** What the results area shows, in the order the states win. */
export type SearchStatus =
  | { kind: 'preparing' }
  | { kind: 'blocked' }
  | { kind: 'locating' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'results'; data: MerchantSearchResponse };

export function searchStatus(opts: {
  hasLocation: boolean;
  blocked: boolean;
  locating: boolean;
  isError: boolean;
  fieldErrors: ReadonlyArray<{ message: string }>;
  data: MerchantSearchResponse | undefined;
}): SearchStatus {
  const { data } = opts;
  if (!opts.hasLocation) return { kind: 'preparing' };
  if (opts.blocked) return { kind: 'blocked' };
  if (opts.locating) return { kind: 'locating' };
  if (opts.isError && !data) return opts.fieldErrors.length ? { kind: 'refused', message: opts.fieldErrors[0]!.message } : { kind: 'failed' };
  if (!data) return { kind: 'loading' };
  if (data.totalCount === 0) return { kind: 'empty' };
  return { kind: 'results', data };
}

/** What the polite live region says for a status (§9: results, loading and errors are announced). */
export function searchAnnouncement(status: SearchStatus): string {
  switch (status.kind) {
    case 'preparing':
      return '';
    case 'blocked':
      return "We can't see you. Type a city, state or ZIP code.";
    case 'locating':
      return 'Finding your location…';
    case 'refused':
      return status.message;
    case 'failed':
      return 'Hang in there. Restaurants could not be loaded.';
    case 'loading':
      return 'Loading restaurants…';
    case 'empty':
      return "Let's try again. No restaurants found.";
    case 'results': {
      const { data } = status;
      const from = (data.pageNo - 1) * data.pageSize + 1;
      const to = from + data.merchants.length - 1;
      return `${resultCountText(data.totalCount, data.location.label)}. Showing ${from} to ${to}, page ${data.pageNo} of ${data.totalPages}.`;
    }
  }
}
