import { describe, expect, it } from 'vitest';
import { chunkCycles } from '../vite.config';

describe('chunkCycles (vite.config.ts: a build whose chunks import each other fails)', () => {
  it('finds two chunks importing each other, as the search screen once did, and a longer ring', () => {
    const imports = new Map([
      ['assets/main.js', []],
      ['assets/search.js', ['assets/main.js', 'assets/search-route.js']],
      ['assets/search-route.js', ['assets/search.js', 'assets/main.js']],
      ['assets/a.js', ['assets/b.js']],
      ['assets/b.js', ['assets/c.js']],
      ['assets/c.js', ['assets/a.js', 'assets/main.js']],
    ]);
    expect(chunkCycles(imports)).toEqual([
      ['assets/search.js', 'assets/search-route.js', 'assets/search.js'],
      ['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/a.js'],
    ]);
  });

  it('finds none where imports only go one way, shared chunks included', () => {
    const imports = new Map([
      ['assets/main.js', []],
      ['assets/search.js', ['assets/main.js', 'assets/earn.js']],
      ['assets/search-route.js', ['assets/search.js', 'assets/earn.js', 'assets/main.js']],
      ['assets/earn.js', ['assets/main.js']],
    ]);
    expect(chunkCycles(imports)).toEqual([]);
  });
});
