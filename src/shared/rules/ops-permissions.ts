import type { API_PATHS, ApiName } from '../api-paths';

/**
 * The operator console's roles and what each may do (issue 27): one table, read by the server
 * (every console call names its permission; server/ops/staff-auth.ts refuses the rest) and by the
 * console (it hides what the role cannot do). A role is scoped to partners by the staff member's
 * partner list (or all partners); a new account has the role `none`, which may do nothing.
 */

export const STAFF_ROLES = ['none', 'agent', 'supervisor', 'contentEditor', 'partnerManager', 'auditor', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  none: 'No access yet',
  agent: 'Agent (tier 1)',
  supervisor: 'Supervisor (tier 2)',
  contentEditor: 'Content editor',
  partnerManager: 'Partner manager',
  auditor: 'Auditor (read only)',
  administrator: 'Administrator',
};

/** What a console call does, in the words of the permission table. */
export const OPS_PERMISSIONS = [
  /** Find members and open a member's page (profile, cards, dines, rewards, claims, e-mails, sign-ins). */
  'members.read',
  /** Lift a member's sign-in lock. */
  'members.unlock',
  /** E-mail a member a one-time sign-in link. */
  'members.signInLink',
  /** Send a member again an e-mail they were sent (to their current address). */
  'members.resendEmail',
  /** Close a member's account: every card unlinked, the account closed (the member may re-enrol). */
  'members.close',
  /** "View as member": the member's site as the member sees it, read only, for 30 minutes (§6). */
  'members.emulate',
  /** The missing-reward claims in review. */
  'claims.read',
  /** Award or reject a claim in review (the member is e-mailed). */
  'claims.resolve',
  /** Reward adjustments: a member's, and those waiting for approval. */
  'adjustments.read',
  /** Request a reward adjustment (M, A, J, +): posted at once within the role's limit, else it waits for a second person. */
  'adjustments.create',
  /** Approve or reject another person's adjustment waiting for approval. */
  'adjustments.approve',
  /** Redemptions held for review (issue 28): see the queue; release one to be sent, or reject it (the money goes back). */
  'redemptions.read',
  'redemptions.release',
  /** Read and export the audit log. */
  'audit.read',
  /** Look up an error by the reference code a member reads on the error page. */
  'errors.read',
  /** Staff accounts: list, create (a setup link), change role and partners, unlock, disable. */
  'staff.manage',
  /** The partners' reports per day (joins, dines, rewards, payouts, liability, claims, reservations) and their CSV. */
  'reports.read',
  /** The card-network events waiting for a person: refunds parked with no purchase, events in review, failed events. */
  'events.read',
  /** Apply such an event again (through the rewards engine) or dismiss it with a reason. */
  'events.resolve',
  /** A partner's settings (switches, earning, limits, support contacts, hosts) and their change history. */
  'settings.read',
  /** Change a partner's settings: at once, or (what members earn) waiting for a second person. */
  'settings.change',
  /** Approve or reject another person's settings change waiting for approval. */
  'settings.approve',
  /** The partners' content pages: items, drafts, versions and schedules. */
  'content.read',
  /** Edit content drafts, preview them on the partner site, publish, roll back, schedule (§6 cmsPreview). */
  'content.edit',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

const SERVICE: readonly OpsPermission[] = ['members.read', 'members.unlock', 'members.signInLink', 'members.resendEmail', 'members.emulate', 'claims.read', 'claims.resolve', 'adjustments.read', 'adjustments.create', 'redemptions.read', 'errors.read'];

/** The table: each role's permissions. An auditor reads everything and changes nothing. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly OpsPermission[]> = {
  none: [],
  agent: [...SERVICE, 'events.read'],
  supervisor: [...SERVICE, 'members.close', 'adjustments.approve', 'redemptions.release', 'reports.read', 'events.read', 'events.resolve', 'settings.read'],
  contentEditor: ['content.read', 'content.edit'],
  partnerManager: ['members.read', 'claims.read', 'adjustments.read', 'reports.read', 'settings.read', 'settings.change', 'settings.approve', 'content.read'],
  auditor: ['members.read', 'claims.read', 'adjustments.read', 'redemptions.read', 'audit.read', 'errors.read', 'reports.read', 'events.read', 'settings.read', 'content.read'],
  administrator: [...SERVICE, 'members.close', 'adjustments.approve', 'redemptions.release', 'audit.read', 'staff.manage', 'reports.read', 'events.read', 'events.resolve', 'settings.read', 'settings.change', 'settings.approve', 'content.read', 'content.edit'],
};

/** The team a member is told looked at their account (the member's access list, the emulation banner). */
export const STAFF_TEAMS: Record<StaffRole, string> = {
  none: 'Our team',
  agent: 'Customer service',
  supervisor: 'Customer service',
  contentEditor: 'Our content team',
  partnerManager: 'Partner management',
  auditor: 'Audit',
  administrator: 'Programme administration',
};

export function can(role: StaffRole, permission: OpsPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The partners a staff member works for: every partner, or the ids listed. */
export type PartnerScope = { allPartners: boolean; partnerIds: readonly number[] };

export function inScope(scope: PartnerScope, partnerId: number): boolean {
  return scope.allPartners || scope.partnerIds.includes(partnerId);
}

/**
 * Who may call each console call: 'public' (signing in, setting up an account), 'staff' (any
 * signed-in staff member: who am I, sign out) or the permission it needs. Keyed by the API
 * table's names of the console's calls, so a call added without its line is a compile error, and
 * the permission test (server/ops/permissions.test.ts) walks this table.
 */
export const OPS_CALL_ACCESS = {
  opsCsrf: 'public',
  opsSignIn: 'public',
  opsSetupInfo: 'public',
  opsSetup: 'public',
  opsMe: 'staff',
  opsSignOut: 'staff',
  opsPartners: 'staff',
  opsMemberSearch: 'members.read',
  opsMember: 'members.read',
  opsMemberUnlock: 'members.unlock',
  opsMemberSignInLink: 'members.signInLink',
  opsMemberEmulate: 'members.emulate',
  opsMemberResendEmail: 'members.resendEmail',
  opsMemberClose: 'members.close',
  opsEmulationEnd: 'members.emulate',
  opsClaims: 'claims.read',
  opsClaimResolve: 'claims.resolve',
  opsClaimCandidates: 'claims.read',
  opsRedemptionHolds: 'redemptions.read',
  opsRedemptionDecide: 'redemptions.release',
  opsAdjustmentCreate: 'adjustments.create',
  opsAdjustments: 'adjustments.read',
  opsAdjustmentDecide: 'adjustments.approve',
  opsAudit: 'audit.read',
  opsErrorLookup: 'errors.read',
  opsStaff: 'staff.manage',
  opsStaffCreate: 'staff.manage',
  opsStaffUpdate: 'staff.manage',
  opsReport: 'reports.read',
  opsReportCsv: 'reports.read',
  opsCardEvents: 'events.read',
  opsCardEventApply: 'events.resolve',
  opsCardEventDismiss: 'events.resolve',
  opsSettings: 'settings.read',
  opsSettingsChange: 'settings.change',
  opsSettingsDecide: 'settings.approve',
  opsContentList: 'content.read',
  opsContentItem: 'content.read',
  opsContentDraft: 'content.edit',
  opsContentDraftDiscard: 'content.edit',
  opsContentPublish: 'content.edit',
  opsContentRollback: 'content.edit',
  opsContentSchedule: 'content.edit',
  opsContentScheduleCancel: 'content.edit',
  opsContentPreview: 'content.edit',
} as const satisfies Record<OpsCallName, OpsCallAccess>;

export type OpsCallAccess = 'public' | 'staff' | OpsPermission;
/** The API table's names of the console's calls (their paths start /api/ops/). */
export type OpsCallName = { [K in ApiName]: (typeof API_PATHS)[K]['path'] extends `/api/ops/${string}` ? K : never }[ApiName];
