/** Resolves after `ms` milliseconds (at once for zero or less). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
