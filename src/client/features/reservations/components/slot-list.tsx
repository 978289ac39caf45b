import type { AvailabilitySlot, TimeChoice } from '#shared/schemas/reservations';
import { clockTime } from '#shared/rules/clock-time';
import { bookingMarkText } from '#shared/rules/rewards/policy';
import { usePartner } from '#client/lib/partner';
import { currencyOf, earningTimesText, formatDate } from '../rules';
import { EarnMarkText } from './earn-mark';
import styles from './reservations.module.css';

type Props = {
  /** For the list's label. */
  labelId: string;
  date: string;
  slots: readonly AvailabilitySlot[];
  /** The day's times, for the line naming the day's reward windows. */
  times: readonly TimeChoice[];
  stale: boolean;
  onChoose: (slot: AvailabilitySlot, button: HTMLButtonElement) => void;
};

/**
 * The open slots around the time asked for (issue 24): each a button with its time and what a dine
 * then earns (a tick or a cross and the words: its accessible name says both), and, on a day
 * whose times differ, which times earn.
 */
export function SlotList({ labelId, date, slots, times, stale, onChoose }: Props) {
  // The day's times and the slots shown: the line names every window a mark here earns in.
  const hint = earningTimesText([...times, ...slots]);
  const currency = currencyOf(usePartner());
  return (
    <>
      <p className={styles.resultsHead} id={labelId}>{`Available on ${formatDate(date, 'short')}`}</p>
      <ul className={`${styles.slots} ${stale ? styles.stale : ''}`} aria-labelledby={labelId}>
        {slots.map((slot) => (
          <li key={slot.time}>
            <button
              type="button"
              className={`${styles.slot} ${styles.slotMarked} ${slot.earn.kind === 'notEarned' ? styles.slotNone : ''}`}
              aria-haspopup="dialog"
              // One clear name whatever the layout: the time, then what it earns.
              aria-label={`Reserve ${clockTime(slot.time)}, ${bookingMarkText(slot.earn, currency)}`}
              data-earns={slot.earn.kind !== 'notEarned'}
              onClick={(e) => onChoose(slot, e.currentTarget)}
            >
              <span className={styles.slotTime}>{clockTime(slot.time)}</span>
              <EarnMarkText mark={slot.earn} />
            </button>
          </li>
        ))}
      </ul>
      {hint && <p className={styles.earnHint}>{hint}</p>}
    </>
  );
}
