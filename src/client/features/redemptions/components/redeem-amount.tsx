import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '#client/components/button';
import { TextField } from '#client/components/text-field';
import type { RedemptionOptionsResponse } from '../api';
import { money } from '../format';
import { AMOUNT_LABEL } from './redeem-text';
import styles from './redemptions.module.css';

type Props = {
  field: UseFormRegisterReturn<'amount'>;
  /** The option chosen, whose limits the amount has. */
  option: RedemptionOptionsResponse['options'][number] | undefined;
  balanceCents: number;
  error: string | undefined;
  onFillWholeBalance: () => void;
};

/** The amount with its limits and what is wrong with it, and a button that fills in the whole balance (or the most allowed). */
export function RedeemAmount({ field, option, balanceCents, error, onFillWholeBalance }: Props) {
  return (
    <div className={styles.amountRow}>
      <TextField
        className={styles.amountField}
        label={AMOUNT_LABEL}
        inputMode="decimal"
        autoComplete="off"
        required
        hint={option ? `From ${money(option.minCents)} to ${money(Math.min(option.maxCents, balanceCents))}` : 'Like 25 or 25.50'}
        error={error}
        {...field}
      />
      {balanceCents > 0 && (
        <Button variant="secondary" className={styles.wholeBalance} onClick={onFillWholeBalance}>
          {option && balanceCents > option.maxCents ? `The most allowed (${money(option.maxCents)})` : `Whole balance (${money(balanceCents)})`}
        </Button>
      )}
    </div>
  );
}
