import { useState } from 'react';
import { nextPromotion } from '#shared/rules/promotions';
import { AppAnnouncementModal, GeneralPopup, useAppAnnouncement, useGeneralPopup } from '../../features/promotions';
import { usePartner } from '../../lib/partner';
import { currentPlatform } from './platform';
import { SsoTemporaryModal, useSsoTemporary } from './sso-temporary-modal';

/**
 * The page chrome's promotional modals (§2, §4): the temporary single sign-on notice, the app
 * announcement and the general promo popup, one at a time and at most one per visit; none while
 * the maintenance notice is up.
 */
export function PromotionModals() {
  const partner = usePartner();
  const [nativeApp] = useState(() => currentPlatform() === 'native');
  const sso = useSsoTemporary();
  const announcement = useAppAnnouncement({ nativeApp });
  const general = useGeneralPopup();
  const [closedOne, setClosedOne] = useState(false);
  const which = nextPromotion(
    { ssoTemporary: sso.due, appAnnouncement: announcement.due, general: general.due },
    { closedOne, maintenance: partner.maintenanceMode ?? false },
  );
  const closing = (close: () => void) => () => {
    close();
    setClosedOne(true);
  };
  return (
    <>
      <SsoTemporaryModal open={which === 'ssoTemporary'} onClose={closing(sso.close)} />
      <AppAnnouncementModal open={which === 'appAnnouncement'} onClose={closing(announcement.close)} />
      <GeneralPopup open={which === 'general'} onClose={closing(general.close)} />
    </>
  );
}
