import { loadOnce } from '#client/components/lazy-screen';

/**
 * The search form's code, fetched once (a failed fetch is tried again on the next call). It comes
 * after the first paint (search-page-parts.tsx, SearchBar): a phone's first screen shows the form
 * only behind "Change search", and a desktop's holds its place until it arrives. `loadedSearchForm()`
 * is the module once it has arrived.
 */
export const { load: loadSearchForm, loaded: loadedSearchForm } = loadOnce(() => import('./components/search-form'));
