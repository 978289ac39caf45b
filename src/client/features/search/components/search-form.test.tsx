// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cmsItem } from '#client/test/partner-fixture';
import { renderWithAirline as renderWithProviders } from '#client/test/render';
import { json, mockFetch } from '#client/test/render-router';
import { LOCATION_REQUIRED_MESSAGE, SearchForm, type SearchFormProps } from './search-form';

afterEach(cleanup);

function setup(props: Partial<SearchFormProps> = {}) {
  const onSearch = vi.fn();
  const onUseCurrentLocation = vi.fn();
  const utils = renderWithProviders(
    <SearchForm initialValues={{ location: '', restaurantOrCuisine: '' }} onSearch={onSearch} onUseCurrentLocation={onUseCurrentLocation} {...props} />,
    { pages: { '*': [cmsItem('labels', { search_location_placeholder: 'e.g. Chicago, IL', search_cuisine_placeholder: 'e.g. Pizza' })] } },
  );
  return { ...utils, onSearch, onUseCurrentLocation, user: userEvent.setup() };
}

describe('SearchForm', () => {
  it('has labelled fields inside a search landmark', () => {
    setup();
    expect(screen.getByRole('search', { name: 'Restaurants' })).toBeTruthy();
    const location = screen.getByLabelText('City, state or ZIP');
    expect(location.getAttribute('placeholder')).toBe('e.g. Chicago, IL');
    expect(screen.getByLabelText(/Restaurant or cuisine/).getAttribute('placeholder')).toBe('e.g. Pizza');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Use current location/ })).toBeTruthy();
  });

  it('requires a location on submit, ties the message to the field and focuses it', async () => {
    const { user, onSearch } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const location = screen.getByLabelText('City, state or ZIP');
    expect(onSearch).not.toHaveBeenCalled();
    expect(location.getAttribute('aria-invalid')).toBe('true');
    const errorId = location.getAttribute('aria-describedby');
    expect(errorId).toBeTruthy();
    expect(document.getElementById(errorId!)?.textContent).toBe(LOCATION_REQUIRED_MESSAGE);
    expect(LOCATION_REQUIRED_MESSAGE).toBe('Enter city, state or ZIP code.');
    expect(document.activeElement).toBe(location);
  });

  it('treats spaces as empty', async () => {
    const { user, onSearch } = setup();
    await user.type(screen.getByLabelText('City, state or ZIP'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText(LOCATION_REQUIRED_MESSAGE)).toBeTruthy();
  });

  it('revalidates on change after a failed submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const location = screen.getByLabelText('City, state or ZIP');
    await user.type(location, 'B');
    expect(screen.queryByText(LOCATION_REQUIRED_MESSAGE)).toBeNull();
    expect(location.getAttribute('aria-invalid')).toBeNull();
    await user.clear(location);
    expect(screen.getByText(LOCATION_REQUIRED_MESSAGE)).toBeTruthy();
  });

  it('does not complain before the first submit', async () => {
    const { user } = setup();
    const location = screen.getByLabelText('City, state or ZIP');
    await user.type(location, 'x');
    await user.clear(location);
    expect(screen.queryByText(LOCATION_REQUIRED_MESSAGE)).toBeNull();
  });

  it('submits trimmed values', async () => {
    const { user, onSearch } = setup();
    await user.type(screen.getByLabelText('City, state or ZIP'), '  Chicago, IL ');
    await user.type(screen.getByLabelText(/Restaurant or cuisine/), ' Thai ');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith({ location: 'Chicago, IL', restaurantOrCuisine: 'Thai' });
  });

  it('shows server field errors on their field and focuses it', () => {
    setup({ initialValues: { location: 'Atlantis', restaurantOrCuisine: '' }, serverErrors: [{ field: 'location', message: 'We couldn\'t find "Atlantis". Enter city, state or ZIP code.' }] });
    const location = screen.getByLabelText('City, state or ZIP');
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(location.getAttribute('aria-describedby')!)?.textContent).toContain('Atlantis');
    expect(document.activeElement).toBe(location);
  });

  it('clears a server error once the field is edited', async () => {
    const { user } = setup({ initialValues: { location: 'Atlantis', restaurantOrCuisine: '' }, serverErrors: [{ field: 'location', message: 'Not found.' }] });
    await user.type(screen.getByLabelText('City, state or ZIP'), 'x');
    expect(screen.queryByText('Not found.')).toBeNull();
  });

  it('asks for the current location', async () => {
    const { user, onUseCurrentLocation, onSearch } = setup();
    await user.click(screen.getByRole('button', { name: /Use current location/ }));
    expect(onUseCurrentLocation).toHaveBeenCalledOnce();
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('SearchForm location suggestions', () => {
  const asked: string[] = [];
  function withPredictions() {
    asked.length = 0;
    window.dataLayer = [];
    vi.stubGlobal('fetch', mockFetch((url) => {
      if (url.pathname === '/api/locations/predictions') {
        const q = url.searchParams.get('q') ?? '';
        asked.push(q);
        const all = ['Portland, OR', 'Portland, ME', 'Port Saint Lucie, FL'];
        return json({ predictions: all.filter((l) => l.toLowerCase().startsWith(q.toLowerCase())).map((label) => ({ label })) });
      }
      if (url.pathname === '/api/Impressions') return json({ accepted: 1 }, 202);
      return undefined;
    }));
  }
  afterEach(() => { vi.unstubAllGlobals(); });

  it('suggests places as the person types, chosen with the keyboard, one request once typing pauses', async () => {
    withPredictions();
    const { user, onSearch } = setup();
    const box = screen.getByRole('combobox', { name: 'City, state or ZIP' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'port');
    const list = await screen.findByRole('listbox', { name: 'Suggested places' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Portland, OR', 'Portland, ME', 'Port Saint Lucie, FL']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    // One request for the settled text, not one per key; each is a location prediction impression.
    expect(asked).toEqual(['port']);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'locationPredictionRequest' }));
    expect(screen.getByRole('status').textContent).toMatch(/^3 suggested places/);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe('Portland, ME');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith({ location: 'Portland, ME', restaurantOrCuisine: '' });
  });

  it('closes with Escape, wraps with the arrows, and picks with the mouse', async () => {
    withPredictions();
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'City, state or ZIP' });
    await user.type(box, 'portland');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('portland');
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Portland, OR' }));
    expect((box as HTMLInputElement).value).toBe('Portland, OR');
  });

  it('asks nothing for one character or for the values it starts with', async () => {
    withPredictions();
    // On fake timers: a second of them passes at once where a request would be asked.
    vi.useFakeTimers();
    try {
      const pass = () => act(() => vi.advanceTimersByTimeAsync(1000));
      setup({ initialValues: { location: 'Chicago, IL', restaurantOrCuisine: '' } });
      await pass();
      expect(asked).toEqual([]);
      const box = screen.getByRole('combobox', { name: 'City, state or ZIP' });
      fireEvent.change(box, { target: { value: '' } });
      fireEvent.change(box, { target: { value: 'p' } });
      await pass();
      expect(asked).toEqual([]);
      expect(screen.queryByRole('listbox')).toBeNull();
      // The same with a second character does ask (so the quiet above is the rule, not the clock).
      fireEvent.change(box, { target: { value: 'po' } });
      await pass();
      expect(asked).toEqual(['po']);
    } finally {
      vi.useRealTimers();
    }
  });
});
