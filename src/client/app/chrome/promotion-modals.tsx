import { useState } from 'react';
import { AppAnnouncementModal, GeneralPopup, useAppAnnouncement, useGeneralPopup } from '../../features/promotions';
import { useInterruption } from '../../features/interruptions';
import { currentPlatform } from '../../components/platform';
import { SsoTemporaryModal, useSsoTemporary } from './sso-temporary-modal';

/**
 * The page chrome's promotional modals (§2, §4): the temporary single sign-on notice, the app
 * announcement and the general promo popup. Each says when it is due by its own rule; the
 * interruption queue (features/interruptions) decides which one may open, if any.
 */
export function PromotionModals() {
  const [nativeApp] = useState(() => currentPlatform() === 'native');
  const sso = useSsoTemporary();
  const announcement = useAppAnnouncement({ nativeApp });
  const general = useGeneralPopup();
  const showSso = useInterruption('ssoTemporary', sso.due);
  const showAnnouncement = useInterruption('appAnnouncement', announcement.due);
  const showGeneral = useInterruption('generalPopup', general.due);
  return (
    <>
      <SsoTemporaryModal open={showSso} onClose={sso.close} />
      <AppAnnouncementModal open={showAnnouncement} onClose={announcement.close} />
      <GeneralPopup open={showGeneral} onClose={general.close} />
    </>
  );
}
