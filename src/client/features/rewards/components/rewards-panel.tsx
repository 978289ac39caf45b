import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { InfoTooltip } from '#client/components/info-tooltip';
import { Spinner } from '#client/components/spinner';
import { ProgressBar } from '#client/components/progress-bar';
import { usePartner } from '#client/lib/partner';
import { currencyWords } from '#shared/rules/rewards/policy';
import { formatMoney } from '../format';
import { useCreditBalance } from '../api';
import styles from './recent-activity.module.css';

/** 'Your cash back', 'Your fuel credits': the partner's own currency (rules/rewards/policy.ts currencyWords). */
export function panelTitle(currency: { plural: string }): string {
  return `Your ${currencyWords(currency)}`;
}
export const BALANCE_LABEL = 'Rewards balance';
export const PANEL_FAILED = 'We could not load your rewards balance just now.';
export const REDEEM_LINK = 'Redeem your balance';

export function balanceTooltip(breakpoint: number, currency: { plural: string }): string {
  return `What you have earned in ${currencyWords(currency)} and not been paid yet. When your balance reaches ${formatMoney(breakpoint)}, it is paid as a statement credit to your linked card, usually within a few days.`;
}

export function pendingPayoutText(amount: number): string {
  return `Payout pending: ${formatMoney(amount)} in statement credits the card issuer has not completed yet.`;
}

/**
 * §2 cash partners' rewards panel: the balance with its tooltip, a bar from 0 to the payout
 * breakpoint (§9, $20 by default), the statement credits on their way (no longer in the
 * balance, not paid yet), and the way to the Redeem page. This year's rewards and dines are the YearTotal beside it, as on every partner.
 */
export function RewardsPanel() {
  const balance = useCreditBalance();
  const currency = { plural: usePartner().copyStates.currencyPlural };
  const titleId = useId();
  const balanceId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={balance.isPending || undefined}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {panelTitle(currency)}
      </h2>
      {balance.isPending ? (
        <Spinner label="Loading your balance" />
      ) : balance.isError ? (
        <p>{PANEL_FAILED}</p>
      ) : (
        <>
          <BalanceMeter balance={balance.data.memberBalance} breakpoint={balance.data.payoutBreakpoint} labelId={balanceId} currency={currency} />
          {balance.data.pendingPayout > 0 && <p className={styles.balanceNote}>{pendingPayoutText(balance.data.pendingPayout)}</p>}
        </>
      )}
      {/* The Redeem page: take the balance out now, as a statement credit or a gift card, or change the automatic payout. */}
      <p className={styles.balanceNote}>
        <Link to={paths.account.redeem()}>{REDEEM_LINK}</Link>
      </p>
    </section>
  );
}

function BalanceMeter({ balance, breakpoint, labelId, currency }: { balance: number; breakpoint: number; labelId: string; currency: { plural: string } }) {
  const max = breakpoint > 0 ? breakpoint : 1;
  const now = Math.min(Math.max(0, balance), max);
  const text = `${formatMoney(balance)} of ${formatMoney(breakpoint)}`;
  const toGo = Math.max(0, breakpoint - balance);
  return (
    <div className={styles.balance}>
      <div className={styles.balanceHead}>
        <span className={styles.balanceLabel}>
          <span id={labelId}>{BALANCE_LABEL}</span> <InfoTooltip label="About your rewards balance">{balanceTooltip(breakpoint, currency)}</InfoTooltip>
        </span>
        <span className={styles.balanceAmount}>{formatMoney(balance)}</span>
      </div>
      <ProgressBar className={styles.bar} labelId={labelId} max={max} now={now} text={text}>
        <span className={styles.barFill} style={{ width: `${(now / max) * 100}%` }} />
      </ProgressBar>
      <div className={styles.barScale} aria-hidden="true">
        <span>{formatMoney(0)}</span>
        <span>{formatMoney(breakpoint)}</span>
      </div>
      <p className={styles.balanceNote}>
        {toGo > 0
          ? `${formatMoney(toGo)} more to your next statement credit.`
          : 'Your balance has reached the payout amount: a statement credit is on its way.'}
      </p>
    </div>
  );
}
