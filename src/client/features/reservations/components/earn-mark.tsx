import type { EarnMark } from '#shared/schemas/reservations';
import { bookingMarkText, bookingNoticeText } from '#shared/rules/rewards/policy';
import { usePartner } from '#client/lib/partner';
import { currencyOf } from '../rules';
import styles from './reservations.module.css';

/**
 * What a dine at a booking time earns (issue 24), as the server's earn mark says (the earning
 * policy decided it). Never colour alone: a tick or a cross, and the words.
 */
const earns = (mark: EarnMark) => mark.kind !== 'notEarned';

/** The short mark under a slot's time: "Earns 3 miles per $1 + 50 bonus miles", "No rewards at this time". */
export function EarnMarkText({ mark }: { mark: EarnMark }) {
  const currency = currencyOf(usePartner());
  return (
    <span className={styles.mark} data-earns={earns(mark)}>
      <span aria-hidden="true" className={styles.markIcon}>{earns(mark) ? '\u2713' : '\u2715'}</span>
      {bookingMarkText(mark, currency)}
    </span>
  );
}

/**
 * The sentence of the hold step and the confirmation: what a dine at the booked time earns with
 * the reservation bonus, or a plain warning that it earns nothing (and no bonus) and why.
 */
export function EarnNotice({ mark }: { mark: EarnMark }) {
  const currency = currencyOf(usePartner());
  const yes = earns(mark);
  return (
    <p className={yes ? styles.earnNotice : styles.earnWarning} data-testid="earn-notice" data-earns={yes}>
      <span aria-hidden="true" className={styles.markIcon}>{yes ? '\u2713' : '!'}</span>
      <span>
        <span className="visually-hidden">{yes ? 'Rewards: ' : 'Warning: '}</span>
        {bookingNoticeText(mark, currency)}
      </span>
    </p>
  );
}
