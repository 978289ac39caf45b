import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Parts of a page drawn after its first screen (the home page's carousels, the footer, the
 * deferred chrome) take turns: one at a time, each once the main thread is idle, the next only
 * after the one before has been drawn (or has had its time). Drawn all at once, their renders,
 * commits and the style and layout that follow made long tasks of the main chunk that kept input
 * waiting (issue 30, bench/RESULTS.md); one by one, each is a short task of its own and the
 * browser handles input in between.
 */

/** Longest a part holds the turn (its code still loading, or lost to the connection): the next goes on. */
export const IDLE_TURN_MAX_MS = 1500;
/** Longest an idle period is waited for on a busy main thread before the turn is given anyway. */
const IDLE_TIMEOUT_MS = 300;

type Waiter = { grant: () => void };

const queue: Waiter[] = [];
let holder: Waiter | null = null;
let holderTimer: ReturnType<typeof setTimeout> | undefined;
let scheduled = false;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  // jsdom (unit tests) and Safari have no idle callbacks: the next task.
  else setTimeout(run, 0);
}

function next(): void {
  if (holder || scheduled || queue.length === 0) return;
  scheduled = true;
  whenIdle(() => {
    scheduled = false;
    if (holder) return;
    const waiter = queue.shift();
    if (!waiter) return;
    holder = waiter;
    holderTimer = setTimeout(() => release(waiter), IDLE_TURN_MAX_MS);
    waiter.grant();
  });
}

function release(waiter: Waiter): void {
  const i = queue.indexOf(waiter);
  if (i >= 0) queue.splice(i, 1);
  if (holder === waiter) {
    holder = null;
    clearTimeout(holderTimer);
  }
  next();
}

/**
 * Whether this part's turn has come (false on the first render), and `done`, to call once the
 * part has been drawn (TurnTaken, rendered beside it, does so when it commits): the next part's
 * turn then comes in the next idle period. A part that goes away gives its turn up; one that
 * never calls `done` has it taken back after IDLE_TURN_MAX_MS. The turn is given in a
 * transition, so React renders the part in slices. `first`: a part of the screen itself (the search
 * page's map on a desktop) goes before the parts already waiting (the footer, the chrome).
 */
export function useIdleTurn({ first = false }: { first?: boolean } = {}): [turn: boolean, done: () => void] {
  const [turn, setTurn] = useState(false);
  const waiter = useRef<Waiter | null>(null);
  const firstRef = useRef(first);
  useEffect(() => {
    const w: Waiter = { grant: () => startTransition(() => setTurn(true)) };
    waiter.current = w;
    if (firstRef.current) queue.unshift(w);
    else queue.push(w);
    next();
    return () => {
      waiter.current = null;
      release(w);
    };
  }, []);
  const done = useCallback(() => {
    if (waiter.current) release(waiter.current);
  }, []);
  return [turn, done];
}

/** Rendered beside a part, in its Suspense boundary: tells the turns the part has been drawn (committed with it). */
export function TurnTaken({ onTaken }: { onTaken: () => void }): null {
  useEffect(() => onTaken(), [onTaken]);
  return null;
}
