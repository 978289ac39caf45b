import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { Spinner } from '#client/components/spinner';
import { useSignInOnUnauthorised } from '../../rewards';
import { useRedemptionOptions, type RedemptionOptionsResponse } from '../api';
import { money } from '../format';
import { AutoStatementCredit } from './auto-statement-credit';
import { RedeemForm } from './redeem-form';
import styles from './redemptions.module.css';

export const BALANCE_TITLE = 'Your balance';
export const OPTIONS_FAILED = 'We could not load your balance and the ways to redeem just now. Please refresh the page.';

/** What is set aside by redemptions not finished yet: 'Another $25.00 is set aside for redemptions on their way.' */
export const inFlightText = (cents: number) => `Another ${money(cents)} is set aside for redemptions on their way.`;

/** A changed e-mail address counts once confirmed: until then gift cards go to the confirmed one. */
export const pendingEmailText = (email: RedemptionOptionsResponse['email']) =>
  `Gift cards go to ${email.address} until you confirm your new address, ${email.pendingChange}, with the link we sent to it.`;

/**
 * The Redeem page's own part (issue 28): the balance and what redemptions on their way have set
 * aside, the form (each option with its terms or why it is not open), and the automatic statement
 * credit. One call answers all of it.
 */
export function Redeem() {
  const options = useRedemptionOptions();
  const unauthorised = useSignInOnUnauthorised(options.error);
  if (unauthorised) return <Spinner label="Taking you to sign in" size="large" block />;
  if (options.isPending) return <Spinner label="Loading your balance" size="large" block />;
  if (options.isError) return <p role="alert">{OPTIONS_FAILED}</p>;
  const data = options.data;
  return (
    <>
      <Balance data={data} />
      {data.email.pendingChange && <p className={styles.callout}>{pendingEmailText(data.email)}</p>}
      <RedeemForm data={data} />
      <AutoStatementCredit data={data} />
    </>
  );
}

function Balance({ data }: { data: RedemptionOptionsResponse }) {
  const titleId = useId();
  return (
    <section className={styles.balance} aria-labelledby={titleId}>
      <div className={styles.balanceHead}>
        <h2 id={titleId} className={`${styles.sectionTitle} ${styles.balanceLabel}`}>
          {BALANCE_TITLE}
        </h2>
        <span className={styles.balanceAmount}>{money(data.balanceCents)}</span>
      </div>
      {data.inFlightCents > 0 && <p className={styles.note}>{inFlightText(data.inFlightCents)}</p>}
      {data.cards.length === 0 && (
        <p className={styles.note}>
          Statement credits go to a linked card: <Link to={paths.account.cards()}>link a card</Link>.
        </p>
      )}
    </section>
  );
}
