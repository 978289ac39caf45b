import { describe, it, expect } from 'vitest';
import { Rng, WeightedTable, hashString } from './random';

describe('Rng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    const seqC = Array.from({ length: 20 }, () => c.next());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
    expect(new Rng('delta').next()).toBe(new Rng(hashString('delta')).next());
  });

  it('keeps values in range', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(3, 9);
      expect(Number.isInteger(n) && n >= 3 && n <= 9).toBe(true);
    }
  });

  it('reaches both ends of int() and is roughly uniform', () => {
    const rng = new Rng(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[rng.int(0, 3)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(9_000);
  });

  it('picks, shuffles, samples and weighs', () => {
    const rng = new Rng(9);
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(items).toContain(rng.pick(items));
    expect(rng.shuffle(items).sort()).toEqual(items);
    const s = rng.sample(items, 3);
    expect(new Set(s).size).toBe(3);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) if (rng.weighted([['x', 9], ['y', 1]] as const) === 'x') heavy++;
    expect(heavy).toBeGreaterThan(8_600);
    expect(heavy).toBeLessThan(9_400);
    let yes = 0;
    for (let i = 0; i < 10_000; i++) if (rng.chance(0.25)) yes++;
    expect(yes).toBeGreaterThan(2_200);
    expect(yes).toBeLessThan(2_800);
  });

  it('WeightedTable follows the weights', () => {
    const table = new WeightedTable([['a', 1], ['b', 3]] as const);
    const rng = new Rng(3);
    let b = 0;
    for (let i = 0; i < 20_000; i++) if (table.pick(rng) === 'b') b++;
    expect(b / 20_000).toBeGreaterThan(0.72);
    expect(b / 20_000).toBeLessThan(0.78);
  });
});
