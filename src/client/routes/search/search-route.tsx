import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CURRENT_LOCATION } from '../../../shared/constants/merchant';
import {
  buildSearchRequest, clearFilters, countFilters, FILTER_KEYS, hasSearchLocation, isCoordinateSearch, isCurrentLocation,
  MAP_AREA, parseSearchState, sameSearch, SEARCH_PAGE_SIZE, searchHref, type FilterState, type SearchState,
} from '../../../shared/rules/search-query';
import { ApiError } from '../../lib/api';
import { track } from '../../lib/impressions';
import { useMerchantSearch } from '../../features/search/api/search-api';
import { useGeolocation } from '../../features/search/hooks/use-geolocation';
import { DESKTOP_QUERY as WIDE_QUERY, useMediaQuery } from '../../components/use-media-query';
import { readLastSearch, writeLastSearch } from '../../features/search/search-storage';
import { SearchForm, type SearchFormValues } from '../../features/search/components/search-form';
import { FilterPanel } from '../../features/search/components/filter-panel';
import { ResultsList } from '../../features/search/components/results-list';
import { Pagination } from '../../features/search/components/pagination';
import { LocationBlocked, NoResults, SearchError, SearchLoading } from '../../features/search/components/search-states';
import type { MapArea } from '../../features/search/components/map-view';
import { MerchantTile } from '../../features/merchants/components/merchant-tile';
import styles from './search-route.module.css';

// Leaflet loads only with the map, so the list works before the map code arrives.
const MapView = lazy(() => import('../../features/search/components/map-view'));

type NavState = { implicitLocation?: boolean } | null;

/** Result count text; `label` is the place the server searched (it echoes Current Location and Map area). */
export function resultCountText(total: number, label: string): string {
  const noun = total === 1 ? 'restaurant' : 'restaurants';
  if (label === MAP_AREA) return `${total} ${noun} in this map area`;
  if (isCurrentLocation({ location: label })) return `${total} ${noun} near your location`;
  return `${total} ${noun} near ${label}`;
}

function searchSummary(state: SearchState): string {
  const where = isCurrentLocation(state) ? 'your location' : state.location === MAP_AREA ? 'this map area' : state.location ?? '';
  return state.restaurantOrCuisine ? `${state.restaurantOrCuisine} near ${where}` : `Restaurants near ${where}`;
}

/** §2 search screen: form, filters, results with pagination and a map. The URL holds the search. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const navState = routerLocation.state as NavState;
  const implicit = navState?.implicitLocation === true;
  const query = params.toString();
  const state = useMemo(() => parseSearchState(query), [query]);
  const hasLocation = hasSearchLocation(state);
  const isWide = useMediaQuery(WIDE_QUERY);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [formOpen, setFormOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focusTarget, setFocusTarget] = useState<'results' | 'location' | null>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  const formId = `${uid}-form`;
  const filtersId = `${uid}-filters`;

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
    if (searchKey) track({ eventType: 'search', path: '/search' });
  }, [searchKey]);

  // §3 'last search options', kept once the search worked.
  useEffect(() => {
    if (search.isSuccess && !search.isPlaceholderData && hasLocation) writeLastSearch(state);
  }, [search.isSuccess, search.isPlaceholderData, hasLocation, state]);

  useEffect(() => { setSelectedId(null); }, [data]);

  useEffect(() => {
    if (focusTarget === 'results' && data && !search.isPlaceholderData) {
      resultsHeadingRef.current?.focus();
      setFocusTarget(null);
    } else if (focusTarget === 'location') {
      document.querySelector<HTMLInputElement>(`[id="${formId}"] input[name="location"]`)?.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, data, search.isPlaceholderData, formId]);

  const onSearch = (values: SearchFormValues) => {
    const typedCurrent = isCurrentLocation({ location: values.location });
    const keepCoords = values.location === state.location && isCoordinateSearch(state);
    const next: SearchState = {
      ...state,
      location: typedCurrent ? CURRENT_LOCATION : values.location,
      restaurantOrCuisine: values.restaurantOrCuisine || undefined,
      pageNo: undefined,
    };
    if (!keepCoords) {
      delete next.latitude;
      delete next.longitude;
      delete next.radius;
    }
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
    const next: SearchState = { ...state, location: CURRENT_LOCATION, pageNo: undefined };
    delete next.latitude;
    delete next.longitude;
    delete next.radius;
    go(next, { explicit: true });
    if (!isWide) setFormOpen(false);
  };

  const filters: FilterState = useMemo(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, state[k]]).filter(([, v]) => v !== undefined)), [state]);
  const onFilters = (next: FilterState) => go({ ...clearFilters(state), ...next });
  const onClearFilters = () => go(clearFilters(state));

  const onSearchArea = (area: MapArea) => {
    go({ ...state, location: MAP_AREA, latitude: area.latitude, longitude: area.longitude, radius: area.radius, pageNo: undefined }, { explicit: true });
  };

  const filterCount = countFilters(filters);
  const showForm = isWide || formOpen || fieldErrors.length > 0 || blocked;
  const showList = isWide || view === 'list';
  const showMap = isWide || view === 'map';
  const page = data?.pageNo ?? state.pageNo ?? 1;
  const selected = data?.merchants.find((m) => m.id === selectedId) ?? null;

  let body: ReactNode;
  let announcement = '';
  if (!hasLocation) {
    body = <SearchLoading label="Getting your search ready…" />;
  } else if (blocked) {
    body = <LocationBlocked onEnterLocation={() => { setFormOpen(true); setFocusTarget('location'); }} />;
    announcement = "We can't see you. Type a city, state or ZIP code.";
  } else if (locating) {
    body = <SearchLoading label="Finding your location…" />;
    announcement = 'Finding your location…';
  } else if (search.isError && !data) {
    if (fieldErrors.length) {
      body = <NoResults hasFilters={filterCount > 0} onClearFilters={onClearFilters} message={fieldErrors[0]!.message} />;
      announcement = fieldErrors[0]!.message;
    } else {
      body = <SearchError onRetry={() => void search.refetch()} />;
      announcement = 'Hang in there. Restaurants could not be loaded.';
    }
  } else if (!data) {
    body = <SearchLoading label="Loading restaurants…" />;
    announcement = 'Loading restaurants…';
  } else if (data.totalCount === 0) {
    body = <NoResults hasFilters={filterCount > 0} onClearFilters={onClearFilters} />;
    announcement = "Let's try again. No restaurants found.";
  } else {
    const from = (data.pageNo - 1) * data.pageSize + 1;
    const to = from + data.merchants.length - 1;
    announcement = `${resultCountText(data.totalCount, data.location.label)}. Showing ${from} to ${to}, page ${data.pageNo} of ${data.totalPages}.`;
    body = (
      <>
        <ResultsList merchants={data.merchants} selectedId={selectedId} stale={search.isPlaceholderData} />
        <Pagination
          page={page}
          totalPages={data.totalPages}
          hrefFor={(n) => searchHref({ ...state, pageNo: n })}
          linkState={implicit ? { implicitLocation: true } : null}
          onNavigate={() => setFocusTarget('results')}
        />
      </>
    );
  }

  const countText = data && !blocked && !locating && data.totalCount > 0
    ? resultCountText(data.totalCount, data.location.label)
    : 'Results';

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">Find restaurants</h1>
      <section className={styles.searchBar} aria-label="Search">
        {!isWide && hasLocation && (
          <div className={styles.summary}>
            <p className={styles.summaryText}>{searchSummary(state)}</p>
            <button
              type="button"
              className={styles.textButton}
              aria-expanded={showForm}
              aria-controls={formId}
              onClick={() => setFormOpen((o) => !o)}
            >
              {showForm ? 'Hide search' : 'Change search'}
            </button>
          </div>
        )}
        {showForm && (
          <SearchForm
            key={`${state.location ?? ''}|${state.restaurantOrCuisine ?? ''}`}
            id={formId}
            initialValues={{ location: state.location ?? '', restaurantOrCuisine: state.restaurantOrCuisine ?? '' }}
            onSearch={onSearch}
            onUseCurrentLocation={onUseCurrentLocation}
            serverErrors={fieldErrors}
            locating={locating}
          />
        )}
      </section>

      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.toolButton}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters{filterCount > 0 ? ` (${filterCount})` : ''}
        </button>
        {!isWide && (
          <button type="button" className={styles.toolButton} onClick={() => setView((v) => (v === 'list' ? 'map' : 'list'))}>
            {view === 'list' ? 'Show map' : 'Show list'}
          </button>
        )}
      </div>

      <div className={styles.body}>
        <div id={filtersId} className={`${styles.filters} ${filtersOpen ? styles.filtersOpen : ''}`}>
          <FilterPanel value={filters} onChange={onFilters} onDone={() => setFiltersOpen(false)} />
        </div>

        <section
          className={styles.results}
          aria-labelledby={`${uid}-results`}
          aria-busy={search.isFetching || locating || undefined}
          hidden={!showList}
        >
          <h2 id={`${uid}-results`} ref={resultsHeadingRef} tabIndex={-1} className={styles.resultsHeading}>{countText}</h2>
          {body}
        </section>

        {showMap && (
          <section className={styles.map} aria-label="Map">
            <div className={styles.mapFrame}>
            {data && !blocked ? (
              <Suspense fallback={<SearchLoading label="Loading map…" />}>
                <MapView
                  merchants={data.merchants}
                  center={{ latitude: data.location.latitude, longitude: data.location.longitude }}
                  radius={data.location.radius}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  onSearchArea={onSearchArea}
                />
              </Suspense>
            ) : (
              <div className={styles.mapPlaceholder} />
            )}
            </div>
            {!isWide && selected && (
              <div className={styles.selectedTile}>
                <MerchantTile merchant={selected} headingLevel={3} />
              </div>
            )}
          </section>
        )}
      </div>

      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{announcement}</p>
    </div>
  );
}
