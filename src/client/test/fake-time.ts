import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Starts something (a render, a click) on fake timers and lets `ms` of them pass at once, for a
 * check that something does NOT happen (issue 31: no fixed sleeps). The code's own timers and the
 * promises between them run in order; no real time passes. Real timers are back afterwards (RTL's
 * waitFor needs them).
 */
export async function withFakeTime<T>(start: () => T, ms = 1000): Promise<T> {
  vi.useFakeTimers();
  try {
    const result = start();
    await act(() => vi.advanceTimersByTimeAsync(ms));
    return result;
  } finally {
    vi.useRealTimers();
  }
}
