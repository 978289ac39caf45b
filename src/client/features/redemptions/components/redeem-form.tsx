import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '#client/components/button';
import { SelectField } from '#client/components/select-field';
import type { RedemptionOptionsResponse } from '../api';
import { RedeemAmount } from './redeem-amount';
import { RedeemConfirm } from './redeem-confirm';
import { RedeemOptions } from './redeem-options';
import { CARD_LABEL, CHOOSE_TITLE, CONTINUE } from './redeem-text';
import { useRedeemForm } from './use-redeem-form';
import styles from './redemptions.module.css';

export {
  AMOUNT_LABEL, CARD_LABEL, CHANGE, CHOOSE_OPTION_MESSAGE, CHOOSE_TITLE, CONFIRM_TITLE, CONTINUE, OPTIONS_LEGEND, RETRY_MESSAGE, redeemButtonText,
} from './redeem-text';

/**
 * The Redeem form in two steps: the option (a labelled radio group, each with its terms or why it
 * is not open), the card for a statement credit and the amount; then a confirmation that says
 * again what goes where and when, and sends it with an Idempotency-Key. Focus goes to each step's
 * heading as it opens; a redemption made opens its own page. The state is useRedeemForm's.
 */
export function RedeemForm({ data }: { data: RedemptionOptionsResponse }) {
  const uid = useId();
  const form = useRedeemForm(data);
  const { control, errors, option, confirming, headingRef } = form;
  const available = data.options.filter((o) => o.unavailableReason === null);

  const confirmed = confirming && data.options.find((o) => o.option === confirming.option);
  if (confirming && confirmed) {
    return (
      <RedeemConfirm
        uid={uid}
        data={data}
        body={confirming}
        option={confirmed}
        failure={form.failure}
        pending={form.pending}
        headingRef={headingRef}
        bannerRef={form.bannerRef}
        onConfirm={form.confirm}
        onChange={form.change}
      />
    );
  }

  return (
    <section className={styles.section} aria-labelledby={`${uid}-choose`}>
      <h2 id={`${uid}-choose`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {CHOOSE_TITLE}
      </h2>
      <form ref={form.formRef} className={styles.form} onSubmit={form.onContinue} aria-labelledby={`${uid}-choose`} noValidate>
        <RedeemOptions uid={uid} control={control} options={data.options} error={errors.option?.message} onOptionChange={form.onOptionChange} />
        {option?.delivery === 'Card' && (
          <Controller
            control={control}
            name="cardId"
            render={({ field }) => (
              <SelectField
                label={CARD_LABEL}
                name={field.name}
                required
                placeholder="Choose a card"
                options={data.cards.map((c) => ({ value: String(c.cardId), label: c.label }))}
                value={field.value}
                error={errors.cardId?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        {option?.delivery === 'Email' && (
          <p className={styles.note}>
            The gift card goes by e-mail to <strong>{data.email.address}</strong>.
          </p>
        )}
        <RedeemAmount
          field={form.register('amount')}
          option={option}
          balanceCents={data.balanceCents}
          error={errors.amount?.message}
          onFillWholeBalance={form.fillWholeBalance}
        />
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={available.length === 0 || undefined}>
            {CONTINUE}
          </Button>
        </div>
      </form>
    </section>
  );
}
