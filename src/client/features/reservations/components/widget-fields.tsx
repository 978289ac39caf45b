import type { TimeChoice } from '#shared/schemas/reservations';
import { MAX_PARTY_SIZE, type BookingWindow } from '#shared/rules/reservations';
import { clockTime } from '#shared/rules/clock-time';
import { LARGER_PARTY, timeChoiceLabel } from '../rules';
import styles from './reservations.module.css';

type Props = {
  id: (part: string) => string;
  window: BookingWindow;
  dateInput: string;
  dateError: string | null;
  onDate: (value: string) => void;
  /** The time the slots are around, and the day's times (only inside the restaurant's shifts). */
  time: string | null;
  times: readonly TimeChoice[] | null;
  onTime: (value: string) => void;
  party: number;
  onParty: (value: number) => void;
};

/**
 * The widget's date, time and party (§2, §9; issue 24): dates in the restaurant's booking window
 * from its own today, times only inside its shifts that day (marked where the day's times differ
 * in what they earn), parties 1–18 and "more than 18".
 */
export function WidgetFields(p: Props) {
  const { id } = p;
  const times = p.times ?? [];
  const mixed = times.some((c) => c.earn.kind === 'notEarned') && times.some((c) => c.earn.kind !== 'notEarned');
  // A time asked for that is not a menu choice (a quarter hour, or one from the address) stays shown, in its place.
  const extra = p.time && !times.some((c) => c.time === p.time) ? p.time : null;
  const options = [...times.map((c) => ({ time: c.time, label: timeChoiceLabel(c, mixed) })), ...(extra ? [{ time: extra, label: clockTime(extra) }] : [])]
    .sort((a, b) => a.time.localeCompare(b.time));
  return (
    <>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={id('date')}>Date</label>
          <input
            id={id('date')}
            type="date"
            value={p.dateInput}
            min={p.window.first}
            max={p.window.last}
            required
            aria-invalid={p.dateError ? true : undefined}
            aria-describedby={p.dateError ? id('date-error') : undefined}
            onChange={(e) => p.onDate(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={id('time')}>Time</label>
          <select id={id('time')} value={p.time ?? ''} disabled={times.length === 0} onChange={(e) => p.onTime(e.target.value)}>
            {times.length === 0 && <option value={p.time ?? ''}>{p.times ? 'No times' : 'Loading\u2026'}</option>}
            {times.length > 0 && options.map((o) => <option key={o.time} value={o.time}>{o.label}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={id('party')}>Party size</label>
          <select id={id('party')} value={p.party} onChange={(e) => p.onParty(Number(e.target.value))}>
            {Array.from({ length: MAX_PARTY_SIZE }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>{`${n} ${n === 1 ? 'person' : 'people'}`}</option>
            ))}
            <option value={LARGER_PARTY}>{`More than ${MAX_PARTY_SIZE}`}</option>
          </select>
        </div>
      </div>
      {p.dateError && <p id={id('date-error')} className={styles.fieldError}>{p.dateError}</p>}
    </>
  );
}
