import type { CopyTokens } from '../schemas/partner';

export type TokenValues = CopyTokens & { currentYear: string };
const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
/** A value may contain tokens itself; stop after this many passes so a cycle cannot hang the page. */
const MAX_PASSES = 10;

export function tokenValues(copyStates: CopyTokens, now = new Date()): TokenValues {
  return { ...copyStates, currentYear: String(now.getFullYear()) };
}

/**
 * §3: copy tokens are replaced with partner values, and replacement repeats until the text stops
 * changing. Unknown tokens are left as they are so a content mistake is visible, not silent.
 */
export function replaceTokens(text: string, values: Partial<Record<string, string>>): string {
  let current = text;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = current.replace(TOKEN, (whole, name: string) => values[name] ?? whole);
    // Stryker disable next-line ConditionalExpression: equivalent — without the early return the remaining passes change nothing and the same text comes back
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Replaces tokens in every string inside a JSON-like value (content fields). */
export function replaceTokensDeep<T>(value: T, values: Partial<Record<string, string>>): T {
  if (typeof value === 'string') return replaceTokens(value, values) as T;
  if (Array.isArray(value)) return value.map((v) => replaceTokensDeep(v, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceTokensDeep(v, values)])) as T;
  }
  return value;
}
