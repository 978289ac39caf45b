import { useId, useRef } from 'react';
import { paths } from '#shared/routes';
import { Navigate } from '#client/lib/router';
import { usePartner } from '../../lib/partner';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/button';
import { FormBanner } from '../../components/form-banner';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { useCards } from '../../features/cards/api';
import { canAddCards, MEMBER_LIMIT_NOTICE } from '../../features/cards/card-selection';
import { AddCardForm } from '../../features/cards/components/add-card-form';
import { LinkedCards } from '../../features/cards/components/linked-cards';
import styles from './manage-cards.module.css';

export const MANAGE_CARDS_TITLE = 'Linked Cards';
export const CARDS_LOAD_FAILED = 'We could not load your linked cards just now.';
export const NO_CARDS_TEXT = 'You have no linked cards yet. Link a card to start earning when you dine.';

/** §2 /account/manage_cards: the linked cards, and the add-card form while under the maximum. */
export function ManageCardsRoute() {
  const partner = usePartner();
  const { member } = useMember();
  const cards = useCards();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const addTitleId = useId();
  useDocumentTitle(`${MANAGE_CARDS_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  if (cards.error instanceof ApiError && cards.error.status === 401) return <Navigate to={paths.login()} replace />;

  const list = cards.data ?? [];
  return (
    <div className={styles.page}>
      <h1 ref={listHeadingRef} tabIndex={-1} className={styles.title}>
        {MANAGE_CARDS_TITLE}
      </h1>
      {cards.isPending ? (
        <Spinner label="Loading your cards" block />
      ) : cards.isError ? (
        <FormBanner>
          <p>{CARDS_LOAD_FAILED}</p>
          <Button variant="link" onClick={() => void cards.refetch()}>
            Try again
          </Button>
        </FormBanner>
      ) : list.length === 0 ? (
        <p>{NO_CARDS_TEXT}</p>
      ) : (
        <LinkedCards cards={list} headingRef={listHeadingRef} />
      )}
      {cards.isSuccess && (
        <section className={styles.add} aria-labelledby={addTitleId}>
          <h2 id={addTitleId} className={styles.addTitle}>
            {list.length === 0 ? 'Link a card' : 'Link another card'}
          </h2>
          {canAddCards(list.length) ? (
            <AddCardForm label={list.length === 0 ? 'Link a card' : 'Link another card'} />
          ) : (
            <p className={styles.notice}>{MEMBER_LIMIT_NOTICE}</p>
          )}
        </section>
      )}
    </div>
  );
}
