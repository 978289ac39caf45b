import { useState } from 'react';
import { useLocation } from '#client/lib/router';
import { GENERAL_POPUP_KEY, GENERAL_POPUP_SLUG } from '#shared/constants/promotions';
import { generalPopupVisible } from '#shared/rules/promotions';
import { Modal } from '../../components/modal';
import { ContentLinkButton } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { usePartner } from '../../lib/partner';
import { useContentItem } from '../content';
import { readStored, writeStored } from './storage';
import styles from './promotions.module.css';

/** A content field as text (items are JSON; anything else is absent). */
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export type PromotionState = { due: boolean; close: () => void };

/**
 * §4 general promo popup: due while the modal type stored on closing (§3 GENERAL_POPUP_KEY)
 * differs from the partner's generalModalType and the popup content has its `general` item.
 */
export function useGeneralPopup(): PromotionState {
  const { generalModalType } = usePartner();
  const content = useContentItem('popup', GENERAL_POPUP_SLUG);
  const { pathname } = useLocation();
  const [dismissedType, setDismissedType] = useState(() => readStored(GENERAL_POPUP_KEY));
  const due = generalPopupVisible({
    modalType: generalModalType, dismissedType, hasContent: Boolean(content && str(content.title)), pathname, ctaPath: str(content?.cta_url) || null,
  });
  const close = () => {
    if (!generalModalType) return;
    writeStored(GENERAL_POPUP_KEY, generalModalType);
    setDismissedType(generalModalType);
  };
  return { due, close };
}

/** The popup itself: title, body and the optional button of the `general` popup item. */
export function GeneralPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const content = useContentItem('popup', GENERAL_POPUP_SLUG);
  if (!content) return null;
  const ctaText = str(content.cta_text);
  const ctaUrl = str(content.cta_url);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={str(content.title)}
      className={styles.promo}
      footer={ctaText && ctaUrl ? (
        // The visitor went where the popup pointed: it counts as closed.
        <span onClickCapture={onClose}>
          <ContentLinkButton url={ctaUrl}>{ctaText}</ContentLinkButton>
        </span>
      ) : undefined}
    >
      <RichText html={str(content.body_text)} />
    </Modal>
  );
}
