import type { RefObject } from 'react';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import type { AddCardFormState } from '../hooks/use-add-card-form';
import styles from './add-card-form.module.css';

/** What the notice says after the server's words (docs/api-cards.md "A card moved between programmes"). */
export const MOVE_NOTICE_TEXT = {
  title: 'This card is in another dining programme',
  after: 'A card earns in one programme at a time. Rewards it already earned there stay there.',
  confirm: 'Move it here',
  cancel: 'Keep it there',
} as const;

/**
 * Before a card moves here from another programme of this deployment: the server's notice ('This
 * card earns with X today; linking it here moves it.') and the choice. Nothing is linked until the
 * member confirms; keeping it there sends nothing.
 */
export function MoveNotice({ state, noticeRef }: { state: AddCardFormState; noticeRef: RefObject<HTMLDivElement | null> }) {
  const { notices, confirm, cancel } = state.move;
  if (!notices) return null;
  return (
    <FormBanner kind="info" ref={noticeRef} className={styles.moveNotice}>
      <p className={styles.moveTitle}>{MOVE_NOTICE_TEXT.title}</p>
      {notices.map((n) => <p key={n}>{n}</p>)}
      <p>{MOVE_NOTICE_TEXT.after}</p>
      <div className={styles.moveActions}>
        <Button onClick={() => void confirm()} loading={state.busy}>{MOVE_NOTICE_TEXT.confirm}</Button>
        <Button variant="secondary" onClick={cancel} disabled={state.busy}>{MOVE_NOTICE_TEXT.cancel}</Button>
      </div>
    </FormBanner>
  );
}
