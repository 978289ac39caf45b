import { performance } from 'node:perf_hooks';

/**
 * Lets the event loop run what waits (requests, timers) before the caller goes on. On the
 * embedded database (PGlite) every statement runs on this thread and an awaited query resolves
 * without returning to the event loop, so background work that runs statement after statement
 * holds every request behind it until it yields here. On PostgreSQL the queries' own I/O yields
 * already; this costs a few microseconds there.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For a loop of background work: each call yields (yieldToEventLoop) once `sliceMs` have passed
 * since the last yield, so requests wait at most about a slice behind the loop.
 */
export function timeSlices(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}
