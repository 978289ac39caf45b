// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { NotFoundRoute } from './not-found-route';
import { renderWithProviders } from '../../test/render';

afterEach(cleanup);

describe('NotFoundRoute', () => {
  it('uses the §8 wording and links home and to search', () => {
    renderWithProviders(<NotFoundRoute />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search restaurants' }).getAttribute('href')).toBe('/search');
  });
});
