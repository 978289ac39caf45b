import type * as FormModule from './components/search-form';

let loaded: typeof FormModule | undefined;
let loading: Promise<typeof FormModule> | undefined;

/**
 * The search form's code, fetched once (a failed fetch is tried again on the next call). A phone's
 * first screen shows the form only behind "Change search", so its code comes after the first paint
 * (search-page-parts.tsx); a desktop's shows it at once, so the search screen's code waits for it
 * (app/routes.tsx) and the form renders with the page, never after it.
 */
export function loadSearchForm(): Promise<typeof FormModule> {
  loading ??= import('./components/search-form').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The form's module once it has arrived; undefined before. */
export const loadedSearchForm = (): typeof FormModule | undefined => loaded;
