import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow (§9 pagination)', () => {
  it('shows up to five page numbers around the current page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows one page number for one page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 2)).toEqual([1, 2]);
    expect(pageWindow(0, 4)).toEqual([1, 2, 3, 4]);
  });
});
