import { hasMembers, offersFavorites, paysStatementCredits, takesTableReservations } from '#shared/rules/partner-features';
import { paths, type RoutePartner } from '#shared/routes';

export type AccountPage = {
  path: string; segment: string; label: string;
  /** Only for partners where this holds. */
  when?: (partner: RoutePartner) => boolean;
  /** Pages reached from this one that sit outside its path: its tab stays marked on them. */
  subPages?: readonly string[];
};

/** §2 account centre navigation, in the order of its labels. */
export const ACCOUNT_PAGES: ReadonlyArray<AccountPage> = [
  { path: paths.account.overview(), segment: 'overview', label: 'Account Overview' },
  { path: paths.account.recentActivity(), segment: 'recent_activity', label: 'Reviews & History', subPages: [paths.account.claims()] },
  { path: paths.account.redeem(), segment: 'redeem', label: 'Redeem', when: (p) => paysStatementCredits(p) && hasMembers(p) },
  { path: paths.account.cards(), segment: 'manage_cards', label: 'Linked Cards' },
  { path: paths.account.profile(), segment: 'user_profile', label: 'Profile' },
  { path: paths.account.favorites(), segment: 'favorites', label: 'Favorites', when: offersFavorites },
  { path: paths.account.reservations(), segment: 'reservations', label: 'Reservations', when: (p) => takesTableReservations(p) && hasMembers(p) },
];

/** The account pages this partner has (Favorites only with merchant favourites, Redeem only for cash back). */
export function accountPages(partner: RoutePartner): ReadonlyArray<AccountPage> {
  return ACCOUNT_PAGES.filter((page) => !page.when || page.when(partner));
}

/** Whether `pathname` is one of the sub-pages a tab keeps (the missing-reward claims belong to Reviews & History). */
export function isSubPageOf(page: AccountPage, pathname: string): boolean {
  return (page.subPages ?? []).some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
