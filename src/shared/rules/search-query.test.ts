import { describe, expect, it } from 'vitest';
import { CURRENT_LOCATION, ZMerchantSearchRequest } from '../schemas/merchant';
import {
  buildCarouselRequest, buildSearchRequest, CAROUSEL_PAGE_SIZE, clearFilters, countFilters, hasSearchLocation,
  MAP_AREA, parseSearchState, sameSearch, SEARCH_PAGE_SIZE, searchHref, serialiseSearchState, storableSearch,
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
});

describe('boundaries of the search rules', () => {
  const place = { location: 'Boston' };

  it('sends a radius only when it is a positive number, to one decimal', () => {
    for (const radius of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(buildSearchRequest({ ...place, radius }), String(radius)).not.toHaveProperty('radius');
    expect(buildSearchRequest({ ...place, radius: 12.25 })).toMatchObject({ radius: 12.3 });
  });

  it('searches coordinates only when both are finite numbers', () => {
    expect(buildSearchRequest({ latitude: 40.1, longitude: -73.2 })).toEqual({ latitude: 40.1, longitude: -73.2, pageNo: 1, pageSize: SEARCH_PAGE_SIZE });
    expect(buildSearchRequest({ ...place, latitude: Number.NaN, longitude: 1 })).toEqual({ location: 'Boston', pageNo: 1, pageSize: SEARCH_PAGE_SIZE });
    expect(buildSearchRequest({ ...place, latitude: 1, longitude: Number.POSITIVE_INFINITY })).toEqual({ location: 'Boston', pageNo: 1, pageSize: SEARCH_PAGE_SIZE });
    expect(hasSearchLocation({ latitude: Number.NaN, longitude: 2 })).toBe(false);
  });

  it('sends price levels 1 to 4 only, whole numbers', () => {
    expect(buildSearchRequest({ ...place, priceRange: [4, 0, 5, 1.5, -1, 2, 4] })).toMatchObject({ priceRange: ['2', '4'] });
    expect(buildSearchRequest({ ...place, priceRange: [1.5, 0] })).not.toHaveProperty('priceRange');
  });

  it('sends a known sort order only', () => {
    expect(buildSearchRequest({ ...place, sortBy: 'cheapest' as never })).not.toHaveProperty('sortBy');
    expect(buildSearchRequest({ ...place, sortBy: 'priceLow' })).toMatchObject({ sortBy: 'priceLow' });
  });

  it('asks for page 1 unless a page of 1 or more is given, whole', () => {
    for (const pageNo of [0, 0.5, -1, -2.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(buildSearchRequest({ ...place, pageNo })!.pageNo, String(pageNo)).toBe(1);
    expect(buildSearchRequest({ ...place, pageNo: 1 })!.pageNo).toBe(1);
    expect(buildSearchRequest({ ...place, pageNo: 2.9 })!.pageNo).toBe(2);
  });

  it('leaves the label out of a coordinate search without one', () => {
    expect(buildSearchRequest({ location: '  ', latitude: 1, longitude: 2 })).not.toHaveProperty('location');
  });
});

describe('parsing boundaries', () => {
  it('reads true and 1 as on, in any case', () => {
    expect(parseSearchState('isNew=1&acclaimed=TRUE&reservations=True&benefitsFor=0')).toEqual({ isNew: true, acclaimed: true, reservations: true });
    expect(parseSearchState('isNew=&acclaimed=on')).toEqual({});
  });

  it('treats empty and blank numbers as missing, not as zero', () => {
    expect(parseSearchState('latitude=&longitude=')).toEqual({});
    expect(parseSearchState('latitude=%20&longitude=%20&radius=%20&pageNo=%20')).toEqual({});
    expect(parseSearchState('latitude=0&longitude=0')).toEqual({ location: MAP_AREA, latitude: 0, longitude: 0 });
    expect(parseSearchState('latitude=1e999&longitude=0')).toEqual({});
  });

  it('needs both coordinates, within ±90 and ±180', () => {
    expect(parseSearchState('latitude=40')).toEqual({});
    expect(parseSearchState('longitude=40')).toEqual({});
    expect(parseSearchState('latitude=90&longitude=180')).toMatchObject({ latitude: 90, longitude: 180 });
    expect(parseSearchState('latitude=-90&longitude=-180')).toMatchObject({ latitude: -90, longitude: -180 });
    expect(parseSearchState('latitude=90.01&longitude=0')).toEqual({});
    expect(parseSearchState('latitude=0&longitude=180.01')).toEqual({});
    expect(parseSearchState('latitude=0&longitude=-181')).toEqual({});
  });

  it('keeps a typed place with coordinates as its label', () => {
    expect(parseSearchState('location=Near%20the%20park&latitude=1&longitude=2')).toEqual({ location: 'Near the park', latitude: 1, longitude: 2 });
  });

  it('keeps a radius from 0.1 to 100 miles', () => {
    expect(parseSearchState('location=X&radius=0.1')).toEqual({ location: 'X', radius: 0.1 });
    expect(parseSearchState('location=X&radius=100')).toEqual({ location: 'X', radius: 100 });
    expect(parseSearchState('location=X&radius=0.09')).toEqual({ location: 'X' });
    expect(parseSearchState('location=X&radius=100.1')).toEqual({ location: 'X' });
  });

  it('keeps pages 2 to 10000, whole', () => {
    expect(parseSearchState('location=X&pageNo=1')).toEqual({ location: 'X' });
    expect(parseSearchState('location=X&pageNo=2')).toEqual({ location: 'X', pageNo: 2 });
    expect(parseSearchState('location=X&pageNo=10000')).toEqual({ location: 'X', pageNo: 10000 });
    expect(parseSearchState('location=X&pageNo=10001')).toEqual({ location: 'X' });
    expect(parseSearchState('location=X&pageNo=2.5')).toEqual({ location: 'X' });
  });

  it('keeps price levels 1 to 4, from repeated or comma-separated values with spaces', () => {
    expect(parseSearchState('priceRange=4&priceRange=1')).toEqual({ priceRange: [1, 4] });
    expect(parseSearchState('priceRange=2,%203,,4')).toEqual({ priceRange: [2, 3, 4] });
    expect(parseSearchState('features=delivery,%20takeout&mealsServed=%20dinner%20,lunch')).toEqual({ features: ['delivery', 'takeout'], mealsServed: ['lunch', 'dinner'] });
  });

  it('keeps a campaign code of 1 to 40 letters, digits, - and _', () => {
    expect(parseSearchState('campaignCode=%20ACC2%20')).toEqual({ campaignCode: 'ACC2' });
    expect(parseSearchState('campaignCode=A')).toEqual({ campaignCode: 'A' });
    expect(parseSearchState(`campaignCode=${'a_-9'.repeat(10)}`)).toEqual({ campaignCode: 'a_-9'.repeat(10) });
    expect(parseSearchState(`campaignCode=${'a'.repeat(41)}`)).toEqual({});
    expect(parseSearchState('campaignCode=a.b')).toEqual({});
  });

  it('cuts a typed place and cuisine to 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(parseSearchState({ location: long, restaurantOrCuisine: long })).toEqual({ location: 'x'.repeat(100), restaurantOrCuisine: 'x'.repeat(100) });
  });

  it('reads URLSearchParams, a query string with or without "?", and a record with missing values', () => {
    expect(parseSearchState(new URLSearchParams('location=Boston&isNew=true'))).toEqual({ location: 'Boston', isNew: true });
    expect(parseSearchState('location=Boston?')).toEqual({ location: 'Boston?' });
    expect(parseSearchState('?location=Boston')).toEqual({ location: 'Boston' });
    expect(parseSearchState({ location: undefined, sortBy: 'name', features: undefined })).toEqual({ sortBy: 'name' });
  });
});

describe('serialising boundaries', () => {
  it('writes Current Location in its one spelling', () => {
    expect(serialiseSearchState({ location: '  current LOCATION ' })).toBe('location=Current+Location');
  });

  it('writes only a positive radius', () => {
    expect(serialiseSearchState({ location: 'X', radius: 0 })).toBe('location=X');
    expect(serialiseSearchState({ location: 'X', radius: -2 })).toBe('location=X');
    expect(serialiseSearchState({ location: 'X', radius: Number.NaN })).toBe('location=X');
    expect(serialiseSearchState({ location: 'X', radius: 2.25 })).toBe('location=X&radius=2.3');
  });

  it('writes known features, meals, price levels 1–4 and sort orders only', () => {
    expect(serialiseSearchState({ features: ['takeout', 'delivery', 'teleport' as never] })).toBe('features=delivery&features=takeout');
    expect(serialiseSearchState({ priceRange: [4, 0, 5, 1.5, 2] })).toBe('priceRange=2&priceRange=4');
    expect(serialiseSearchState({ sortBy: 'cheapest' as never })).toBe('');
    expect(serialiseSearchState({ campaignCode: ' ACC2 ', pageNo: 2.7 })).toBe('pageNo=2&campaignCode=ACC2');
  });

  it('tells different searches apart', () => {
    expect(sameSearch({ location: 'Boston' }, { location: 'Boston', pageNo: 1 })).toBe(true);
    expect(sameSearch({ location: 'Boston' }, { location: 'Austin' })).toBe(false);
    expect(sameSearch({ location: 'Boston' }, { location: 'Boston', isNew: true })).toBe(false);
  });
});

describe('filter count and page window', () => {
  it('counts each switch and each chosen value, and nothing without filters', () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ acclaimed: true, benefitsFor: true, reservations: true, isNew: false, mealsServed: ['lunch', 'dinner'], priceRange: [1] })).toBe(6);
    expect(countFilters({ features: ['delivery', 'takeout'], mealsServed: ['lunch'] })).toBe(3);
  });
});
