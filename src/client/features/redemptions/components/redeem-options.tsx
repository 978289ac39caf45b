import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { RedemptionOption } from '#shared/constants/redemptions';
import { FieldErrorSlot } from '#client/components/field-error';
import type { RedemptionOptionsResponse } from '../api';
import { termsText } from '../format';
import type { RedeemValues } from './redeem-request';
import { NONE_AVAILABLE, OPTIONS_LEGEND } from './redeem-text';
import styles from './redemptions.module.css';

type Props = {
  /** The form's id, its parts' ids are made from. */
  uid: string;
  control: Control<RedeemValues>;
  options: RedemptionOptionsResponse['options'];
  error: string | undefined;
  onOptionChange: (next: RedemptionOption) => void;
};

/** The options as a labelled radio group: each with its terms, or why it is not open. */
export function RedeemOptions({ uid, control, options, error, onOptionChange }: Props) {
  const legendId = `${uid}-legend`;
  const optionErrorId = `${uid}-option-error`;
  const available = options.filter((o) => o.unavailableReason === null);
  return (
    <Controller
      control={control}
      name="option"
      render={({ field }) => (
        <fieldset
          className={styles.choices}
          role="radiogroup"
          aria-labelledby={legendId}
          aria-describedby={error ? optionErrorId : undefined}
          aria-invalid={error ? true : undefined}
          aria-required
        >
          <legend id={legendId} className={styles.legend}>
            {OPTIONS_LEGEND}
          </legend>
          {available.length === 0 && <p className={styles.note}>{NONE_AVAILABLE}</p>}
          {options.map((o) => {
            const id = `${uid}-${o.option}`;
            const unavailable = o.unavailableReason !== null;
            return (
              <label key={o.option} htmlFor={id} className={`${styles.choice} ${unavailable ? styles.choiceUnavailable : ''}`}>
                <input
                  id={id}
                  type="radio"
                  className={styles.radio}
                  name={field.name}
                  value={o.option}
                  checked={field.value === o.option}
                  disabled={unavailable}
                  aria-describedby={`${id}-terms${unavailable ? ` ${id}-why` : ''}`}
                  onChange={() => onOptionChange(o.option)}
                  onBlur={field.onBlur}
                />
                <span className={styles.choiceBody}>
                  <span className={styles.choiceLabel}>{o.label}</span>
                  <span id={`${id}-terms`} className={`${styles.choiceTerms} ${styles.muted}`}>
                    {termsText(o)}
                  </span>
                  {unavailable && (
                    <span id={`${id}-why`} className={styles.unavailable}>
                      <span className="visually-hidden">Not available: </span>
                      {o.unavailableReason}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
          <FieldErrorSlot id={optionErrorId} error={error} />
        </fieldset>
      )}
    />
  );
}
