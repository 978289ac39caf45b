import { DEMO_PUBLIC_ID_PREFIX, demoMembersFor, SSO_DEMO_ACCOUNTS, type DemoMember, type DemoPartner, type SsoDemoAccount } from './members';

/**
 * What the app needs of the demo data at run time, the one way in from outside demo/ (tests and
 * benchmarks aside): the seed at start-up, and the demo accounts that app.ts hands to the staging
 * tools and the development identity provider. Modules take those as plugin options and import
 * only the DemoAccounts type from here.
 */
export { isSeeded, seed } from './seed';
export { assertNoDemoMembers } from './members';
export { ensureBonusCatalogue } from './bonuses';
export { ensureReservationBooks } from './reservations';
export { needsDemoHistory, sendDemoHistory, sendDemoHistoryOnce } from './history';
export { writeDemoReviews } from './reviews';
export { assertNoDemoStaff, ensureDemoStaff } from './staff';
export type { DemoMember, SsoDemoAccount } from './members';

export type DemoAccounts = {
  /** Every demo member's public id starts with this; real members' never do. */
  publicIdPrefix: string;
  /** The demo accounts of one partner, with their published password, in a fixed order. */
  membersFor: (partner: Pick<DemoPartner, 'code' | 'enrollmentType'>) => DemoMember[];
  /** Accounts of the development identity provider (the same on every sso partner). */
  sso: readonly SsoDemoAccount[];
};

export const demoAccounts: DemoAccounts = {
  publicIdPrefix: DEMO_PUBLIC_ID_PREFIX,
  membersFor: demoMembersFor,
  sso: SSO_DEMO_ACCOUNTS,
};
