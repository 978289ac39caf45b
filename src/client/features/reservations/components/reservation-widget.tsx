import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from '#client/lib/router';
import type { MerchantDetail } from '#shared/schemas/merchant';
import type { AvailabilitySlot } from '#shared/schemas/reservations';
import { hasMembers, takesTableReservations } from '#shared/rules/partner-features';
import { MAX_PARTY_SIZE, bookingWindowMessage, isInBookingWindow } from '#shared/rules/reservations';
import { clockTime } from '#shared/rules/clock-time';
import { usePartner } from '#client/lib/partner';
import { Spinner } from '#client/components/spinner';
import { useMember } from '../../session';
import { errorParts, useAvailability } from '../api';
import { useSearchImpressions } from '../hooks/use-search-impressions';
import {
  formatDate, initialSearch, largerPartyMessage, noAvailabilityMessage, provisionalWindow, reservationErrorMessage, restaurantToday,
  withoutReservationParams, type ReservationSearch,
} from '../rules';
import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import { SlotList } from './slot-list';
import { WidgetFields } from './widget-fields';
import styles from './reservations.module.css';

/**
 * The booking dialog's code (with its form and the sign-in prompt) comes once the widget has times
 * to offer, not with the restaurant page's first screen (issue 30: what the first screen does not
 * need is not parsed or run before it): fetched when the first times are shown, so it is there when
 * one is chosen.
 */
const loadModal = () => import('./reservation-modal');
const ReservationModal = lazyScreen(loadModal, 'ReservationModal');

/** Where the widget belongs: a partner with table reservations (§1) and members to book (§6), and a restaurant that takes them. */
export function offersReservationWidget(partner: Parameters<typeof takesTableReservations>[0] & Parameters<typeof hasMembers>[0], merchant: Pick<MerchantDetail, 'reservationProviders'>): boolean {
  return takesTableReservations(partner) && hasMembers(partner) && Boolean(merchant.reservationProviders.openTable);
}

/**
 * The reservation widget of the restaurant page (§2; §4 states, §9 defaults; issue 24): dates in
 * the restaurant's booking window from its own today, times only inside its shifts, each slot
 * marked with what a dine then earns, and the modal that books one.
 */
export function ReservationWidget({ merchant }: { merchant: MerchantDetail }) {
  const partner = usePartner();
  return offersReservationWidget(partner, merchant) ? <Widget merchant={merchant} /> : null;
}

function Widget({ merchant }: { merchant: MerchantDetail }) {
  const ids = useId();
  const id = (s: string) => `${ids}-${s}`;
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => restaurantToday(merchant.benefits.timeZone));
  const [start] = useState(() => initialSearch(params, today));
  const [search, setSearch] = useState<ReservationSearch>({ date: start.date, time: start.time, partySize: start.partySize });
  const [dateInput, setDateInput] = useState(start.date);
  const [party, setParty] = useState(start.partySize);
  const [selected, setSelected] = useState<AvailabilitySlot | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { member, isLoading: memberLoading } = useMember();
  const largerParty = party > MAX_PARTY_SIZE;
  const who = member ? `${member.publicId}:${member.tierLevel}` : null;
  const availability = useAvailability(merchant.id, search, { enabled: !largerParty && !memberLoading, who });
  // Shown: the last answer (kept while the next is asked); `current`: the answer to this very search.
  const shown = availability.data ?? null;
  const current = shown && !availability.isPlaceholderData ? shown : null;
  // The restaurant's own window once an answer brought it; until then its today to the longest window.
  const knownWindow = useRef(provisionalWindow(today));
  if (shown) knownWindow.current = shown.window;
  const window = knownWindow.current;
  const slotButton = useRef<HTMLButtonElement | null>(null);
  // Times on offer: the booking dialog's code is fetched now, so choosing one opens it at once.
  const hasTimes = (shown?.slots.length ?? 0) > 0;
  useEffect(() => {
    if (hasTimes) void loadModal().catch(() => undefined);
  }, [hasTimes]);

  useSearchImpressions({ merchantId: merchant.id, search, current, failedStatus: availability.isError ? errorParts(availability.error).status : null });

  // Back from signing in (§6): the slot the visitor chose opens again, and the address loses the widget's values.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !start.slot || memberLoading || !current) return;
    resumed.current = true;
    setParams(withoutReservationParams(params), { replace: true });
    if (!member) return;
    const slot = current.slots.find((s) => s.time === start.slot);
    if (slot) setSelected(slot);
    else setNotice(`${clockTime(start.slot)} is no longer available. Please choose another time.`);
  }, [current, member, memberLoading, params, setParams, start.slot]);

  const change = (next: Partial<ReservationSearch>) => {
    setNotice(null);
    setSearch((s) => ({ ...s, ...next }));
  };

  const dateError = dateInput !== search.date && !isInBookingWindow(dateInput, window) ? bookingWindowMessage(window) : null;

  let status: ReactNode;
  if (largerParty) {
    status = <p className={styles.notice}>{largerPartyMessage(merchant.phone)}</p>;
  } else if (availability.isError) {
    const { status: code, code: reasonCode, message } = errorParts(availability.error);
    const known = code === 400 || code === 404 || code === 424 || reasonCode;
    status = (
      <div className={styles.notice}>
        <p>{known ? reservationErrorMessage(code, reasonCode, message) : 'We couldn\u2019t load the available times.'}</p>
        {code !== 404 && code !== 400 && <button type="button" className={styles.linkButton} onClick={() => void availability.refetch()}>Try again</button>}
      </div>
    );
  } else if (!shown) {
    status = <Spinner label="Looking for tables" block />;
  } else if (shown.times.length === 0) {
    status = <p className={styles.notice} data-reason="closed">{`No reservations on ${formatDate(shown.date)}. Please choose another date.`}</p>;
  } else if (shown.reason) {
    status = <p className={styles.notice} data-reason={shown.reason}>{noAvailabilityMessage(shown.reason, shown)}</p>;
  } else {
    status = <p className="visually-hidden">{`${shown.slots.length} ${shown.slots.length === 1 ? 'time' : 'times'} available around ${clockTime(shown.time)}.`}</p>;
  }

  return (
    <section className={styles.widget} aria-labelledby={id('title')}>
      <h2 id={id('title')} className={styles.title}>Reserve a table</h2>
      <WidgetFields
        id={id}
        window={window}
        dateInput={dateInput}
        dateError={dateError}
        onDate={(value) => {
          setDateInput(value);
          if (isInBookingWindow(value, window)) change({ date: value });
        }}
        time={shown?.time ?? search.time}
        times={shown?.times ?? null}
        onTime={(value) => change({ time: value })}
        party={party}
        onParty={(n) => {
          setParty(n);
          if (n <= MAX_PARTY_SIZE) change({ partySize: n });
        }}
      />

      <div className={styles.results} aria-live="polite" aria-busy={availability.isFetching}>
        {notice && <p className={styles.notice}>{notice}</p>}
        {status}
        {!largerParty && !availability.isError && shown && shown.slots.length > 0 && (
          <SlotList
            labelId={id('slots')}
            date={shown.date}
            slots={shown.slots}
            times={shown.times}
            stale={availability.isFetching}
            onChoose={(slot, button) => {
              slotButton.current = button;
              setSelected(slot);
            }}
          />
        )}
        {!largerParty && availability.isFetching && shown && <Spinner label="Updating the times" />}
      </div>

      {selected && (
        <DeferredPart>
          <ReservationModal
            merchant={merchant}
            search={{ ...search, date: shown?.date ?? search.date, time: shown?.time ?? search.time }}
            slot={selected}
            onClose={() => setSelected(null)}
            returnFocusRef={slotButton}
          />
        </DeferredPart>
      )}
    </section>
  );
}
