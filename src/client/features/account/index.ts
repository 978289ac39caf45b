/**
 * The account centre (§2, §6): membership status and progress, the profile, the referral box,
 * the re-enrolment page of a closed account, the support contact and the account navigation.
 */
export { useUpdateProfile, type ProfileUpdateResponse } from './api';
export { ACCOUNT_HOME, ACCOUNT_PAGES } from './pages';
export { customerSupportFor, useCustomerSupport } from './customer-support';
export { diningProgressView, formatJoinDate, referralLink, tierEarning, tierName, TIER_NAMES } from './membership';
export { PASSWORD_MASK, PROFILE_NO_CHANGES, PROFILE_NOT_SAVED, PROFILE_SAVED, REQUIRED_NOTE, profileValues, type ProfileValues } from './profile-values';
export { useSignOutAndReload } from './use-sign-out';
export { DiningProgress } from './components/dining-progress';
export { MembershipStatus } from './components/membership-status';
export { ProfileForm } from './components/profile-form';
export { ReferralBox, REFERRAL_COPIED_MESSAGE, REFERRAL_COPY_FALLBACK_MESSAGE } from './components/referral-box';
export { ReEnrolmentPage, RE_ENROLMENT_SUBMIT, RE_ENROLMENT_TITLE } from './components/re-enrolment-page';
export { default as overviewStyles } from './components/overview.module.css';
