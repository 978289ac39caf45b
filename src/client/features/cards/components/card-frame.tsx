import { useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { CARD_FRAME_TIMEOUT_MS } from '#shared/constants/card';
import { usePartner } from '#client/lib/partner';
import { track } from '#client/lib/impressions';
import { FieldError } from '#client/components/field-error';
import { cardFrameSrc, parseCardFrameMessage, reservedFrameHeight, type ManualCard } from '../card-frame-messages';
import styles from './card-frame.module.css';

export const CARD_FRAME_TITLE = 'Secure card number entry';
/** §5 / §8: the frame did not say it was ready within 20 s. */
export const CARD_FRAME_NOT_LOADED = 'The required iframe has not loaded.';

const INITIAL_HEIGHT = 124;
const MIN_HEIGHT = 60;
const MAX_HEIGHT = 480;

export type CardFrameHandle = { focus: () => void };

type CardFrameProps = {
  /**
   * The encrypted card from the frame, or null when the number in it is not (or no longer) usable,
   * with the frame's reason (which the frame shows and announces itself).
   */
  onCard: (card: ManualCard | null, problem?: string) => void;
  /**
   * A valid number is being encrypted (the frame may still be fetching its key): onCard follows,
   * with the card or with the reason it could not be had. Any card given before no longer stands.
   */
  onPending?: () => void;
  /** The form's own message about the card (e.g. required on submit). */
  error?: string | null;
  /** Marks the field as needing attention without a message of the form's own (the frame shows it). */
  invalid?: boolean;
  /** Other cards can be chosen, so the number is not required. */
  optional?: boolean;
  ref?: Ref<CardFrameHandle>;
};

/**
 * The secure card-entry frame (docs/api-cards.md): a sandboxed iframe on its own origin. Messages
 * count only when they come from this iframe's window, from the frame origin, and have the
 * expected shape; everything else is ignored. If the frame has not said 'ready' within 20 s the
 * configured message shows and the failure is recorded.
 */
export function CardFrame({ onCard, onPending, error, invalid = false, optional = false, ref }: CardFrameProps) {
  const partner = usePartner();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const errorId = useId();
  const onCardRef = useRef(onCard);
  const onPendingRef = useRef(onPending);
  useEffect(() => {
    onCardRef.current = onCard;
    onPendingRef.current = onPending;
  });
  const origin = partner.cardFrameOrigin;
  const reported = useRef(false);
  // Until the frame reports its height, reserve what it will need at this width (the hint wraps on
  // a phone), so it is not clipped while it loads.
  useLayoutEffect(() => {
    const width = frameRef.current?.getBoundingClientRect().width ?? 0;
    if (!reported.current && width > 0) setHeight(reservedFrameHeight(width, partner.cardTypesAccepted));
  }, [partner.cardTypesAccepted]);
  const src = useMemo(() => cardFrameSrc(partner, window.location.origin, { optional }), [partner, optional]);

  useImperativeHandle(ref, () => ({
    // Focus goes to the iframe; the frame moves it on to its field.
    focus: () => frameRef.current?.focus(),
  }), []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow || event.origin !== origin) return;
      const message = parseCardFrameMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case 'card-frame:ready':
          setReady(true);
          setTimedOut(false);
          // A frame that (re)loads holds no card from before: a card or a pending one no longer stands.
          // A number typed before its script ran is on its way, or there is none.
          if (message.numberFollows) onPendingRef.current?.();
          else onCardRef.current(null);
          break;
        case 'card-frame:pending':
          onPendingRef.current?.();
          break;
        case 'card-frame:card':
          onCardRef.current(message);
          break;
        case 'card-frame:invalid':
          onCardRef.current(null, message.message);
          break;
        case 'card-frame:height':
          reported.current = true;
          setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(message.height))));
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
      // No number can come from a frame that never ran: a submit stops waiting for one.
      onCardRef.current(null);
      track({ eventType: 'cardFrameLoadFailed', path: window.location.pathname });
    }, CARD_FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  return (
    <div className={`${styles.wrap} ${(error || invalid) && !timedOut ? styles.invalid : ''}`}>
      <iframe
        ref={frameRef}
        src={src}
        title={CARD_FRAME_TITLE}
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        className={styles.frame}
        style={{ height }}
        aria-describedby={error || timedOut ? errorId : undefined}
      />
      {timedOut && (
        <p role="alert" id={errorId} className={styles.loadFailed}>
          {CARD_FRAME_NOT_LOADED}
        </p>
      )}
      {!timedOut && error && (
        <div role="alert">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}
