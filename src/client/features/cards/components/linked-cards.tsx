import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from '#client/lib/router';
import { programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { ApiError } from '#client/lib/api';
import { Button } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { SmartLink } from '#client/components/smart-link';
import { useToast } from '#client/components/toast';
import { useCustomerSupport } from '../../session';
import { useContentPage } from '../../content';
import { useDeleteCard, type Card } from '../api';
import { BrandLogo } from './brand-logo';
import styles from './linked-cards.module.css';

/** §8 card delete messages. */
export const deletedMessage = (lastFour: string) => `Your card ending in ${lastFour} has been deleted.`;
export const deleteFailedMessage = (lastFour: string) => `Your card ending in ${lastFour} can not be deleted, please try again later.`;
export const DELETING_TEXT = 'Deleting...';
export const DELETE_TEXT = 'Delete';
export const DELETE_AND_CLOSE_TEXT = 'Delete and close account';
export const DELETE_TITLE = 'Delete this card?';
export const DELETE_LAST_TITLE = 'Delete your card and close your account?';
export const SURVEY_LINK_TEXT = 'Tell us why you are leaving';

/** The survey offered to a member about to close their account: the content's account survey, if any. */
function useLeavingSurveyUrl(): string | null {
  const surveys = useContentPage('surveys');
  const item = surveys.find((s) => s.slug === 'account-feedback') ?? surveys.find((s) => /account/i.test(s.slug));
  const url = item?.fields.url;
  return typeof url === 'string' && url.trim() ? url : null;
}

type LinkedCardsProps = {
  cards: Card[];
  /** Where focus goes after a card is deleted (its row is gone): the list's heading. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * §2 manage cards: each linked card with its brand, description (wide screens) and last four, and a
 * Delete button ('Delete and close account' for the only card). Deleting asks first; the last
 * card's dialog says the account closes, with the support contact and a survey link.
 */
export function LinkedCards({ cards, headingRef }: LinkedCardsProps) {
  const partner = usePartner();
  const toast = useToast();
  const navigate = useNavigate();
  const support = useCustomerSupport();
  const surveyUrl = useLeavingSurveyUrl();
  const deletion = useDeleteCard();
  const [confirming, setConfirming] = useState<Card | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  /** Focus after the dialog: the card's button on Cancel, the heading once the row is deleting. */
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const program = programName(partner);
  const only = cards.length === 1;
  const closing = confirming !== null && only;

  const onConfirm = () => {
    const card = confirming;
    if (!card) return;
    const last = cards.length === 1;
    returnFocusRef.current = headingRef.current;
    setConfirming(null);
    setDeletingId(card.id);
    deletion.mutate({ card, last }, {
      onSuccess: () => {
        setDeletingId(null);
        // §4: deleting the last card closes the account on the server; the member is signed out.
        if (last) {
          navigate(paths.signOut());
          return;
        }
        toast.show({ kind: 'success', message: deletedMessage(card.lastFour) });
      },
      onError: (err) => {
        setDeletingId(null);
        if (err instanceof ApiError && err.status === 401) {
          navigate(paths.login());
          return;
        }
        toast.show({ kind: 'error', message: deleteFailedMessage(card.lastFour) });
      },
    });
  };

  return (
    <>
      <ul className={styles.list} aria-label="Linked cards">
        {cards.map((card) => (
          <li key={card.id} className={styles.item}>
            <BrandLogo brand={card.cardType} />
            <span className={styles.text}>
              <span className={styles.description}>{card.description} </span>
              <span className={styles.ending}>ending in {card.lastFour}</span>
            </span>
            <span className={styles.action}>
              {deletingId === card.id ? (
                <span role="status" className={styles.deleting}>
                  {DELETING_TEXT}
                </span>
              ) : (
                <Button
                  variant="secondary"
                  onClick={(e) => {
                    returnFocusRef.current = e.currentTarget;
                    setConfirming(card);
                  }}
                  disabled={deletingId !== null}
                >
                  {only ? DELETE_AND_CLOSE_TEXT : DELETE_TEXT}
                  <span className="visually-hidden"> {card.cardType} card ending in {card.lastFour}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={closing ? DELETE_LAST_TITLE : DELETE_TITLE}
        initialFocusRef={confirmRef}
        returnFocusRef={returnFocusRef}
        footer={
          <>
            <Button ref={confirmRef} onClick={onConfirm}>
              {closing ? DELETE_AND_CLOSE_TEXT : 'Delete card'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {closing ? 'Keep my card' : 'Cancel'}
            </Button>
          </>
        }
      >
        {confirming && !closing && (
          <p>
            Your {confirming.cardType} card ending in {confirming.lastFour} will no longer earn {partner.copyStates.currencyPlural} at participating
            restaurants. You can link it again at any time.
          </p>
        )}
        {confirming && closing && (
          <div className={styles.modalBody}>
            <p>
              Your {confirming.cardType} card ending in {confirming.lastFour} is the only card linked to your {program} account. Deleting it
              closes your account: you will stop earning {partner.copyStates.currencyPlural} when you dine, and you will be signed out.
            </p>
            <p>
              Questions before you go? Contact customer support at <a href={support.phone.href}>{support.phone.formatted}</a> or{' '}
              <a href={support.email.href}>{support.email.display}</a>.
            </p>
            {surveyUrl && (
              <p>
                <SmartLink href={surveyUrl} newTab>
                  {SURVEY_LINK_TEXT}
                </SmartLink>
              </p>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
