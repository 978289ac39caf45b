import { useId, useRef, useState, type RefObject } from 'react';
import { Link } from '#client/lib/router';
import type { Reservation } from '#shared/schemas/reservations';
import { programName } from '#shared/rules/partner-features';
import { clockTime } from '#shared/rules/clock-time';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { Button, buttonClassName } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { Spinner } from '#client/components/spinner';
import { errorParts, useCancelReservation, useReservations } from '../api';
import { downloadReservationIcs } from '../calendar';
import { formatDate, partyLabel, reservationErrorMessage } from '../rules';
import styles from './reservations.module.css';

const STATUS_LABEL: Record<Reservation['status'], string> = { held: 'On hold', booked: 'Booked', cancelled: 'Cancelled', expired: 'Expired' };

/**
 * The member's reservations in the account centre: upcoming (soonest first) with cancel and the
 * calendar file, then past ones (most recent first), as the server orders them.
 */
export function ReservationsList({ enabled }: { enabled: boolean }) {
  const list = useReservations(enabled);
  const [announce, setAnnounce] = useState('');
  if (list.isPending) return <Spinner label="Loading your reservations" block />;
  if (list.isError) return <p role="alert">{`We couldn't load your reservations. ${list.error.message}`}</p>;
  const upcoming = list.data.reservations.filter((r) => r.section === 'upcoming');
  const past = list.data.reservations.filter((r) => r.section === 'past');
  return (
    <div className={styles.list}>
      <p className="visually-hidden" aria-live="polite">{announce}</p>
      <section aria-labelledby="reservations-upcoming">
        <h2 id="reservations-upcoming">Upcoming</h2>
        {upcoming.length === 0 ? (
          <p className={styles.empty}>
            You have no upcoming reservations. <Link to={paths.search({ reservations: true })}>Find a restaurant that takes reservations</Link>
          </p>
        ) : (
          <ul className={styles.cards}>
            {upcoming.map((r) => <ReservationCard key={r.id} reservation={r} onCancelled={(msg) => setAnnounce(msg)} />)}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="reservations-past">
          <h2 id="reservations-past">Past and cancelled</h2>
          <ul className={styles.cards}>
            {past.map((r) => <ReservationCard key={r.id} reservation={r} onCancelled={(msg) => setAnnounce(msg)} />)}
          </ul>
        </section>
      )}
    </div>
  );
}

function ReservationCard({ reservation: r, onCancelled }: { reservation: Reservation; onCancelled: (message: string) => void }) {
  const partner = usePartner();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const m = r.merchant;
  const when = `${formatDate(r.date)} at ${clockTime(r.time)}`;
  return (
    <li className={`${styles.card} ${r.section === 'past' ? styles.cardPast : ''}`} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h3 id={headingId}><Link to={paths.merchant(m.id)}>{m.name}</Link></h3>
        <span className={`${styles.badge} ${styles[`badge_${r.status}`] ?? ''}`}>{STATUS_LABEL[r.status]}</span>
      </div>
      <p className={styles.when}>{when}</p>
      <p>{partyLabel(r.partySize)}</p>
      <p className={styles.muted}>{`${m.address1}, ${m.city}, ${m.state} ${m.zipCode}`.trim()}</p>
      <p className={styles.muted}>{`Confirmation ${r.confirmationNumber}`}</p>
      {r.specialRequest && <p className={styles.muted}>{`Request: ${r.specialRequest}`}</p>}
      {r.cancellable && (
        <div className={styles.cardActions}>
          {r.status === 'booked' && (
            <button type="button" className={buttonClassName('secondary')} onClick={() => downloadReservationIcs(r, programName(partner))}>
              Add to calendar<span className="visually-hidden">{`: ${m.name}, ${when}`}</span>
            </button>
          )}
          <button ref={cancelRef} type="button" className={buttonClassName('link')} onClick={() => setAsking(true)} aria-haspopup="dialog">
            Cancel reservation<span className="visually-hidden">{` at ${m.name}, ${when}`}</span>
          </button>
        </div>
      )}
      {asking && <CancelDialog reservation={r} when={when} returnFocusRef={cancelRef} onClose={() => setAsking(false)} onCancelled={onCancelled} />}
    </li>
  );
}

function CancelDialog({ reservation: r, when, onClose, onCancelled, returnFocusRef }: {
  reservation: Reservation; when: string; onClose: () => void; onCancelled: (message: string) => void; returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const cancel = useCancelReservation();
  const keepRef = useRef<HTMLButtonElement>(null);
  const error = cancel.error ? errorParts(cancel.error) : null;
  return (
    <Modal
      open
      onClose={() => { if (!cancel.isPending) onClose(); }}
      title="Cancel this reservation?"
      initialFocusRef={keepRef}
      returnFocusRef={returnFocusRef}
      dismissOnBackdrop={!cancel.isPending}
      footer={(
        <>
          <Button
            loading={cancel.isPending}
            onClick={() => cancel.mutate(r.id, {
              onSuccess: () => {
                onCancelled(`Your reservation at ${r.merchant.name} on ${when} is cancelled.`);
                onClose();
              },
            })}
          >
            Cancel reservation
          </Button>
          <button ref={keepRef} type="button" className={buttonClassName('secondary')} onClick={onClose} disabled={cancel.isPending}>Keep it</button>
        </>
      )}
    >
      <p>{`${r.merchant.name}, ${when}, ${partyLabel(r.partySize)}. The table will be given to other guests.`}</p>
      {error && <p className={styles.error} role="alert">{reservationErrorMessage(error.status, error.code, error.message)}</p>}
    </Modal>
  );
}
