import { describe, expect, it } from 'vitest';
import { causes, isUniqueViolation, pgCode, reasonOf } from './db-errors';

const wrapped = (inner: object) => Object.assign(new Error('Failed query: insert into …'), { cause: inner });

describe('database errors through their wrappers', () => {
  it('finds the code and the innermost message under a wrapper', () => {
    const err = wrapped(Object.assign(new Error('duplicate key value violates unique constraint "members_email_uq"'), { code: '23505' }));
    expect(pgCode(err)).toBe('23505');
    expect(isUniqueViolation(err)).toBe(true);
    expect(reasonOf(err)).toBe('duplicate key value violates unique constraint "members_email_uq"');
  });

  it('says no for other codes and for errors without one', () => {
    expect(isUniqueViolation(wrapped(Object.assign(new Error('deadlock detected'), { code: '40P01' })))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    expect(pgCode(new Error('plain'))).toBeUndefined();
    expect(reasonOf('just a string')).toBe('just a string');
  });

  it('stops after five levels, so a cycle of causes ends', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = a;
    expect([...causes(a)]).toHaveLength(5);
    let deep: object = Object.assign(new Error('deep'), { code: '23505' });
    for (let i = 0; i < 5; i++) deep = wrapped(deep);
    expect(isUniqueViolation(deep)).toBe(false);
  });
});
