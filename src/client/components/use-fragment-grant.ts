import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api';

/**
 * A one-time grant the operator console put in this page's fragment (never sent in an address or
 * a Referer: View as member, a content preview): read once, taken out of the address, and traded
 * by `trade`. Answers the problem to show when the trade fails (the server's sentence, else
 * `fallback`), null meanwhile.
 */
export function useFragmentGrant(trade: (token: string) => Promise<void>, fallback: string): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const tradeRef = useRef(trade);
  useEffect(() => {
    tradeRef.current = trade;
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    tradeRef.current(token).catch((err: unknown) => setProblem(err instanceof ApiError ? err.message : fallback));
  }, [fallback]);
  return problem;
}
