// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { altchaPayload, solveChallenge } from './altcha';
import { CAPTCHA_GAVE_UP, CAPTCHA_MAX_NETWORK_ERRORS, CAPTCHA_NOT_READY, fetchChallenge } from './use-captcha';
import { json } from '#client/test/render-router';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ALTCHA proof of work (our solver, altcha-lib’s verification)', () => {
  it('finds the number and builds a payload the server library accepts', async () => {
    const challenge = await createChallenge({ hmacKey: 'test-key', maxNumber: 500, number: 321 });
    const solution = await solveChallenge(challenge);
    expect(solution?.number).toBe(321);
    const payload = altchaPayload(challenge, solution!);
    expect(JSON.parse(atob(payload))).toMatchObject({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 321, salt: challenge.salt, signature: challenge.signature });
    expect(await verifySolution(payload, 'test-key')).toBe(true);
    expect(await verifySolution(payload, 'another-key')).toBe(false);
  });

  it('gives up (null) when no number up to maxnumber matches', async () => {
    const challenge = await createChallenge({ hmacKey: 'test-key', maxNumber: 1000, number: 900 });
    expect(await solveChallenge({ ...challenge, maxnumber: 100 })).toBeNull();
  });
});

describe('fetching the challenge', () => {
  it(`asks again every 500 ms on network errors and gives up after ${CAPTCHA_MAX_NETWORK_ERRORS}`, async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = fetchChallenge(new AbortController().signal).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(500 * CAPTCHA_MAX_NETWORK_ERRORS);
    expect(await result).toBe(CAPTCHA_GAVE_UP);
    expect(fetchMock).toHaveBeenCalledTimes(CAPTCHA_MAX_NETWORK_ERRORS);
  });

  it('a refusal from the server means the captcha is not ready', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ statusCode: 403, error: 'Forbidden', message: 'No' }, 403)));
    await expect(fetchChallenge(new AbortController().signal)).rejects.toThrow(CAPTCHA_NOT_READY);
  });
});
