import { useMemo } from 'react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { localNow } from '#shared/rules/local-now';
import { benefitWords, visitsUsedText } from '#shared/rules/merchant-benefits';
import { useMember } from '../../session';
import { useMerchantVisits } from '../api';
import { useEarnLine } from '../earn-line';
import styles from './benefit-days.module.css';

/**
 * When dines here earn (issue 11 §2): today's answer, the benefit days and hours, the next
 * blackout dates, participation and the monthly visit limit, in the restaurant's local time
 * (rules/merchant-benefits); a signed-in card member also reads their visits used this month.
 */
export function BenefitDays({ merchant, headingId, now }: { merchant: MerchantDetail; headingId: string; /** For tests; default the current time. */ now?: Date }) {
  const { benefits } = merchant;
  const local = useMemo(() => localNow(now ?? new Date(), benefits.timeZone), [now, benefits.timeZone]);
  const words = benefitWords(benefits, local);
  const { member } = useMember();
  const cardMember = member?.memberType === 'EnrolledCardMember';
  const visits = useMerchantVisits(merchant.id, cardMember && benefits.monthlyVisitLimit !== null);
  const lines = [...words.days, ...(words.blackouts ? [words.blackouts] : []), ...(words.participation ? [words.participation] : []), ...(words.monthlyLimit ? [words.monthlyLimit] : [])];
  // The member's own part (the same earn line as the page's): a restaurant their level does not open earns them nothing today.
  const earnLine = useEarnLine(merchant, { now, visitsThisMonth: visits.data?.used ?? null });
  const closedToMember = earnLine?.reason === 'tierLacksAccess';
  const earnsToday = words.earnsToday && !closedToMember;
  const today = closedToMember ? earnLine.text : words.today;
  const used = words.monthlyLimit && visits.data && visits.data.limit !== null ? visitsUsedText(visits.data.used, visits.data.limit, local.date) : null;

  return (
    <section className={styles.benefits} aria-labelledby={headingId}>
      <h2 id={headingId}>When you earn here</h2>
      <p className={`${styles.today} ${earnsToday ? styles.earns : styles.none}`} data-earns-today={earnsToday}>
        <span aria-hidden="true" className={styles.mark}>{earnsToday ? '\u2713' : '\u2715'}</span>
        <span>{today}</span>
      </p>
      {lines.length > 0 && (
        <ul className={styles.lines}>
          {lines.map((line) => <li key={line}>{line}</li>)}
        </ul>
      )}
      {used && <p className={styles.visits} data-testid="visits-used">{used}</p>}
      <p className={styles.zone}>{`Days and times are the restaurant's local time.`}</p>
    </section>
  );
}
