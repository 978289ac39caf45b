import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's own lint rules (eslint-rules.js, issue 31), each run through eslint.config.js on a
 * snippet that must be reported and one that must pass, at a path where the config applies it.
 */
const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

async function reported(rule: string, filePath: string, source: string): Promise<number[]> {
  const [result] = await eslint.lintText(source, { filePath });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === `local/${rule}`).map((m) => m.line);
}

const SERVER = 'src/server/lib/rule-check.ts';

describe('local/no-plain-secret-compare (server code)', () => {
  const rule = 'no-plain-secret-compare';

  it('reports a signature, token, hash or password compared with === or !==', async () => {
    expect(await reported(rule, SERVER, [
      'export const a = (signature: string, expected: string) => signature === expected;',
      'export const b = (row: { tokenHash: string }, given: string) => row.tokenHash !== given;',
      'export const c = (password: string, other: string) => other == password;',
      'export const d = (input: { otpCode: string }, sent: string) => input.otpCode === sent;',
      'export const e = (a: { hmac: Buffer }, b: Buffer) => a.hmac.toString("hex") === b.toString("hex");',
    ].join('\n'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports a value computed by a MAC or hash, whatever its name, and Buffer equals()', async () => {
    expect(await reported(rule, SERVER, [
      "import { createHmac } from 'node:crypto';",
      'export function check(secret: string, body: string, given: Buffer) {',
      "  const expected = createHmac('sha256', secret).update(body).digest();",
      '  const viaEquals = expected.equals(given);',
      '  return viaEquals && expected === given;',
      '}',
    ].join('\n'))).toEqual([4, 5]);
  });

  it('passes the constant-time comparison, and comparisons with constants or of public codes', async () => {
    expect(await reported(rule, SERVER, [
      "import { timingSafeEqual } from 'node:crypto';",
      'export const a = (signature: Buffer, expected: Buffer) => signature.length === expected.length && timingSafeEqual(signature, expected);',
      "export const b = (token: string | undefined) => token === undefined || token === '' || typeof token !== 'string';",
      'export const c = (partner: { code: string }, code: string) => partner.code === code;',
      'export const d = (a: { currencyCode: string }, b: { currencyCode: string }) => a.currencyCode === b.currencyCode;',
    ].join('\n'))).toEqual([]);
  });

  it('applies to server code, not to its tests', async () => {
    expect(await reported(rule, 'src/server/lib/rule-check.test.ts', 'export const a = (signature: string, expected: string) => signature === expected;\n')).toEqual([]);
  });
});

const TEST = 'src/server/lib/rule-check.test.ts';
const E2E = 'e2e/rule-check.spec.ts';

describe('local/no-every-without-length (tests)', () => {
  const rule = 'no-every-without-length';

  it('reports every() over a list whose length nothing asserted', async () => {
    expect(await reported(rule, TEST, [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  const rows = [1, 2].filter((n) => n > 5);',
      '  expect(rows.every((n) => n > 5)).toBe(true);',
      '  expect(rows.map((n) => n * 2).every((n) => n > 5)).toBe(true);',
      '});',
    ].join('\n'))).toEqual([4, 5]);
  });

  it('passes once the length is asserted in an earlier statement of the block (or an enclosing one)', async () => {
    expect(await reported(rule, TEST, [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  const rows = [6, 7];',
      '  expect(rows.length).toBeGreaterThan(0);',
      '  expect(rows.every((n) => n > 5)).toBe(true);',
      '  const others = [8];',
      '  expect(others).toHaveLength(1);',
      '  if (others) {',
      '    expect(others.map((n) => n * 2).every((n) => n > 5)).toBe(true);',
      '  } else {',
      '    expect(others).toEqual([]);',
      '  }',
      '});',
    ].join('\n'))).toEqual([]);
  });
});

describe('local/no-conditional-expect (tests)', () => {
  const rule = 'no-conditional-expect';

  it('reports an expect under an if with no else, or after &&', async () => {
    expect(await reported(rule, TEST, [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  const row = [1].find((n) => n > 5);',
      '  if (row) expect(row).toBe(6);',
      '  if (row) {',
      '    expect(row).toBe(6);',
      '  }',
      '  row && expect(row).toBe(6);',
      '});',
    ].join('\n'))).toEqual([4, 6, 8]);
  });

  it('passes an unconditional expect, an if whose else asserts too, and a guard that asserts and leaves', async () => {
    expect(await reported(rule, TEST, [
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  const row = [6].find((n) => n > 5);',
      '  expect(row).toBe(6);',
      '  if (row) expect(row).toBe(6);',
      '  else expect.unreachable();',
      '  for (const n of [1, 2]) {',
      '    if (n === 1) {',
      '      expect(n).toBe(1);',
      '      continue;',
      '    }',
      '    expect(n).toBe(2);',
      '  }',
      '});',
    ].join('\n'))).toEqual([]);
  });

  it('passes an implication inside a property, where both sides are drawn', async () => {
    expect(await reported(rule, TEST, [
      "import fc from 'fast-check';",
      "import { expect, it } from 'vitest';",
      "it('x', () => {",
      '  fc.assert(fc.property(fc.integer(), (n) => {',
      '    if (n > 5) expect(n).toBeGreaterThan(5);',
      '  }));',
      '});',
    ].join('\n'))).toEqual([]);
  });
});

describe('local/no-fixed-sleep (tests)', () => {
  const rule = 'no-fixed-sleep';

  it('reports a promise around setTimeout, timers/promises, sleep() and waitForTimeout', async () => {
    expect(await reported(rule, TEST, [
      "import { setTimeout as wait } from 'node:timers/promises';",
      "import { it } from 'vitest';",
      "import { sleep } from '../lib/sleep';",
      "it('x', async () => {",
      '  await new Promise((r) => setTimeout(r, 100));',
      '  await wait(50);',
      '  await sleep(20);',
      '});',
    ].join('\n'))).toEqual([5, 6, 7]);
    expect(await reported(rule, E2E, [
      "import { test } from '@playwright/test';",
      "test('x', async ({ page }) => {",
      '  await page.waitForTimeout(500);',
      '});',
    ].join('\n'))).toEqual([3]);
  });

  it('passes a bounded wait for a condition', async () => {
    expect(await reported(rule, TEST, [
      "import { expect, it, vi } from 'vitest';",
      "it('x', async () => {",
      '  let done = false;',
      '  setTimeout(() => { done = true; }, 10);',
      '  await vi.waitFor(() => expect(done).toBe(true), { timeout: 1000 });',
      '  await expect.poll(() => done, { timeout: 1000 }).toBe(true);',
      '});',
    ].join('\n'))).toEqual([]);
  });
});
