import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePartner } from '#client/lib/partner';
import { Spinner } from '#client/components/spinner';
import { cardsQueryOptions, partnerCardsQueryOptions, type Card } from '../api';
import { useAddCardForm, type CardsLinked } from '../hooks/use-add-card-form';
import { LINKING_TEXT, SECURING_TEXT, VERIFYING_TEXT } from '../messages';
import { CardConsents, PartnerCardPicker, ResultBanner } from './add-card-parts';
import { CardFrame } from './card-frame';
import { MoveNotice } from './move-notice';
import styles from './add-card-form.module.css';
import { FormActions } from '#client/components/form-actions';

type AddCardFormProps = {
  /** Accessible name of the form. */
  label?: string;
  submitLabel?: string;
  /** Beside the submit button: 'No thanks', 'Cancel' … */
  secondaryAction?: ReactNode;
  /** After at least one card was linked (full or partial success); the card list and member are being fetched again. */
  onLinked?: (result: CardsLinked) => void;
  /** Show the result banner after a full success (pages that move on at once turn it off). */
  showSuccess?: boolean;
};

/**
 * §2 add-card form: the partner's cards to choose from (where the partner loads them), the
 * secure card-entry frame, the direct-file-feed opt-in and terms (both required) and the
 * invisible captcha, which runs on the first submit (§4 form submit).
 */
export function AddCardForm(props: AddCardFormProps) {
  const partner = usePartner();
  const cards = useQuery(cardsQueryOptions());
  const partnerCards = useQuery(partnerCardsQueryOptions(partner.hasPartnerLoadedCards));
  // Wait for the lists that decide what the form asks (partner cards make the number optional).
  if (cards.isPending || (partner.hasPartnerLoadedCards && partnerCards.isPending)) {
    return <Spinner label="Loading your cards" block />;
  }
  return <AddCardFormBody {...props} linkedCards={cards.data ?? []} partnerCards={partnerCards.data ?? []} />;
}

function AddCardFormBody({ label = 'Link a card', submitLabel = 'Link card', secondaryAction, onLinked, showSuccess = true, linkedCards, partnerCards }: AddCardFormProps & { linkedCards: Card[]; partnerCards: Card[] }) {
  const state = useAddCardForm({ linkedCards, partnerCards, onLinked, showSuccess });
  const hasPartnerCards = state.selectable.length > 0;
  return (
    <form className={styles.form} noValidate aria-label={label} aria-busy={state.busy || undefined} onSubmit={(e) => void state.onSubmit(e)}>
      {state.result && <ResultBanner result={state.result} bannerRef={state.refs.bannerRef} />}
      <MoveNotice state={state} noticeRef={state.refs.noticeRef} />
      {hasPartnerCards && <PartnerCardPicker state={state} />}
      <div className={styles.manual}>
        {hasPartnerCards && <h3 className={styles.legend}>Or enter another card</h3>}
        <CardFrame key={state.frameKey} ref={state.refs.frameRef} onCard={state.onFrameCard} onPending={state.onFramePending} error={state.cardError} invalid={state.cardMissing} optional={hasPartnerCards} />
      </div>
      <CardConsents state={state} />
      <FormActions className={styles.actions} submit={submitLabel} loading={state.busy}>
        {secondaryAction}
        {/* Securing the number, the invisible check and the call take a moment; say what is happening. */}
        <p role="status" className={styles.progress}>
        {state.status === 'securing' ? SECURING_TEXT : state.status === 'verifying' ? VERIFYING_TEXT : state.status === 'submitting' ? LINKING_TEXT : ''}
        </p>
      </FormActions>
    </form>
  );
}
