import { useState } from 'react';
import { APP_ANNOUNCEMENT_KEY } from '#shared/constants/promotions';
import { appAnnouncementDismissal, appAnnouncementVisible } from '#shared/rules/promotions';
import { Modal } from '../../components/modal';
import { ContentLinkButton } from '../../components/button';
import { usePartner } from '../../lib/partner';
import { useMember } from '../session';
import { readStored, writeStored } from './storage';
import type { PromotionState } from './general-popup';
import styles from './promotions.module.css';

/**
 * §4 app announcement: due while no dismissal marker (§3 RN_APP_ANNOUNCEMENT_DISMISSED) runs;
 * closing stores its end 24 hours ahead. Never inside the native app, never for a closed account
 * (nor before the member is known). Where it may open (§2: not on /login and /join) is the
 * interruption queue's rule.
 */
export function useAppAnnouncement({ nativeApp }: { nativeApp: boolean }): PromotionState {
  const { appAnnouncementModal } = usePartner();
  const { member, isLoading } = useMember();
  const [dismissedUntil, setDismissedUntil] = useState(() => readStored(APP_ANNOUNCEMENT_KEY));
  const due = !isLoading && appAnnouncementVisible({
    configured: Boolean(appAnnouncementModal?.title),
    dismissedUntil,
    now: Date.now(),
    nativeApp,
    closedAccount: member?.memberType === 'ClosedAccountMember',
  });
  const close = () => {
    const value = appAnnouncementDismissal(Date.now());
    writeStored(APP_ANNOUNCEMENT_KEY, value);
    setDismissedUntil(value);
  };
  return { due, close };
}

/** The partner's configured announcement (appAnnouncementModal): title, body and a store link. */
export function AppAnnouncementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { appAnnouncementModal: a } = usePartner();
  if (!a) return null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={a.title}
      className={styles.promo}
      footer={a.ctaText && a.ctaUrl ? (
        <span onClickCapture={onClose}>
          <ContentLinkButton url={a.ctaUrl} newTab={!a.ctaUrl.startsWith('/')}>{a.ctaText}</ContentLinkButton>
        </span>
      ) : undefined}
    >
      <p>{a.body}</p>
    </Modal>
  );
}
