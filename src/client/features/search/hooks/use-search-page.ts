import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '#client/lib/router';
import { CURRENT_LOCATION } from '#shared/constants/merchant';
import { paths } from '#shared/routes';
import {
  buildSearchRequest, clearFilters, countFilters, FILTER_KEYS, hasSearchLocation, isCoordinateSearch, isCurrentLocation,
  MAP_AREA, parseSearchState, sameSearch, SEARCH_PAGE_SIZE, searchHref, type FilterState, type SearchState,
} from '#shared/rules/search-query';
import { ApiError } from '#client/lib/api';
import { track } from '#client/lib/impressions';
import { useIsDesktop } from '#client/components/use-media-query';
import { useMerchantSearch } from '../api/search-api';
import type { MapArea } from '../../map';
import type { SearchFormValues } from '../components/search-form';
import { readLastSearch, readSearchView, writeLastSearch, writeSearchView } from '../search-storage';
import { searchAnnouncement, searchStatus } from '../search-text';
import { useGeolocation } from './use-geolocation';

type NavState = { implicitLocation?: boolean } | null;

/** A search at the current location, without the coordinates of an earlier map area. */
function withoutCoordinates(state: SearchState): SearchState {
  const next = { ...state };
  delete next.latitude;
  delete next.longitude;
  delete next.radius;
  return next;
}

/**
 * §2 search screen state: the search lives in the URL; the location defaults (§4), the current
 * location, the query, impressions and the last search (§3) are kept here, with the panels that
 * open and close and where focus goes after a search.
 */
export function useSearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const implicit = (location.state as NavState)?.implicitLocation === true;
  const query = params.toString();
  const state = useMemo(() => parseSearchState(query), [query]);
  const hasLocation = hasSearchLocation(state);
  const isWide = useIsDesktop();
  // The list/map choice and the chosen restaurant of this history entry (Back from a restaurant).
  const [restored] = useState(() => readSearchView(location.key));
  const [view, setView] = useState<'list' | 'map'>(restored?.view ?? 'list');
  const [formOpen, setFormOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(restored?.selectedId ?? null);
  const [focusTarget, setFocusTarget] = useState<'results' | 'location' | null>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  const ids = { form: `${uid}-form`, filters: `${uid}-filters`, results: `${uid}-results` };

  const go = useCallback((next: SearchState, opts: { explicit?: boolean; replace?: boolean } = {}) => {
    const keepImplicit = !opts.explicit && implicit && isCurrentLocation(next);
    navigate(searchHref(next), { replace: opts.replace, state: keepImplicit ? { implicitLocation: true } : null });
  }, [navigate, implicit]);

  // §4 location defaults: the URL, else the last search, else the current location.
  useEffect(() => {
    if (hasLocation) return;
    const last = readLastSearch();
    const next: SearchState = last ? { ...last, ...state } : { ...state, location: CURRENT_LOCATION };
    navigate(searchHref(next), { replace: true, state: isCurrentLocation(next) ? { implicitLocation: true } : null });
  }, [hasLocation, state, navigate]);

  const wantsGeo = isCurrentLocation(state);
  const geo = useGeolocation({ enabled: wantsGeo, mode: implicit ? 'implicit' : 'explicit' });
  const coords = geo.status === 'ready' ? geo.coords : null;
  const request = useMemo(
    () => (hasLocation ? buildSearchRequest(state, { currentLocation: coords, pageSize: SEARCH_PAGE_SIZE }) : null),
    [state, coords, hasLocation],
  );
  const search = useMerchantSearch(request);
  const data = request ? search.data : undefined;
  const fieldErrors = useMemo(
    () => (search.error instanceof ApiError && search.error.fieldErrors.length && !search.isFetching ? search.error.fieldErrors : []),
    [search.error, search.isFetching],
  );
  const blocked = wantsGeo && geo.status === 'blocked';
  const locating = wantsGeo && geo.status === 'pending';

  // One 'search' impression per search asked for (paging through it is not a new search).
  const searchKey = request ? JSON.stringify({ ...request, pageNo: undefined }) : null;
  useEffect(() => {
    if (searchKey) track({ eventType: 'search', path: paths.search() });
  }, [searchKey]);

  // §3 'last search options', kept once the search worked.
  useEffect(() => {
    if (search.isSuccess && !search.isPlaceholderData && hasLocation) writeLastSearch(state);
  }, [search.isSuccess, search.isPlaceholderData, hasLocation, state]);

  // New results keep the chosen restaurant only if it is among them (a restored choice waits for them).
  useEffect(() => {
    if (data) setSelectedId((id) => (id !== null && data.merchants.some((m) => m.id === id) ? id : null));
  }, [data]);
  useEffect(() => { writeSearchView(location.key, { view, selectedId }); }, [location.key, view, selectedId]);

  useEffect(() => {
    if (focusTarget === 'results' && data && !search.isPlaceholderData) {
      resultsHeadingRef.current?.focus();
      setFocusTarget(null);
    } else if (focusTarget === 'location') {
      document.querySelector<HTMLInputElement>(`[id="${ids.form}"] input[name="location"]`)?.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, data, search.isPlaceholderData, ids.form]);

  const onSearch = (values: SearchFormValues) => {
    const typedCurrent = isCurrentLocation({ location: values.location });
    const keepCoords = values.location === state.location && isCoordinateSearch(state);
    const typed: SearchState = {
      ...state,
      location: typedCurrent ? CURRENT_LOCATION : values.location,
      restaurantOrCuisine: values.restaurantOrCuisine || undefined,
      pageNo: undefined,
    };
    const next = keepCoords ? typed : withoutCoordinates(typed);
    if (sameSearch(next, state)) {
      if (typedCurrent) geo.request();
      void search.refetch();
    } else {
      go(next, { explicit: typedCurrent || undefined });
    }
    if (!isWide) setFormOpen(false);
    setFocusTarget('results');
  };

  const onUseCurrentLocation = () => {
    geo.request();
    go(withoutCoordinates({ ...state, location: CURRENT_LOCATION, pageNo: undefined }), { explicit: true });
    if (!isWide) setFormOpen(false);
  };

  const filters: FilterState = useMemo(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, state[k]]).filter(([, v]) => v !== undefined)), [state]);
  const status = searchStatus({ hasLocation, blocked, locating, isError: search.isError, fieldErrors, data });

  return {
    state, hasLocation, isWide, ids, resultsHeadingRef, implicit,
    search, data, fieldErrors, blocked, locating, status, announcement: searchAnnouncement(status),
    filters, filterCount: countFilters(filters),
    view, toggleView: () => setView((v) => (v === 'list' ? 'map' : 'list')),
    showForm: isWide || formOpen || fieldErrors.length > 0 || blocked,
    toggleForm: () => setFormOpen((o) => !o),
    filtersOpen, toggleFilters: () => setFiltersOpen((o) => !o), closeFilters: () => setFiltersOpen(false),
    showList: isWide || view === 'list',
    showMap: isWide || view === 'map',
    page: data?.pageNo ?? state.pageNo ?? 1,
    selectedId, setSelectedId, selected: data?.merchants.find((m) => m.id === selectedId) ?? null,
    onSearch, onUseCurrentLocation,
    onFilters: (next: FilterState) => go({ ...clearFilters(state), ...next }),
    onClearFilters: () => go(clearFilters(state)),
    onSearchArea: (area: MapArea) => {
      go({ ...state, location: MAP_AREA, latitude: area.latitude, longitude: area.longitude, radius: area.radius, pageNo: undefined }, { explicit: true });
    },
    /** Location blocked: the form opens with focus on the location. */
    enterLocation: () => {
      setFormOpen(true);
      setFocusTarget('location');
    },
    focusResults: () => setFocusTarget('results'),
  };
}

export type SearchPage = ReturnType<typeof useSearchPage>;
