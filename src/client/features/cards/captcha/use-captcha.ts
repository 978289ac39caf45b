import { useCallback, useEffect, useRef } from 'react';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '#client/lib/api';
import { altchaPayload, isAltchaChallenge, solveChallenge, type AltchaChallenge, type AltchaSolution } from './altcha';

/** §8 captcha messages. */
export const CAPTCHA_NOT_READY = 'reCaptcha is not in ready state.';
export const CAPTCHA_GAVE_UP = 'Too many network errors, give up on reCaptcha.';
export const CAPTCHA_REQUIRED = 'You must complete the reCAPTCHA to continue.';
/** §9: polled every 500 ms; §8: 10 network errors and it gives up. */
export const CAPTCHA_POLL_MS = 500;
export const CAPTCHA_MAX_NETWORK_ERRORS = 10;

export class CaptchaError extends Error {
  override name = 'CaptchaError';
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new CaptchaError(CAPTCHA_NOT_READY));
    }, { once: true });
  });

/** GET /api/captcha/challenge, asking again every 500 ms on network trouble, at most 10 times. */
export async function fetchChallenge(signal: AbortSignal): Promise<AltchaChallenge> {
  let networkErrors = 0;
  for (;;) {
    try {
      const challenge = await call(API_PATHS.captchaChallenge, { signal });
      if (!isAltchaChallenge(challenge)) throw new CaptchaError(CAPTCHA_NOT_READY);
      return challenge;
    } catch (err) {
      if (err instanceof CaptchaError || signal.aborted) throw err instanceof CaptchaError ? err : new CaptchaError(CAPTCHA_NOT_READY);
      // An answer from the server that is not a passing one will not change by asking again.
      if (err instanceof ApiError && err.status < 500 && err.status !== 429) throw new CaptchaError(CAPTCHA_NOT_READY);
      networkErrors++;
      if (networkErrors >= CAPTCHA_MAX_NETWORK_ERRORS) throw new CaptchaError(CAPTCHA_GAVE_UP);
      await sleep(CAPTCHA_POLL_MS, signal);
    }
  }
}

/** Solves in a Web Worker; where there is none (tests, very old browsers) on this thread. */
function solve(challenge: AltchaChallenge, signal: AbortSignal): Promise<AltchaSolution | null> {
  if (typeof Worker === 'undefined') return solveChallenge(challenge, { shouldStop: () => signal.aborted });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module', name: 'captcha' });
    const stop = () => worker.terminate();
    worker.addEventListener('message', (e: MessageEvent<{ ok: boolean; solution?: AltchaSolution }>) => {
      stop();
      resolve(e.data.ok && e.data.solution ? e.data.solution : null);
    });
    worker.addEventListener('error', () => {
      stop();
      reject(new CaptchaError(CAPTCHA_NOT_READY));
    });
    signal.addEventListener('abort', () => {
      stop();
      reject(new CaptchaError(CAPTCHA_NOT_READY));
    }, { once: true });
    worker.postMessage(challenge);
  });
}

export type InvisibleCaptcha = {
  /** The response to send as gRecaptchaResponse: fetched and solved on first use, then kept until reset. */
  execute: () => Promise<string>;
  /** Forget the response (after a submit: the server accepts each solution once). */
  reset: () => void;
};

/** §4 form submit with captcha: the invisible check runs on the first submit. */
export function useInvisibleCaptcha(): InvisibleCaptcha {
  const response = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const execute = useCallback(async () => {
    if (response.current) return response.current;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const challenge = await fetchChallenge(mine.signal);
    const solution = await solve(challenge, mine.signal);
    if (!solution) throw new CaptchaError(CAPTCHA_NOT_READY);
    if (controller.current === mine) response.current = altchaPayload(challenge, solution);
    return altchaPayload(challenge, solution);
  }, []);

  const reset = useCallback(() => {
    response.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  return { execute, reset };
}
