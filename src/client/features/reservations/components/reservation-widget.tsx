import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { MerchantDetail } from '#shared/schemas/merchant';
import type { AvailabilitySlot } from '#shared/schemas/reservations';
import { hasMembers, takesTableReservations } from '#shared/rules/partner-features';
import { MAX_PARTY_SIZE, isInReservationDateRange, reservationDateRange } from '#shared/rules/reservations';
import { paths } from '#shared/routes';
import { track } from '#client/lib/impressions';
import { usePartner } from '#client/lib/partner';
import { Spinner } from '#client/components/spinner';
import { useMember } from '../../session';
import { errorParts, useAvailability } from '../api';
import {
  LARGER_PARTY, TIME_CHOICES, formatDate, formatTime, initialSearch, largerPartyMessage, localToday, noAvailabilityMessage,
  reservationErrorMessage, searchImpression, withoutReservationParams, type ReservationSearch,
} from '../rules';
import { ReservationModal } from './reservation-modal';
import styles from './reservations.module.css';

/** Where the widget belongs: a partner with table reservations (§1) and members to book (§6), and a restaurant that takes them. */
export function offersReservationWidget(partner: Parameters<typeof takesTableReservations>[0] & Parameters<typeof hasMembers>[0], merchant: Pick<MerchantDetail, 'reservationProviders'>): boolean {
  return takesTableReservations(partner) && hasMembers(partner) && Boolean(merchant.reservationProviders.openTable);
}

/**
 * The reservation widget of the restaurant page (§2; §4 states, §5 dates, §9 defaults): date,
 * time and party size, the times available around it, and the modal that books one.
 */
export function ReservationWidget({ merchant }: { merchant: MerchantDetail }) {
  const partner = usePartner();
  return offersReservationWidget(partner, merchant) ? <Widget merchant={merchant} /> : null;
}

function Widget({ merchant }: { merchant: MerchantDetail }) {
  const ids = useId();
  const id = (s: string) => `${ids}-${s}`;
  const [params, setParams] = useSearchParams();
  const [today] = useState(localToday);
  const range = reservationDateRange(today);
  const [start] = useState(() => initialSearch(params, today));
  const [search, setSearch] = useState<ReservationSearch>({ date: start.date, time: start.time, partySize: start.partySize });
  const [dateInput, setDateInput] = useState(start.date);
  const [party, setParty] = useState(start.partySize);
  const [selected, setSelected] = useState<AvailabilitySlot | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { member, isLoading: memberLoading } = useMember();
  const largerParty = party > MAX_PARTY_SIZE;
  const availability = useAvailability(merchant.id, search, !largerParty);
  const answer = availability.data;
  const current = answer && answer.date === search.date && answer.time === search.time && answer.partySize === search.partySize ? answer : null;
  const slotButton = useRef<HTMLButtonElement | null>(null);

  // §7 impressions: each answered search once (the first with 19:00 and 2 is the default search), no availability, a provider down.
  const tracked = useRef<{ first: boolean; keys: Set<string> }>({ first: true, keys: new Set() });
  useEffect(() => {
    const where = paths.merchant(merchant.id);
    if (current) {
      const key = `${current.date} ${current.time} ${current.partySize}`;
      if (tracked.current.keys.has(key)) return;
      tracked.current.keys.add(key);
      track({ eventType: searchImpression(tracked.current.first, search), merchantId: merchant.id, path: where });
      tracked.current.first = false;
      if (current.reason) track({ eventType: 'reservationNoAvailability', merchantId: merchant.id, path: where });
    } else if (availability.isError && errorParts(availability.error).status === 424) {
      track({ eventType: 'reservationFailedDependency', merchantId: merchant.id, path: where });
    }
  }, [current, availability.isError, availability.error, merchant.id, search]);

  // Back from signing in (§6): the slot the visitor chose opens again, and the address loses the widget's values.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !start.slot || memberLoading || !current) return;
    resumed.current = true;
    setParams(withoutReservationParams(params), { replace: true, preventScrollReset: true });
    if (!member) return;
    const slot = current.slots.find((s) => s.time === start.slot);
    if (slot) setSelected(slot);
    else setNotice(`${formatTime(start.slot)} is no longer available. Please choose another time.`);
  }, [current, member, memberLoading, params, setParams, start.slot]);

  const change = (next: Partial<ReservationSearch>) => {
    setNotice(null);
    setSearch((s) => ({ ...s, ...next }));
  };

  const dateError = dateInput !== search.date && !isInReservationDateRange(dateInput, today)
    ? `Choose a date from ${formatDate(range.min, 'short')} to ${formatDate(range.max, 'short')}.` : null;

  let status: ReactNode;
  if (largerParty) {
    status = <p className={styles.notice}>{largerPartyMessage(merchant.phone)}</p>;
  } else if (availability.isError && !current) {
    const { status: code, code: reasonCode, message } = errorParts(availability.error);
    status = (
      <div className={styles.notice}>
        <p>{code === 404 || code === 424 || reasonCode ? reservationErrorMessage(code, reasonCode, message) : 'We couldn\u2019t load the available times.'}</p>
        {code !== 404 && <button type="button" className={styles.linkButton} onClick={() => void availability.refetch()}>Try again</button>}
      </div>
    );
  } else if (!current) {
    status = <Spinner label="Looking for tables" block />;
  } else if (current.reason) {
    status = <p className={styles.notice} data-reason={current.reason}>{noAvailabilityMessage(current.reason, current)}</p>;
  } else {
    status = <p className="visually-hidden">{`${current.slots.length} ${current.slots.length === 1 ? 'time' : 'times'} available around ${formatTime(search.time)}.`}</p>;
  }

  return (
    <section className={styles.widget} aria-labelledby={id('title')}>
      <h2 id={id('title')} className={styles.title}>Reserve a table</h2>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={id('date')}>Date</label>
          <input
            id={id('date')}
            type="date"
            value={dateInput}
            min={range.min}
            max={range.max}
            required
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? id('date-error') : undefined}
            onChange={(e) => {
              setDateInput(e.target.value);
              if (isInReservationDateRange(e.target.value, today)) change({ date: e.target.value });
            }}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={id('time')}>Time</label>
          <select id={id('time')} value={search.time} onChange={(e) => change({ time: e.target.value })}>
            {(TIME_CHOICES.includes(search.time) ? TIME_CHOICES : [...TIME_CHOICES, search.time].sort()).map((t) => (
              <option key={t} value={t}>{formatTime(t)}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={id('party')}>Party size</label>
          <select
            id={id('party')}
            value={party}
            onChange={(e) => {
              const n = Number(e.target.value);
              setParty(n);
              if (n <= MAX_PARTY_SIZE) change({ partySize: n });
            }}
          >
            {Array.from({ length: MAX_PARTY_SIZE }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>{`${n} ${n === 1 ? 'person' : 'people'}`}</option>
            ))}
            <option value={LARGER_PARTY}>{`More than ${MAX_PARTY_SIZE}`}</option>
          </select>
        </div>
      </div>
      {dateError && <p id={id('date-error')} className={styles.fieldError}>{dateError}</p>}

      <div className={styles.results} aria-live="polite" aria-busy={availability.isFetching}>
        {notice && <p className={styles.notice}>{notice}</p>}
        {status}
        {!largerParty && current && current.slots.length > 0 && (
          <>
            <p className={styles.resultsHead} id={id('slots')}>{`Available on ${formatDate(search.date, 'short')}`}</p>
            <ul className={`${styles.slots} ${availability.isFetching ? styles.stale : ''}`} aria-labelledby={id('slots')}>
              {current.slots.map((slot) => (
                <li key={slot.time}>
                  <button
                    type="button"
                    className={styles.slot}
                    aria-haspopup="dialog"
                    onClick={(e) => {
                      slotButton.current = e.currentTarget;
                      setSelected(slot);
                    }}
                  >
                    <span className="visually-hidden">Reserve </span>
                    {formatTime(slot.time)}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {!largerParty && availability.isFetching && current && <Spinner label="Updating the times" />}
      </div>

      {selected && (
        <ReservationModal
          merchant={merchant}
          search={search}
          slot={selected}
          onClose={() => setSelected(null)}
          returnFocusRef={slotButton}
        />
      )}
    </section>
  );
}
