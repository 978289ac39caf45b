import { describe, expect, it, vi } from 'vitest';
import { oncePerObject } from './once-per-object';

describe('oncePerObject', () => {
  it('derives once per object, again for another object, and keeps a falsy result too', () => {
    const derive = vi.fn((o: { n: number }) => o.n * 2);
    const of = oncePerObject(derive);
    const a = { n: 0 };
    const b = { n: 3 };
    expect([of(a), of(a), of(b), of(b)]).toEqual([0, 0, 6, 6]);
    expect(derive.mock.calls.map(([o]) => o)).toEqual([a, b]);
  });
});
