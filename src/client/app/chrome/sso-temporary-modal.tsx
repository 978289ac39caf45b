import { useState } from 'react';
import { Modal } from '../../components/modal';
import { LinkButton } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { paths } from '#shared/routes';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { useContentItem } from '../../features/content';
import { useMember } from '../../features/session/api';
import { usePartner } from '../../lib/partner';

/** §4: shown until dismissed, then the date is stored. */
export const SSO_MODAL_KEY = 'RN_SSO_MODAL_DISMISSED';
/** §2 wording when the partner's content gives none. */
export const SSO_MODAL_TEXT = 'Joining and signing in is now even easier! Simply use your SkyMiles account login.';

function dismissed(): boolean {
  try {
    return Boolean(localStorage.getItem(SSO_MODAL_KEY));
  } catch {
    return false;
  }
}

/**
 * §2 temporary modal of a single sign-on partner: due only where the partner's popup content has an
 * `sso_temporary` item, for visitors who are not signed in, until dismissed. Where and when it may
 * open (never on sign-in, joining …) is the interruption queue's to say (features/interruptions).
 */
export function useSsoTemporary(): { due: boolean; close: () => void } {
  const partner = usePartner();
  const content = useContentItem('popup', 'sso_temporary');
  const { member, isLoading } = useMember();
  const [open, setOpen] = useState(() => !dismissed());
  const due = open && usesSingleSignOn(partner) && Boolean(content) && !isLoading && !member;
  const close = () => {
    try {
      localStorage.setItem(SSO_MODAL_KEY, new Date().toISOString());
    } catch {
      // Private mode: the modal simply shows again next time.
    }
    setOpen(false);
  };
  return { due, close };
}

type SsoTemporaryModalProps = {
  /** Whether the interruption queue lets it open (promotion-modals.tsx). */
  open: boolean;
  onClose: () => void;
};

/**
 * The modal: tells visitors that joining and signing in now use the programme's own account,
 * with a 'Sign in/Join Now' button to /Login.
 */
export function SsoTemporaryModal({ open, onClose: close }: SsoTemporaryModalProps) {
  const content = useContentItem('popup', 'sso_temporary');
  if (!content) return null;
  const text = typeof content.body_text === 'string' && content.body_text ? content.body_text : SSO_MODAL_TEXT;
  return (
    <Modal
      open={open}
      onClose={close}
      title={typeof content.title === 'string' && content.title ? content.title : 'Signing in just got simpler'}
      footer={
        <LinkButton to={typeof content.cta_url === 'string' && content.cta_url.startsWith('/') ? content.cta_url : paths.loginAlias()} onClick={close}>
          {typeof content.cta_text === 'string' && content.cta_text ? content.cta_text : 'Sign in/Join Now'}
        </LinkButton>
      }
    >
      <RichText html={text} />
    </Modal>
  );
}
