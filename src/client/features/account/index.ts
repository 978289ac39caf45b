/**
 * Public entry of the account feature for other features: tier names and membership copy, the
 * support contact, the account navigation, the profile call and sign-out-and-reload. The account
 * centre's pages are imported by routes/ (and app/) from their files.
 */
export { useUpdateProfile, type ProfileUpdateResponse } from './api';
export { ACCOUNT_HOME, ACCOUNT_PAGES, accountPages } from './pages';
export { customerSupportFor, useCustomerSupport } from './customer-support';
export { diningProgressView, formatJoinDate, referralLink, tierEarning, tierName, TIER_NAMES } from './membership';
export { useSignOutAndReload } from './use-sign-out';
