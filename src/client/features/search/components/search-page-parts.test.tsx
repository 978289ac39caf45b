// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithAirline } from '../../../test/render';
import type { SearchPage } from '../hooks/use-search-page';
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
  it('shows no form while the page has no location yet: the default it is about to take would replace the form and what was typed in it', () => {
    // CI's e2e, 2026-11-30: "chica" typed into the empty box, which was replaced by the default's
    // ("Current Location") under the cursor, giving "chicaCurrent Location" and no suggestions.
    renderWithAirline(<SearchBar page={page({}, false)} />);
    expect(screen.queryByRole('search', { name: 'Restaurants' })).toBeNull();
  });

  it('shows the form with the location once there is one', () => {
    renderWithAirline(<SearchBar page={page({ location: 'Current Location' }, true)} />);
    expect(screen.getByRole('combobox', { name: 'City, state or ZIP' })).toHaveProperty('value', 'Current Location');
  });
});
