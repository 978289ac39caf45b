import type { Ref } from 'react';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import type { RedemptionOptionsResponse, RedemptionRequest } from '../api';
import { feeText, money } from '../format';
import type { RedeemFailure } from './redeem-request';
import { CHANGE, CONFIRM_TITLE, redeemButtonText } from './redeem-text';
import styles from './redemptions.module.css';

type Props = {
  /** The form's id, the heading's id is made from. */
  uid: string;
  data: RedemptionOptionsResponse;
  /** The redemption as it will be sent, and its option. */
  body: RedemptionRequest;
  option: RedemptionOptionsResponse['options'][number];
  failure: RedeemFailure | null;
  pending: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  bannerRef: Ref<HTMLDivElement>;
  onConfirm: (body: RedemptionRequest) => void;
  onChange: () => void;
};

/** The confirmation step: what goes where and when, why the last try failed, and the buttons to send it or go back. */
export function RedeemConfirm({ uid, data, body, option, failure, pending, headingRef, bannerRef, onConfirm, onChange }: Props) {
  const card = data.cards.find((c) => c.cardId === body.cardId);
  return (
    <section className={styles.section} aria-labelledby={`${uid}-confirm`}>
      <h2 id={`${uid}-confirm`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {CONFIRM_TITLE}
      </h2>
      {failure && (
        <FormBanner ref={bannerRef}>
          <p>{failure.message}</p>
          {failure.details.length > 0 && (
            <ul className={styles.bannerList}>
              {failure.details.map((d) => <li key={d}>{d}</li>)}
            </ul>
          )}
        </FormBanner>
      )}
      <dl className={styles.summary}>
        <div><dt>Amount</dt><dd>{money(body.amountCents)}</dd></div>
        <div><dt>Fee</dt><dd>{option.feeCents > 0 ? `${feeText(option.feeCents)}, taken from the amount` : feeText(0)}</dd></div>
        <div><dt>As</dt><dd>{option.label}</dd></div>
        <div><dt>To</dt><dd>{card ? card.label : data.email.address}</dd></div>
        <div><dt>Arrives</dt><dd>{option.arrives}</dd></div>
      </dl>
      <p className={styles.note}>{money(body.amountCents)} leaves your balance as soon as you confirm. If it cannot be completed, it comes back to your balance.</p>
      <div className={styles.actions}>
        <Button loading={pending} onClick={() => onConfirm(body)}>
          {failure?.retry ? 'Try again' : redeemButtonText(body.amountCents)}
        </Button>
        <Button variant="link" onClick={onChange} disabled={pending}>
          {CHANGE}
        </Button>
      </div>
    </section>
  );
}
