import { hasSearchLocation, parseSearchState, serialiseSearchState, storableSearch, type SearchState } from '#shared/rules/search-query';

/** §3 local storage key 'last search options'. */
export const LAST_SEARCH_KEY = 'lastSearchOptions';

export function readLastSearch(storage: Storage | undefined = safeStorage()): SearchState | null {
  try {
    const raw = storage?.getItem(LAST_SEARCH_KEY);
    if (!raw) return null;
    const state = parseSearchState(raw);
    return hasSearchLocation(state) ? state : null;
  } catch {
    return null;
  }
}

export function writeLastSearch(state: SearchState, storage: Storage | undefined = safeStorage()) {
  try {
    storage?.setItem(LAST_SEARCH_KEY, serialiseSearchState(storableSearch(state)));
  } catch {
    // Storage may be full or blocked (private mode); the search still works without it.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}
