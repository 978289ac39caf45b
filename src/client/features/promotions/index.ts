/** §4 promotional modals: the general promo popup and the app announcement (the page chrome decides which one shows). */
export { GeneralPopup, useGeneralPopup } from './general-popup';
export { AppAnnouncementModal, useAppAnnouncement } from './app-announcement-modal';
