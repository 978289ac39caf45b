// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithAirline } from '../../../test/render';
import type { SearchPage } from '../hooks/use-search-page';
import { loadSearchForm, loadedSearchForm } from '../search-form-loader';
import { SearchBar } from './search-page-parts';

afterEach(cleanup);

/** The parts of the search page's state the bar reads: a desktop, where the form is always shown. */
function page(state: SearchPage['state'], hasLocation: boolean): SearchPage {
  return {
    state, hasLocation, isWide: true, showForm: true, ids: { form: 'search-form' }, toggleForm: vi.fn(),
    onSearch: vi.fn(), onUseCurrentLocation: vi.fn(), fieldErrors: [], locating: false,
  } as unknown as SearchPage;
}

describe('SearchBar', () => {
  // First in this file: the form's code has not been asked for yet (search-form-loader.ts).
  it("before the form's code has arrived, shows the form when it comes, in its own boundary", async () => {
    renderWithAirline(<SearchBar page={page({ location: 'Chicago, IL' }, true)} />);
    expect(screen.queryByRole('combobox', { name: 'City, state or ZIP' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'City, state or ZIP' })).toHaveProperty('value', 'Chicago, IL');
    expect(loadedSearchForm()).toBeDefined();
  });

  it('shows no form while the page has no location yet: the default it is about to take would replace the form and what was typed in it', async () => {
    // CI's e2e, 2026-11-30: "chica" typed into the empty box, which was replaced by the default's
    // ("Current Location") under the cursor, giving "chicaCurrent Location" and no suggestions.
    await loadSearchForm();
    renderWithAirline(<SearchBar page={page({}, false)} />);
    expect(screen.queryByRole('search', { name: 'Restaurants' })).toBeNull();
  });

  it("shows the form with the location once there is one, at once where its code has arrived (a desktop's first screen)", async () => {
    await loadSearchForm();
    renderWithAirline(<SearchBar page={page({ location: 'Current Location' }, true)} />);
    expect(screen.getByRole('combobox', { name: 'City, state or ZIP' })).toHaveProperty('value', 'Current Location');
  });
});
