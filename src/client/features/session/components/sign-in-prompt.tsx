import type { ReactNode, RefObject } from 'react';
import { useNavigate } from '#client/lib/router';
import { canJoinHere, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { browserLocation } from '#client/lib/browser-location';
import { usePartner } from '#client/lib/partner';
import { buttonClassName } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { saveLoginRedirect } from '../arrival-storage';

/**
 * A visitor's "sign in to …" question (favourites, reservations): Sign in, Join (where the partner
 * takes members here) and Not now. `back` is the page to come back to after signing in or joining;
 * `remember` keeps what the visitor was doing (called before either leaves the page).
 */
export function SignInPrompt({ title, back, remember, onClose, returnFocusRef, children }: {
  title: string;
  back: () => string;
  remember?: () => void;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const partner = usePartner();
  const navigate = useNavigate();
  const sso = usesSingleSignOn(partner);
  const signIn = () => {
    remember?.();
    saveLoginRedirect(back());
    if (sso) browserLocation.assign(paths.ssoSignIn(back()));
    else navigate(paths.login());
  };
  const join = () => {
    remember?.();
    saveLoginRedirect(back());
    navigate(paths.join());
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      returnFocusRef={returnFocusRef}
      footer={(
        <>
          <button type="button" className={buttonClassName('primary')} onClick={signIn}>Sign in</button>
          {canJoinHere(partner) && <button type="button" className={buttonClassName('secondary')} onClick={join}>Join</button>}
          <button type="button" className={buttonClassName('link')} onClick={onClose}>Not now</button>
        </>
      )}
    >
      {children}
    </Modal>
  );
}
