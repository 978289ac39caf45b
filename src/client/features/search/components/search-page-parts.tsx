import { useEffect, useState, type ReactNode } from 'react';
import { useAfterFirstPaint } from '#client/components/after-first-paint';
import { DeferredPart } from '#client/components/deferred-part';
import { useIdleTurn } from '#client/components/idle-turns';
import { lazyScreen } from '#client/components/lazy-screen';
import { BREAKPOINTS } from '#shared/constants/layout';
import { searchHref } from '#shared/rules/search-query';
import { useMediaQuery } from '#client/components/use-media-query';
import { MapView } from '../../map'; // Leaflet loads only with the map, so the list works before the map code arrives.
import { MerchantTile } from '../../merchants';
import type { SearchPage } from '../hooks/use-search-page';
import { resultCountText, searchSummary } from '../search-text';
import { Pagination } from '#client/components/pagination';
import { ResultsList } from './results-list';
import type { SearchFormProps } from './search-form';
import { loadSearchForm, loadedSearchForm } from '../search-form-loader';
import { LocationBlocked, NoResults, SearchError, SearchLoading } from './search-states';
import styles from './search-page.module.css';

// Below 1050px the filters are a disclosure, closed at first: their code loads when first opened
// there (a phone's first screen never shows them), and with the page where they are a side column.
// In its own boundary (DeferredPart): lost to the connection, the results stay and the filters come back online.
const FilterPanel = /* @__PURE__ */ lazyScreen(() => import('./filter-panel'), 'FilterPanel');

export const FILTERS_UNAVAILABLE = 'The filters couldn\u2019t load. They will load by themselves when you\u2019re back online.';

const LazySearchForm = /* @__PURE__ */ lazyScreen(loadSearchForm, 'SearchForm');

export const SEARCH_FORM_UNAVAILABLE = 'The search form couldn\u2019t load. It will load by itself when you\u2019re back online.';

/** The form's place while its code comes: as high as the form, so nothing below it moves when it arrives. */
const formPlaceholder = <div className={styles.formPlaceholder} />;

/**
 * The search form: rendered at once where its code has arrived (a phone's "Change search" after
 * the first paint), otherwise in its own boundary while the code loads. Decided once per mount, so
 * what is typed is never lost to a switch between the two.
 */
function SearchFormPart(props: SearchFormProps) {
  const [Ready] = useState(() => loadedSearchForm()?.SearchForm);
  if (Ready) return <Ready {...props} />;
  return (
    <DeferredPart fallback={formPlaceholder} unavailable={<p className={styles.partUnavailable}>{SEARCH_FORM_UNAVAILABLE}</p>}>
      <LazySearchForm {...props} />
    </DeferredPart>
  );
}

/** Where the filters are always shown, beside the results (search-page.module.css). */
const FILTERS_COLUMN_QUERY = `(min-width: ${BREAKPOINTS.large}px)`;

type Props = { page: SearchPage };

/**
 * The search form, behind a summary and a 'Change search' button on small screens. Its code comes
 * after the first paint (issue 30): a phone's first screen shows it only behind "Change search", and
 * a desktop's first screen is the results, which say what was searched; the form's place is held
 * meanwhile (formPlaceholder).
 */
export function SearchBar({ page }: Props) {
  const { state } = page;
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void loadSearchForm().catch(() => undefined);
  }, [painted]);
  return (
    <section className={styles.searchBar} aria-label="Search">
      {!page.isWide && page.hasLocation && (
        <div className={styles.summary}>
          <p className={styles.summaryText}>{searchSummary(state)}</p>
          <button type="button" className={styles.textButton} aria-expanded={page.showForm} aria-controls={page.ids.form} onClick={page.toggleForm}>
            {page.showForm ? 'Hide search' : 'Change search'}
          </button>
        </div>
      )}
      {/* Without a location the page is about to take its default (use-search-page.ts): a form shown
          now would be replaced by the default's a moment later, with whatever was typed in it. */}
      {page.showForm && page.hasLocation && (!painted && !loadedSearchForm() ? formPlaceholder : (
        <SearchFormPart
          key={`${state.location ?? ''}|${state.restaurantOrCuisine ?? ''}`}
          id={page.ids.form}
          initialValues={{ location: state.location ?? '', restaurantOrCuisine: state.restaurantOrCuisine ?? '' }}
          onSearch={page.onSearch}
          onUseCurrentLocation={page.onUseCurrentLocation}
          serverErrors={page.fieldErrors}
          locating={page.locating}
        />
      ))}
    </section>
  );
}

/** The filter button (with the count) and, on small screens, the list/map switch. */
export function SearchToolbar({ page }: Props) {
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.toolButton} aria-expanded={page.filtersOpen} aria-controls={page.ids.filters} onClick={page.toggleFilters}>
        Filters{page.filterCount > 0 ? ` (${page.filterCount})` : ''}
      </button>
      {!page.isWide && (
        <button type="button" className={styles.toolButton} onClick={page.toggleView}>
          {page.view === 'list' ? 'Show map' : 'Show list'}
        </button>
      )}
    </div>
  );
}

/** The filter and sort panel: a side column on wide screens, opened by the Filters button below that. */
export function SearchFilters({ page }: Props) {
  const column = useMediaQuery(FILTERS_COLUMN_QUERY);
  // The column beside the results comes once they are on screen: its code after the first paint, not
  // before it (the column's width is held meanwhile, so nothing moves).
  const painted = useAfterFirstPaint();
  // Once opened it stays rendered (hidden when closed), as it always was before its code was split off.
  const [opened, setOpened] = useState(page.filtersOpen);
  if (page.filtersOpen && !opened) setOpened(true);
  return (
    <div id={page.ids.filters} className={`${styles.filters} ${page.filtersOpen ? styles.filtersOpen : ''}`}>
      {((column && painted) || opened) && (
        <DeferredPart unavailable={<p className={styles.partUnavailable}>{FILTERS_UNAVAILABLE}</p>}>
          <FilterPanel value={page.filters} onChange={page.onFilters} onDone={page.closeFilters} />
        </DeferredPart>
      )}
    </div>
  );
}

/** The results: their count as the heading, then the list with pagination or the state in its place. */
export function SearchResultsSection({ page }: Props) {
  const { status } = page;
  return (
    <section className={styles.results} aria-labelledby={page.ids.results} aria-busy={page.search.isFetching || page.locating || undefined} hidden={!page.showList}>
      <h2 id={page.ids.results} ref={page.resultsHeadingRef} tabIndex={-1} className={styles.resultsHeading}>
        {status.kind === 'results' ? resultCountText(status.data.totalCount, status.data.location.label) : 'Results'}
      </h2>
      <ResultsBody page={page} />
    </section>
  );
}

function ResultsBody({ page }: Props) {
  const { status } = page;
  switch (status.kind) {
    case 'preparing':
      return <SearchLoading label="Getting your search ready…" />;
    case 'blocked':
      return <LocationBlocked onEnterLocation={page.enterLocation} />;
    case 'locating':
      return <SearchLoading label="Finding your location…" />;
    case 'refused':
      return <NoResults hasFilters={page.filterCount > 0} onClearFilters={page.onClearFilters} message={status.message} />;
    case 'failed':
      return <SearchError onRetry={() => void page.search.refetch()} />;
    case 'loading':
      return <SearchLoading label="Loading restaurants…" />;
    case 'empty':
      return <NoResults hasFilters={page.filterCount > 0} onClearFilters={page.onClearFilters} />;
    case 'results':
      return (
        <>
          <ResultsList merchants={status.data.merchants} selectedId={page.selectedId} stale={page.search.isPlaceholderData} />
          <Pagination
            page={page.page}
            totalPages={status.data.totalPages}
            hrefFor={(n) => searchHref({ ...page.state, pageNo: n })}
            linkState={page.implicit ? { implicitLocation: true } : null}
            onNavigate={page.focusResults}
          />
        </>
      );
  }
}

/**
 * The map of the results, with the chosen restaurant's tile over it on small screens. A phone shows
 * it when asked, and its code loads then. On a desktop it is beside the results from the start, but
 * its code (Leaflet, about 50 kB gzip) is not needed for them: it loads in the first idle turn after
 * the first paint, not with the page.
 */
export function SearchMapSection({ page }: Props) {
  // Decided once per mount: a window widened later shows the map at once.
  const [inIdleTurn] = useState(page.isWide);
  return (
    <section className={styles.map} aria-label="Map">
      <div className={styles.mapFrame}>
        {inIdleTurn ? <InIdleTurn>{(onDrawn) => <SearchMap page={page} onDrawn={onDrawn} />}</InIdleTurn> : <SearchMap page={page} />}
      </div>
    </section>
  );
}

const mapPlaceholder = <div className={styles.mapPlaceholder} />;

/** Its children once the first idle turn after the first paint has come (the placeholder until then). */
function InIdleTurn({ children }: { children: (onDrawn: () => void) => ReactNode }) {
  const [turn, done] = useIdleTurn({ first: true });
  return turn ? children(done) : mapPlaceholder;
}

/** The map itself, or its placeholder while there is nothing to show; `onDrawn` once it is drawn (or cannot be). */
function SearchMap({ page, onDrawn }: Props & { onDrawn?: () => void }) {
  const { data } = page;
  const shown = Boolean(data && !page.blocked);
  // Nothing to draw yet (the search under way): the turn goes to the next part.
  useEffect(() => {
    if (!shown) onDrawn?.();
  }, [shown, onDrawn]);
  if (!data || page.blocked) return mapPlaceholder;
  return (
    <MapView
      onDrawn={onDrawn}
      loading={<SearchLoading label="Loading map…" />}
      merchants={data.merchants}
      center={{ latitude: data.location.latitude, longitude: data.location.longitude }}
      radius={data.location.radius}
      selectedId={page.selectedId}
      onSelect={page.setSelectedId}
      onSearchArea={page.onSearchArea}
      selectedCard={!page.isWide && page.selected ? <MerchantTile merchant={page.selected} headingLevel={3} /> : null}
      onCloseCard={() => page.setSelectedId(null)}
    />
  );
}
