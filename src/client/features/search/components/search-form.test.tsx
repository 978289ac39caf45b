// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cmsItem } from '#client/test/partner-fixture';
import { renderWithAirline as renderWithProviders } from '#client/test/render';
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
