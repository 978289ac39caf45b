import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { MerchantDetail } from '#shared/schemas/merchant';
import type { AvailabilitySlot, Reservation } from '#shared/schemas/reservations';
import { MAX_SPECIAL_REQUEST } from '#shared/rules/reservations';
import { clockTime } from '#shared/rules/clock-time';
import { programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { track } from '#client/lib/impressions';
import { usePartner } from '#client/lib/partner';
import { Button, buttonClassName } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { Spinner } from '#client/components/spinner';
import { SignInPrompt, useMember } from '../../session';
import {
  RESERVATIONS_QUERY_KEY, confirmReservation, cancelReservation, errorParts, newAttempt, takeReservation, type BookingAttempt,
} from '../api';
import { downloadReservationIcs } from '../calendar';
import {
  formatDate, partyLabel, reservationErrorMessage, reservationImpression, returnPath, type ReservationAction, type ReservationSearch,
} from '../rules';
import { EarnNotice } from './earn-mark';
import styles from './reservations.module.css';

export type ReservationModalProps = {
  merchant: MerchantDetail;
  search: ReservationSearch;
  slot: AvailabilitySlot;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * The reservation modal (§2 availability and modal, §4 booking in progress, §6 completion requires
 * sign-in): a visitor is asked to sign in and comes back to this slot; a member's table is held
 * while they look, booked on 'Reserve', and confirmed with the details and a calendar file.
 */
export function ReservationModal(props: ReservationModalProps) {
  const { member, isLoading } = useMember();
  if (isLoading) return null;
  return member ? <BookSlot {...props} cardMember={member.memberType === 'EnrolledCardMember'} /> : <SignInToReserve {...props} />;
}

function Summary({ merchant, date, time, partySize }: { merchant: MerchantDetail; date: string; time: string; partySize: number }) {
  const a = merchant.location.address;
  return (
    <dl className={styles.summary}>
      <div><dt>Restaurant</dt><dd>{merchant.name}</dd></div>
      <div><dt>Address</dt><dd>{`${a.address1}, ${a.city}, ${a.state} ${a.zipCode}`.trim()}</dd></div>
      <div><dt>Date</dt><dd>{formatDate(date)}</dd></div>
      <div><dt>Time</dt><dd>{clockTime(time)}</dd></div>
      <div><dt>Party</dt><dd>{partyLabel(partySize)}</dd></div>
    </dl>
  );
}

/** §6: the visitor's question; the page, the date, the time, the party and the slot are remembered. */
function SignInToReserve({ merchant, search, slot, onClose, returnFocusRef }: ReservationModalProps) {
  const partner = usePartner();
  const back = returnPath(paths.merchant(merchant.id), search, slot.time);
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track({ eventType: reservationImpression('LoginPrompt', false), merchantId: merchant.id, path: paths.merchant(merchant.id) });
  }, [merchant.id]);
  return (
    <SignInPrompt title="Sign in to reserve" back={() => back} onClose={onClose} returnFocusRef={returnFocusRef}>
      <p>{`Sign in to ${programName(partner)} to complete your reservation. You'll come back here with this time chosen.`}</p>
      <Summary merchant={merchant} date={search.date} time={slot.time} partySize={search.partySize} />
      {slot.earn.kind === 'notEarned' && <EarnNotice mark={slot.earn} />}
    </SignInPrompt>
  );
}

type Phase =
  | { kind: 'holding' }
  /** `endsAt`: when the hold ends by this browser's clock (see holdDeadline). */
  | { kind: 'held'; reservation: Reservation; endsAt: number | null }
  | { kind: 'confirming'; reservation: Reservation }
  | { kind: 'booked'; reservation: Reservation }
  | { kind: 'failed'; message: string; retry: 'hold' | 'confirm' | null; reservation?: Reservation };

function BookSlot({ merchant, search, slot, onClose, returnFocusRef, cardMember }: ReservationModalProps & { cardMember: boolean }) {
  const partner = usePartner();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'holding' });
  const [request, setRequest] = useState('');
  const attempt = useRef<BookingAttempt | null>(null);
  const started = useRef(false);
  const reserveRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const focusRetry = useRef(false);
  const doneRef = useRef<HTMLButtonElement>(null);
  const where = paths.merchant(merchant.id);
  const impression = (action: ReservationAction) => track({ eventType: reservationImpression(action, cardMember), merchantId: merchant.id, path: where });

  const fail = (error: unknown, step: 'hold' | 'confirm', reservation?: Reservation) => {
    const { status, code, message } = errorParts(error);
    impression('BookingFailure');
    if (status === 424) track({ eventType: 'reservationFailedDependency', merchantId: merchant.id, path: where });
    // The slot is gone or the hold ran out: the times shown are stale.
    void client.invalidateQueries({ queryKey: ['availability', merchant.id] });
    // A network failure or an answering-later provider may be retried with the same attempt (same key: books once).
    const retry = status === 0 || status === 424 || status >= 500 ? step : null;
    setPhase({ kind: 'failed', message: reservationErrorMessage(status, code, message), retry, reservation });
  };

  const hold = () => {
    attempt.current ??= newAttempt({ merchantId: merchant.id, date: search.date, time: slot.time, partySize: search.partySize, hold: true });
    setPhase({ kind: 'holding' });
    takeReservation(attempt.current).then((reservation) => {
      if (reservation.status === 'booked') {
        setPhase({ kind: 'booked', reservation });
        void client.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
      } else if (reservation.status === 'held') {
        setPhase({ kind: 'held', reservation, endsAt: holdDeadline(reservation, Date.now()) });
      } else {
        fail(null, 'hold');
      }
    }, (error: unknown) => fail(error, 'hold'));
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    impression('SlotSelected');
    hold();
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A double click confirms once (the server would answer the second with the same booking anyway).
  const confirming = useRef(false);
  const confirm = (reservation: Reservation) => {
    if (confirming.current) return;
    confirming.current = true;
    impression('UserSubmit');
    setPhase({ kind: 'confirming', reservation });
    // Left empty, the request given with the hold (none from this modal) stays.
    confirmReservation(reservation.id, request.trim() || undefined).then((booked) => {
      impression('BookingSuccess');
      setPhase({ kind: 'booked', reservation: booked });
      void client.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['availability', merchant.id] });
    }, (error: unknown) => fail(error, 'confirm', reservation)).finally(() => { confirming.current = false; });
  };

  // Focus the next thing to do once it appears.
  useEffect(() => {
    if (phase.kind === 'held') reserveRef.current?.focus();
    if (phase.kind === 'booked') doneRef.current?.focus();
    // The hold ran out (perhaps while the member was typing the request, now gone): on to Try again.
    if (phase.kind === 'failed' && focusRetry.current) {
      focusRetry.current = false;
      retryRef.current?.focus();
    }
  }, [phase.kind]);

  const close = () => {
    // Leaving without booking gives the table back at once (a hold would free it by itself in a few minutes).
    const held = phase.kind === 'held' || (phase.kind === 'failed' && phase.reservation?.status === 'held') ? (phase as { reservation?: Reservation }).reservation : undefined;
    if (held) {
      cancelReservation(held.id).catch(() => undefined).finally(() => void client.invalidateQueries({ queryKey: ['availability', merchant.id] }));
    }
    onClose();
  };

  // The hold ran out before Reserve: the table is free again for others; holding again is a new attempt.
  // It is also released (harmless when the server let it go already): a browser clock ahead of
  // the server's must not leave a live hold behind that the new one would overlap.
  const holdEnded = () => {
    if (phase.kind === 'held') cancelReservation(phase.reservation.id).catch(() => undefined);
    attempt.current = null;
    focusRetry.current = true;
    void client.invalidateQueries({ queryKey: ['availability', merchant.id] });
    setPhase({ kind: 'failed', message: HOLD_ENDED_MESSAGE, retry: 'hold' });
  };

  const booked = phase.kind === 'booked' ? phase.reservation : null;
  // What the booked time earns: the server's word with the hold or booking (issue 24), else the slot's mark.
  const earn = ('reservation' in phase ? phase.reservation?.earn : undefined) ?? slot.earn;
  const busy = phase.kind === 'holding' || phase.kind === 'confirming';

  return (
    <Modal
      open
      onClose={close}
      title={booked ? 'You\u2019re booked' : `Reserve at ${merchant.name}`}
      returnFocusRef={returnFocusRef}
      dismissOnBackdrop={!busy}
      footer={booked ? (
        <BookedActions booked={booked} programName={programName(partner)} doneRef={doneRef} onDone={close} />
      ) : (
        <BookingActions phase={phase} busy={busy} reserveRef={reserveRef} retryRef={retryRef} onRetry={() => (phase.kind === 'failed' && phase.retry === 'confirm' && phase.reservation ? confirm(phase.reservation) : hold())} onReserve={() => { if (phase.kind === 'held') confirm(phase.reservation); }} onClose={close} />
      )}
    >
      <div className={styles.modalBody} aria-busy={busy}>
        {booked ? (
          <BookedBody merchant={merchant} booked={booked} earn={earn} />
        ) : (
          <>
            <Summary merchant={merchant} date={search.date} time={slot.time} partySize={search.partySize} />
            <EarnNotice mark={earn} />
            <HoldStatus phase={phase} />
            {phase.kind === 'held' && phase.endsAt !== null && (
              <HoldCountdown key={phase.reservation.id} endsAt={phase.endsAt} onEnded={holdEnded} />
            )}
            {(phase.kind === 'held' || phase.kind === 'confirming') && (
              <SpecialRequest value={request} onChange={setRequest} disabled={phase.kind === 'confirming'} />
            )}
            {phase.kind === 'failed' && <p className={styles.error} role="alert">{phase.message}</p>}
          </>
        )}
      </div>
    </Modal>
  );
}

export const HOLD_ENDED_MESSAGE = 'Your hold on this table has ended, so it may go to someone else. Try again to hold it, or choose another time.';
const LAST_MINUTE_MESSAGE = 'One minute left to reserve this table.';

/**
 * When a hold ends by this browser's clock: its length by the server's own clock (holdExpiresAt −
 * createdAt, both the server's) from the moment the answer arrived, so a browser clock that is off
 * does not end a hold early or late; null without a usable expiry.
 */
export function holdDeadline(r: Pick<Reservation, 'holdExpiresAt' | 'createdAt'>, receivedAt: number): number | null {
  const expires = r.holdExpiresAt ? Date.parse(r.holdExpiresAt) : Number.NaN;
  if (!Number.isFinite(expires)) return null;
  const created = Date.parse(r.createdAt);
  const length = Number.isFinite(created) ? expires - created : expires - receivedAt;
  return receivedAt + Math.max(0, length);
}

/**
 * The hold's time left, ticking each second. It is a timer (role="timer": read when asked, not at
 * every tick); one minute before the end that is said once, politely; at the end, `onEnded`.
 */
function HoldCountdown({ endsAt: end, onEnded }: { endsAt: number; onEnded: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((end - now) / 1000));
  useEffect(() => {
    if (secondsLeft === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, end - Date.now()));
    return () => clearTimeout(timer);
  }, [end, now, secondsLeft]);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    if (secondsLeft === 0) ended.current();
  }, [secondsLeft]);
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  return (
    <>
      <p className={styles.muted}>
        Time left to reserve: <span role="timer" aria-atomic="true" className={styles.countdown}>{`${minutes}:${seconds}`}</span>
      </p>
      <p className="visually-hidden" aria-live="polite">{secondsLeft > 0 && secondsLeft <= 60 ? LAST_MINUTE_MESSAGE : ''}</p>
    </>
  );
}

function BookedSummary({ reservation: r }: { reservation: Reservation }) {
  const m = r.merchant;
  return (
    <dl className={styles.summary}>
      <div><dt>Restaurant</dt><dd>{m.name}</dd></div>
      <div><dt>Address</dt><dd>{`${m.address1}, ${m.city}, ${m.state} ${m.zipCode}`.trim()}</dd></div>
      <div><dt>Date</dt><dd>{formatDate(r.date)}</dd></div>
      <div><dt>Time</dt><dd>{clockTime(r.time)}</dd></div>
      <div><dt>Party</dt><dd>{partyLabel(r.partySize)}</dd></div>
      {r.specialRequest && <div><dt>Request</dt><dd>{r.specialRequest}</dd></div>}
      {m.phone && <div><dt>Phone</dt><dd>{m.phone}</dd></div>}
    </dl>
  );
}

/** The booked modal's actions: Add to calendar, My reservations, Done. */
function BookedActions({ booked, programName: program, doneRef, onDone }: { booked: Reservation; programName: string; doneRef: RefObject<HTMLButtonElement | null>; onDone: () => void }) {
  return (
    <>
      <button type="button" className={buttonClassName('primary')} onClick={() => downloadReservationIcs(booked, program)}>
        Add to calendar
      </button>
      <Link to={paths.account.reservations()} className={buttonClassName('secondary')}>My reservations</Link>
      <button ref={doneRef} type="button" className={buttonClassName('link')} onClick={onDone}>Done</button>
    </>
  );
}

/** The booked table: its confirmation number, what it is and what it earns. */
function BookedBody({ merchant, booked, earn }: { merchant: MerchantDetail; booked: Reservation; earn: AvailabilitySlot['earn'] }) {
  return (
    <>
      <p className={styles.success} role="status">{`Your table at ${merchant.name} is reserved.`}</p>
      <p>
        Confirmation number <strong className={styles.confirmation}>{booked.confirmationNumber}</strong>
      </p>
      <BookedSummary reservation={booked} />
      <EarnNotice mark={earn} />
      <p className={styles.muted}>We&apos;ve added it to your reservations in the account centre, where you can cancel it.</p>
    </>
  );
}

/** The optional special request for the restaurant, with its character count. */
function SpecialRequest({ value: request, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <div className={styles.requestField}>
      <label htmlFor="reservation-request" className={styles.requestLabel}>
        Special requests <span className={styles.muted}>(optional)</span>
      </label>
      <textarea
        id="reservation-request"
        className={styles.request}
        rows={2}
        maxLength={MAX_SPECIAL_REQUEST}
        value={request}
        disabled={disabled}
        aria-describedby="reservation-request-hint"
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="reservation-request-hint" className={styles.muted}>
        {`For the restaurant: an occasion, a high chair, where you'd like to sit. ${request.length} of ${MAX_SPECIAL_REQUEST} characters.`}
      </p>
    </div>
  );
}

/** What is happening to the table, read out as it changes: holding, held (for how long), booking. */
function HoldStatus({ phase }: { phase: Phase }) {
  const holdMinutes = phase.kind === 'held' && phase.endsAt !== null
    ? Math.max(1, Math.round((phase.endsAt - Date.now()) / 60_000)) : null;
  return (
    <div className={styles.live} aria-live="polite">
      {phase.kind === 'holding' && <Spinner label="Holding your table" block />}
      {phase.kind === 'confirming' && <Spinner label="Booking in progress" block />}
      {phase.kind === 'held' && (
        <p className={styles.hold}>{`We're holding this table for you${holdMinutes ? ` for ${holdMinutes} ${holdMinutes === 1 ? 'minute' : 'minutes'}` : ''}. Select Reserve to book it.`}</p>
      )}
    </div>
  );
}

/** The actions while booking: Reserve (or Try again after a failure) and Cancel (or Choose another time). */
function BookingActions({ phase, busy, reserveRef, retryRef, onRetry, onReserve, onClose }: {
  phase: Phase;
  busy: boolean;
  reserveRef: RefObject<HTMLButtonElement | null>;
  retryRef: RefObject<HTMLButtonElement | null>;
  onRetry: () => void;
  onReserve: () => void;
  onClose: () => void;
}) {
  return (
    <>
      {phase.kind === 'failed' && phase.retry ? (
        <Button ref={retryRef} onClick={onRetry}>Try again</Button>
      ) : (
        <Button
          ref={reserveRef}
          loading={busy}
          disabled={phase.kind === 'failed'}
          onClick={onReserve}
        >
          {phase.kind === 'confirming' ? 'Booking\u2026' : 'Reserve'}
        </Button>
      )}
      <button type="button" className={buttonClassName('link')} onClick={onClose}>
        {phase.kind === 'failed' ? 'Choose another time' : 'Cancel'}
      </button>
    </>
  );
}
