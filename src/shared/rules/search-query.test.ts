import { describe, expect, it } from 'vitest';
import { CURRENT_LOCATION, ZMerchantSearchRequest } from '../schemas/merchant';
import {
  buildCarouselRequest, buildSearchRequest, CAROUSEL_PAGE_SIZE, clearFilters, countFilters, hasSearchLocation,
  MAP_AREA, pageWindow, parseSearchState, sameSearch, SEARCH_PAGE_SIZE, searchHref, serialiseSearchState, storableSearch,
} from './search-query';

describe('buildSearchRequest', () => {
  it('omits empty and off values', () => {
    const req = buildSearchRequest({
      location: '  Chicago, IL ', restaurantOrCuisine: '  ', acclaimed: false, isNew: true,
      features: [], mealsServed: undefined, priceRange: [], sortBy: undefined,
    });
    expect(req).toEqual({ location: 'Chicago, IL', isNew: 'true', pageNo: 1, pageSize: SEARCH_PAGE_SIZE });
  });

  it('sends every filter, deduplicated and in a stable order', () => {
    const req = buildSearchRequest({
      location: '60601', restaurantOrCuisine: 'Pizza', acclaimed: true, benefitsFor: true, reservations: true,
      features: ['takeout', 'delivery', 'takeout'], mealsServed: ['dinner', 'brunch'], priceRange: [3, 1, 3, 9],
      sortBy: 'rating', pageNo: 3, campaignCode: 'ACC2', radius: 10,
    });
    expect(req).toEqual({
      location: '60601', restaurantOrCuisine: 'Pizza', acclaimed: 'true', benefitsFor: 'true', reservations: 'true',
      features: ['delivery', 'takeout'], mealsServed: ['brunch', 'dinner'], priceRange: ['1', '3'],
      sortBy: 'rating', pageNo: 3, pageSize: SEARCH_PAGE_SIZE, campaignCode: 'ACC2', radius: 10,
    });
    expect(ZMerchantSearchRequest.safeParse(req).success).toBe(true);
  });

  it('turns Current Location into coordinates rounded to 2 decimals', () => {
    const req = buildSearchRequest({ location: CURRENT_LOCATION }, { currentLocation: { latitude: 41.878113, longitude: -87.629799 } });
    expect(req).toMatchObject({ location: CURRENT_LOCATION, latitude: 41.88, longitude: -87.63 });
    expect(ZMerchantSearchRequest.safeParse(req).success).toBe(true);
  });

  it('cannot search Current Location before it is known, nor without a place', () => {
    expect(buildSearchRequest({ location: CURRENT_LOCATION })).toBeNull();
    expect(buildSearchRequest({ location: '   ' })).toBeNull();
    expect(buildSearchRequest({ restaurantOrCuisine: 'Sushi' })).toBeNull();
  });

  it('searches a map area by its centre', () => {
    const req = buildSearchRequest({ location: MAP_AREA, latitude: 40.123456, longitude: -73.987654, radius: 3.14 });
    expect(req).toMatchObject({ location: MAP_AREA, latitude: 40.1235, longitude: -73.9877, radius: 3.1 });
    expect(ZMerchantSearchRequest.safeParse(req).success).toBe(true);
  });

  it('asks 15 merchants for a carousel, first page', () => {
    const req = buildCarouselRequest({ location: 'Austin, TX', pageNo: 4 });
    expect(req).toMatchObject({ location: 'Austin, TX', pageNo: 1, pageSize: CAROUSEL_PAGE_SIZE });
    expect(CAROUSEL_PAGE_SIZE).toBe(15);
    expect(buildCarouselRequest({ location: CURRENT_LOCATION }, null)).toBeNull();
    expect(buildCarouselRequest({ location: CURRENT_LOCATION }, { latitude: 1.234, longitude: 5.678 })).toMatchObject({ latitude: 1.23, longitude: 5.68 });
  });
});

describe('URL state', () => {
  it('parses the documented query string', () => {
    const s = parseSearchState('?location=Chicago%2C+IL&restaurantOrCuisine=Thai&priceRange=1&priceRange=2&sortBy=rating&features=delivery,takeout&isNew=true&pageNo=2');
    expect(s).toEqual({
      location: 'Chicago, IL', restaurantOrCuisine: 'Thai', priceRange: [1, 2], sortBy: 'rating',
      features: ['delivery', 'takeout'], isNew: true, pageNo: 2,
    });
  });

  it('drops unknown and malformed values', () => {
    const s = parseSearchState('location=&sortBy=cheapest&priceRange=0&priceRange=5&priceRange=x&features=teleport&acclaimed=yes&pageNo=-3&latitude=95&longitude=0&radius=1000&campaignCode=bad%20code');
    expect(s).toEqual({});
  });

  it('reads coordinates as a map area and normalises Current Location', () => {
    expect(parseSearchState('latitude=40.7&longitude=-74&radius=5')).toEqual({ location: MAP_AREA, latitude: 40.7, longitude: -74, radius: 5 });
    expect(parseSearchState('location=current%20location&latitude=1&longitude=2')).toEqual({ location: CURRENT_LOCATION });
  });

  it('reads a carousel query record', () => {
    expect(parseSearchState({ location: 'Chicago, IL', sortBy: 'rating', priceRange: ['1', '2'] }))
      .toEqual({ location: 'Chicago, IL', sortBy: 'rating', priceRange: [1, 2] });
  });

  it('serialises in a stable order and round-trips', () => {
    const state = { location: 'Chicago, IL', restaurantOrCuisine: 'Thai', priceRange: [2, 1], sortBy: 'rating' as const, mealsServed: ['dinner' as const], reservations: true, pageNo: 2 };
    const qs = serialiseSearchState(state);
    expect(qs).toBe('location=Chicago%2C+IL&restaurantOrCuisine=Thai&reservations=true&mealsServed=dinner&priceRange=1&priceRange=2&sortBy=rating&pageNo=2');
    expect(parseSearchState(qs)).toEqual({ ...state, priceRange: [1, 2] });
    expect(sameSearch(state, parseSearchState(qs))).toBe(true);
  });

  it('keeps Current Location as a word in links', () => {
    expect(serialiseSearchState({ location: CURRENT_LOCATION, latitude: 1, longitude: 2 })).toBe('location=Current+Location');
    expect(searchHref({ location: MAP_AREA, latitude: 40.712345, longitude: -74.00601, radius: 2 }))
      .toBe('/search?location=Map+area&latitude=40.7123&longitude=-74.006&radius=2');
    expect(searchHref({})).toBe('/search');
    expect(searchHref(parseSearchState({ location: 'Chicago, IL', sortBy: 'rating' }))).toBe('/search?location=Chicago%2C+IL&sortBy=rating');
  });

  it('leaves page 1 out of links', () => {
    expect(serialiseSearchState({ location: 'X', pageNo: 1 })).toBe('location=X');
  });
});

describe('helpers', () => {
  it('knows when there is somewhere to search', () => {
    expect(hasSearchLocation({})).toBe(false);
    expect(hasSearchLocation({ location: ' ' })).toBe(false);
    expect(hasSearchLocation({ location: 'Boston' })).toBe(true);
    expect(hasSearchLocation({ location: CURRENT_LOCATION })).toBe(true);
    expect(hasSearchLocation({ latitude: 1, longitude: 2 })).toBe(true);
  });

  it('counts and clears filters', () => {
    const s = { location: 'Boston', restaurantOrCuisine: 'Pizza', isNew: true, features: ['delivery' as const], priceRange: [1, 2], sortBy: 'name' as const, pageNo: 3 };
    expect(countFilters(s)).toBe(4);
    expect(clearFilters(s)).toEqual({ location: 'Boston', restaurantOrCuisine: 'Pizza' });
    expect(storableSearch(s)).not.toHaveProperty('pageNo');
  });

  it('shows up to five page numbers around the current page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
