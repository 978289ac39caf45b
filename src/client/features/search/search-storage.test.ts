// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readSearchView, SEARCH_VIEW_ENTRIES, SEARCH_VIEW_KEY, writeSearchView } from './search-storage';

beforeEach(() => { sessionStorage.clear(); });

describe('the list/map choice and chosen restaurant per history entry', () => {
  it('keeps each entry its own, in the tab session', () => {
    writeSearchView('a', { view: 'map', selectedId: 7 });
    writeSearchView('b', { view: 'list', selectedId: null });
    expect(readSearchView('a')).toEqual({ view: 'map', selectedId: 7 });
    expect(readSearchView('b')).toEqual({ view: 'list', selectedId: null });
    expect(readSearchView('c')).toBeNull();
    expect(localStorage.getItem(SEARCH_VIEW_KEY)).toBeNull();
    writeSearchView('a', { view: 'list', selectedId: 8 });
    expect(readSearchView('a')).toEqual({ view: 'list', selectedId: 8 });
  });

  it('keeps only the newest entries', () => {
    for (let i = 0; i < SEARCH_VIEW_ENTRIES + 5; i++) writeSearchView(`k${i}`, { view: 'map', selectedId: i });
    expect(readSearchView('k0')).toBeNull();
    expect(readSearchView('k4')).toBeNull();
    expect(readSearchView('k5')).toEqual({ view: 'map', selectedId: 5 });
    expect(readSearchView(`k${SEARCH_VIEW_ENTRIES + 4}`)).toEqual({ view: 'map', selectedId: SEARCH_VIEW_ENTRIES + 4 });
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem(SEARCH_VIEW_KEY, 'not json');
    expect(readSearchView('a')).toBeNull();
    sessionStorage.setItem(SEARCH_VIEW_KEY, JSON.stringify([['a', { view: 'satellite', selectedId: 1 }], ['b', { view: 'map', selectedId: '2' }], ['c', { view: 'map', selectedId: 3 }], 'x']));
    expect(readSearchView('a')).toBeNull();
    expect(readSearchView('b')).toBeNull();
    expect(readSearchView('c')).toEqual({ view: 'map', selectedId: 3 });
    writeSearchView('d', { view: 'list', selectedId: null });
    expect(readSearchView('c')).toEqual({ view: 'map', selectedId: 3 });
  });
});
