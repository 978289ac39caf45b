import { describe, expect, it } from 'vitest';
import { can, inScope, OPS_CALL_ACCESS, OPS_PERMISSIONS, ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES, STAFF_TEAMS, type OpsPermission, type StaffRole } from './ops-permissions';

/** What each role may do, as issue 27's table lists it (read through `can`, the function the server and console ask). */
const TABLE: Record<StaffRole, OpsPermission[]> = {
  none: [],
  agent: [
    'members.read', 'members.unlock', 'members.signInLink', 'members.resendEmail', 'members.emulate',
    'claims.read', 'claims.resolve', 'adjustments.read', 'adjustments.create', 'redemptions.read', 'errors.read', 'events.read',
  ],
  supervisor: [
    'members.read', 'members.unlock', 'members.signInLink', 'members.resendEmail', 'members.close', 'members.emulate',
    'claims.read', 'claims.resolve', 'adjustments.read', 'adjustments.create', 'adjustments.approve', 'redemptions.read', 'redemptions.release',
    'errors.read', 'reports.read', 'events.read', 'events.resolve', 'settings.read',
  ],
  contentEditor: ['content.read', 'content.edit'],
  partnerManager: ['members.read', 'claims.read', 'adjustments.read', 'reports.read', 'settings.read', 'settings.change', 'settings.approve', 'content.read'],
  auditor: ['members.read', 'claims.read', 'adjustments.read', 'redemptions.read', 'audit.read', 'errors.read', 'reports.read', 'events.read', 'settings.read', 'content.read'],
  administrator: [
    'members.read', 'members.unlock', 'members.signInLink', 'members.resendEmail', 'members.close', 'members.emulate',
    'claims.read', 'claims.resolve', 'adjustments.read', 'adjustments.create', 'adjustments.approve', 'redemptions.read', 'redemptions.release',
    'audit.read', 'errors.read', 'staff.manage', 'reports.read', 'events.read', 'events.resolve',
    'settings.read', 'settings.change', 'settings.approve', 'content.read', 'content.edit',
  ],
};

const allowed = (role: StaffRole) => OPS_PERMISSIONS.filter((p) => can(role, p));

describe('what each staff role may do (issue 27)', () => {
  it.each(STAFF_ROLES.map((role) => [role]))('%s may do exactly what the table says', (role) => {
    expect(allowed(role)).toEqual([...TABLE[role]].sort((a, b) => OPS_PERMISSIONS.indexOf(a) - OPS_PERMISSIONS.indexOf(b)));
  });

  it('lists each permission of a role once, and only permissions that exist', () => {
    for (const role of STAFF_ROLES) {
      expect(new Set(ROLE_PERMISSIONS[role]).size, role).toBe(ROLE_PERMISSIONS[role].length);
      expect(ROLE_PERMISSIONS[role].filter((p) => !OPS_PERMISSIONS.includes(p)), role).toEqual([]);
    }
  });

  it('a new account (none) may do nothing', () => {
    expect(allowed('none')).toEqual([]);
    expect(can('none', 'members.read')).toBe(false);
  });

  it('an auditor reads everything and changes nothing', () => {
    const reads = OPS_PERMISSIONS.filter((p) => p.endsWith('.read'));
    expect(reads).toHaveLength(10);
    expect(reads.filter((p) => !can('auditor', p))).toEqual([]);
    expect(allowed('auditor').filter((p) => !p.endsWith('.read'))).toEqual([]);
  });

  it('only an administrator manages staff; a content editor touches content only', () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'staff.manage'))).toEqual(['administrator']);
    expect(STAFF_ROLES.filter((r) => can(r, 'content.edit'))).toEqual(['contentEditor', 'administrator']);
    expect(can('contentEditor', 'members.read')).toBe(false);
  });

  it('a tier-1 agent serves members but cannot close accounts, approve adjustments or release redemptions', () => {
    expect(can('agent', 'members.unlock')).toBe(true);
    expect(can('agent', 'members.close')).toBe(false);
    expect(can('agent', 'adjustments.approve')).toBe(false);
    expect(can('agent', 'redemptions.release')).toBe(false);
    expect(can('supervisor', 'members.close')).toBe(true);
  });

  it('every console call that needs a permission names one a role has', () => {
    const needed = [...new Set(Object.values(OPS_CALL_ACCESS).filter((a) => a !== 'public' && a !== 'staff'))];
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.filter((p) => !STAFF_ROLES.some((r) => can(r, p as OpsPermission)))).toEqual([]);
  });
});

describe('the words staff and members read', () => {
  it('role labels in the console', () => {
    expect(ROLE_LABELS).toEqual({
      none: 'No access yet',
      agent: 'Agent (tier 1)',
      supervisor: 'Supervisor (tier 2)',
      contentEditor: 'Content editor',
      partnerManager: 'Partner manager',
      auditor: 'Auditor (read only)',
      administrator: 'Administrator',
    });
  });

  it('the team a member is told looked at their account', () => {
    expect(STAFF_TEAMS).toEqual({
      none: 'Our team',
      agent: 'Customer service',
      supervisor: 'Customer service',
      contentEditor: 'Our content team',
      partnerManager: 'Partner management',
      auditor: 'Audit',
      administrator: 'Programme administration',
    });
  });
});

describe('partner scope', () => {
  it('all partners: any partner id', () => {
    expect(inScope({ allPartners: true, partnerIds: [] }, 7)).toBe(true);
    expect(inScope({ allPartners: true, partnerIds: [1] }, 7)).toBe(true);
  });

  it('a list: the ids listed and no other', () => {
    const scope = { allPartners: false, partnerIds: [3, 5] };
    expect(inScope(scope, 3)).toBe(true);
    expect(inScope(scope, 5)).toBe(true);
    expect(inScope(scope, 4)).toBe(false);
    expect(inScope({ allPartners: false, partnerIds: [] }, 3)).toBe(false);
  });
});
