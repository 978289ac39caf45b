import { useSearchPage } from '../../features/search/hooks/use-search-page';
import { SearchBar, SearchFilters, SearchMapSection, SearchResultsSection, SearchToolbar } from '../../features/search/components/search-page-parts';
import styles from '../../features/search/components/search-page.module.css';

/** §2 search screen: form, filters, results with pagination and a map. The URL holds the search. */
export function SearchRoute() {
  const page = useSearchPage();
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">Find restaurants</h1>
      <SearchBar page={page} />
      <SearchToolbar page={page} />
      <div className={styles.body}>
        <SearchFilters page={page} />
        <SearchResultsSection page={page} />
        {page.showMap && <SearchMapSection page={page} />}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {page.announcement}
      </p>
    </div>
  );
}
