import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { canJoinHere, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { browserLocation } from '#client/lib/browser-location';
import { usePartner } from '#client/lib/partner';
import { buttonClassName } from '#client/components/button';
import { Modal } from '#client/components/modal';
import { saveLoginRedirect } from '../../session';
import { savePendingFavorite } from '../api';

/** The visitor's question: sign in (or join) to keep favourites; the page and the restaurant are remembered. */
export function SignInToSave({ merchant, onClose, returnFocusRef }: { merchant: MerchantSummary; onClose: () => void; returnFocusRef: RefObject<HTMLButtonElement | null> }) {
  const partner = usePartner();
  const navigate = useNavigate();
  const sso = usesSingleSignOn(partner);
  const here = () => `${window.location.pathname}${window.location.search}`;
  const signIn = () => {
    savePendingFavorite(merchant.id);
    saveLoginRedirect(here());
    if (sso) browserLocation.assign(paths.ssoSignIn(here()));
    else navigate(paths.login());
  };
  const join = () => {
    savePendingFavorite(merchant.id);
    saveLoginRedirect(here());
    navigate(paths.join());
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Sign in to save favorites"
      returnFocusRef={returnFocusRef}
      footer={(
        <>
          <button type="button" className={buttonClassName('primary')} onClick={signIn}>Sign in</button>
          {canJoinHere(partner) && <button type="button" className={buttonClassName('secondary')} onClick={join}>Join</button>}
          <button type="button" className={buttonClassName('link')} onClick={onClose}>Not now</button>
        </>
      )}
    >
      <p>{`Sign in to save ${merchant.name} to your favorites. You'll come back here, with it saved.`}</p>
    </Modal>
  );
}
