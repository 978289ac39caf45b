import { useEffect, useRef, useState } from 'react';
import type { ManualCard } from '../card-frame-messages';

/** How long a submit waits for a number the frame is still encrypting (as long as the frame may take to load). */
export const FRAME_CARD_WAIT_MS = 20_000;

type Waiter = { arrived: Promise<void>; arrive: () => void };

function makeWaiter(): Waiter {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  return { arrived, arrive };
}

/**
 * The card typed in the secure frame, as the frame reports it (docs/api-cards.md): a card, nothing,
 * or one on its way ('pending': a valid number is being encrypted, its key may still be coming
 * over the network; or the frame has not said 'ready' yet, and a number typed before its script
 * ran may follow). `settled(onWait)` is what a submit uses: the card once the frame has given it
 * (or null), 'timeout' when it did not come within FRAME_CARD_WAIT_MS, or 'gone' when the form
 * left the page meanwhile; `onWait` runs first when there is something to wait for.
 */
export function useTypedCard() {
  const [card, setCard] = useState<ManualCard | null>(null);
  // Until the frame says 'ready' nobody knows whether a number is in it: a submit waits for the word.
  const [pending, setPending] = useState(true);
  // The same, for a submit that waited: it reads them here, not in the render it started from.
  const latest = useRef<ManualCard | null>(null);
  const [loading] = useState(makeWaiter);
  const onItsWay = useRef<Waiter | null>(loading);
  const mounted = useRef(true);

  /** The frame's word: a card, or null; a card on its way is settled with it. */
  const set = (next: ManualCard | null) => {
    latest.current = next;
    setCard(next);
    setPending(false);
    onItsWay.current?.arrive();
    onItsWay.current = null;
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      onItsWay.current?.arrive();
    };
  }, []);

  /** The frame is encrypting a valid number: a card it gave before no longer stands. */
  const startPending = () => {
    latest.current = null;
    setCard(null);
    setPending(true);
    onItsWay.current ??= makeWaiter();
  };

  /** A fresh frame takes the old one's place: nothing typed yet, and its 'ready' awaited again. */
  const reset = () => {
    set(null);
    setPending(true);
    onItsWay.current = makeWaiter();
  };

  const settled = async (onWait: () => void): Promise<ManualCard | null | 'timeout' | 'gone'> => {
    const waiting = onItsWay.current;
    if (waiting) {
      onWait();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arrived = await Promise.race([
        waiting.arrived.then(() => true),
        new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), FRAME_CARD_WAIT_MS); }),
      ]);
      clearTimeout(timer);
      if (!arrived) return 'timeout';
    }
    return mounted.current ? latest.current : 'gone';
  };

  return { card, pending, set, startPending, reset, settled };
}
