/**
 * fast-check options for the database property tests: each run is a whole scenario against a
 * database, so shrinking a failure found late takes minutes. Stopped `ms` after the property
 * started (below the test's own timeout), the run is reported as a failure with the counterexample
 * shrunk so far, instead of ending as a bare test timeout that hides it (how the engine's property
 * test failed in CI on 2026-11-30: a real bug found about once in 400 runs, docs/testing.md).
 */
export function shrinkLimit(ms: number) {
  return { interruptAfterTimeLimit: ms, markInterruptAsFailure: true } as const;
}
