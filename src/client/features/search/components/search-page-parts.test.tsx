// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { renderWithAirline } from '../../../test/render';
import type { SearchPage } from '../hooks/use-search-page';
import { loadSearchForm, loadedSearchForm } from '../search-form-loader';
import { SearchBar, SearchMapSection } from './search-page-parts';
import styles from './search-page.module.css';

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
  it("holds the form's place on the first screen and fetches its code only after the first paint, then shows it", async () => {
    const { container } = renderWithAirline(<SearchBar page={page({ location: 'Chicago, IL' }, true)} />);
    // The first render: the form's place, no form, and its code not asked for.
    expect(screen.queryByRole('combobox', { name: 'City, state or ZIP' })).toBeNull();
    expect(container.querySelector(`.${styles.formPlaceholder}`)).not.toBeNull();
    expect(loadedSearchForm()).toBeUndefined();
    expect(await screen.findByRole('combobox', { name: 'City, state or ZIP' })).toHaveProperty('value', 'Chicago, IL');
    expect(loadedSearchForm()).toBeDefined();
    expect(container.querySelector(`.${styles.formPlaceholder}`)).toBeNull();
  });

  it('shows no form while the page has no location yet: the default it is about to take would replace the form and what was typed in it', async () => {
    // CI's e2e, 2026-11-30: "chica" typed into the empty box, which was replaced by the default's
    // ("Current Location") under the cursor, giving "chicaCurrent Location" and no suggestions.
    await loadSearchForm();
    renderWithAirline(<SearchBar page={page({}, false)} />);
    expect(screen.queryByRole('search', { name: 'Restaurants' })).toBeNull();
  });

  it("shows the form with the location once there is one, at once where its code has arrived (a phone's 'Change search', a later search)", async () => {
    await loadSearchForm();
    renderWithAirline(<SearchBar page={page({ location: 'Current Location' }, true)} />);
    expect(screen.getByRole('combobox', { name: 'City, state or ZIP' })).toHaveProperty('value', 'Current Location');
  });
});

/** What the map section reads: a search answered with one restaurant, on a desktop or a phone. */
function mapPage(isWide: boolean): SearchPage {
  return {
    isWide, blocked: false, selectedId: null, selected: null, setSelectedId: vi.fn(), onSearchArea: vi.fn(),
    data: { merchants: [], location: { latitude: 41.88, longitude: -87.63, radius: 5, label: 'Chicago, IL' } },
  } as unknown as SearchPage;
}

describe('SearchMapSection', () => {
  it("on a desktop, leaves the map's code for the first idle turn after the first paint: its place is held until then", async () => {
    vi.useFakeTimers();
    try {
      renderWithAirline(<SearchMapSection page={mapPage(true)} />);
      // The first screen: the map's frame, not its code (which would say it is loading).
      expect(screen.getByRole('region', { name: 'Map' })).toBeDefined();
      expect(screen.queryByText('Loading map…')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Loading map…')).toBeDefined();
    } finally {
      await vi.runOnlyPendingTimersAsync();
      vi.useRealTimers();
    }
  });

  it('on a phone, where the map is shown when asked for, loads it at once', () => {
    renderWithAirline(<SearchMapSection page={mapPage(false)} />);
    expect(screen.getByText('Loading map…')).toBeDefined();
  });
});
