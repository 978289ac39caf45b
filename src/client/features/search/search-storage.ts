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

/**
 * §3 'selected merchant', with the list/map choice of a phone: kept per history entry (the
 * router's location key) for the tab's session, so that Back from a restaurant returns to the map
 * with the same restaurant chosen, while a new search (a new entry) starts from the choice the
 * page has then. At most SEARCH_VIEW_ENTRIES entries are kept, the newest.
 */
export const SEARCH_VIEW_KEY = 'searchView';
export const SEARCH_VIEW_ENTRIES = 20;
export type SearchView = { view: 'list' | 'map'; selectedId: number | null };

function readSearchViews(storage: Storage | undefined): Array<[string, SearchView]> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SEARCH_VIEW_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is [string, SearchView] => Array.isArray(e) && typeof e[0] === 'string' && isSearchView(e[1]));
  } catch {
    return [];
  }
}

function isSearchView(v: unknown): v is SearchView {
  if (typeof v !== 'object' || v === null) return false;
  const { view, selectedId } = v as Record<string, unknown>;
  return (view === 'list' || view === 'map') && (selectedId === null || (typeof selectedId === 'number' && Number.isSafeInteger(selectedId)));
}

export function readSearchView(entryKey: string, storage: Storage | undefined = safeStorage('sessionStorage')): SearchView | null {
  return readSearchViews(storage).find(([key]) => key === entryKey)?.[1] ?? null;
}

export function writeSearchView(entryKey: string, value: SearchView, storage: Storage | undefined = safeStorage('sessionStorage')) {
  const others = readSearchViews(storage).filter(([key]) => key !== entryKey);
  try {
    storage?.setItem(SEARCH_VIEW_KEY, JSON.stringify([...others, [entryKey, { view: value.view, selectedId: value.selectedId }]].slice(-SEARCH_VIEW_ENTRIES)));
  } catch {
    // Full or blocked storage: Back then shows the list, as before.
  }
}

function safeStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window[kind] : undefined;
  } catch {
    return undefined;
  }
}
