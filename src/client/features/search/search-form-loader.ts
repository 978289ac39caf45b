import { loadOnce } from '#client/components/lazy-screen';

/**
 * The search form's code, fetched once (a failed fetch is tried again on the next call). A phone's
 * first screen shows the form only behind "Change search", so its code comes after the first paint
 * (search-page-parts.tsx); a desktop's shows it at once, so the search screen's code waits for it
 * (app/routes.tsx) and the form renders with the page, never after it. `loadedSearchForm()` is the
 * module once it has arrived.
 */
export const { load: loadSearchForm, loaded: loadedSearchForm } = loadOnce(() => import('./components/search-form'));
