/**
 * Reading database errors through their wrappers: drizzle's "Failed query: …" error carries the
 * driver's error as its cause, and a caller may wrap it again.
 */

/** An error and its causes, outermost first (at most five deep). */
export function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) yield e;
}

/** The first SQLSTATE (or driver code) found on the error or its causes. */
export const pgCode = (err: unknown): string | undefined => [...causes(err)].map((e) => e.code).find((c): c is string => typeof c === 'string');

/** What went wrong, said by the database where it did: the innermost message. */
export const reasonOf = (err: unknown): string =>
  [...causes(err)].map((e) => e.message).filter((m): m is string => typeof m === 'string').pop() ?? String(err);

/** A unique constraint refused the write (23505), on the error or any of its causes. */
export const isUniqueViolation = (err: unknown): boolean => [...causes(err)].some((e) => e.code === '23505');
