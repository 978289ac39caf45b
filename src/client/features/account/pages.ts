import { paths } from '#shared/routes';

/** §2 account centre navigation, in the order of its labels. */
export const ACCOUNT_PAGES: ReadonlyArray<{ path: string; segment: string; label: string }> = [
  { path: paths.account.overview(), segment: 'overview', label: 'Account Overview' },
  { path: paths.account.recentActivity(), segment: 'recent_activity', label: 'Reviews & History' },
  { path: paths.account.cards(), segment: 'manage_cards', label: 'Linked Cards' },
  { path: paths.account.profile(), segment: 'user_profile', label: 'Profile' },
];

export const ACCOUNT_HOME = paths.account.overview();
