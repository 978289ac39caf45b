import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partners, staff } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { seal, type SealingKey } from '../lib/sealed';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { DEMO_PASSWORD } from './members';

/**
 * Demo staff of the operator console (issue 27), outside production only: one per role, the demo
 * password, and TOTP secrets published in docs/demo-staff.md (so anyone can add them to an
 * authenticator app, or compute a code: `npm run ops -- code --email …`). Partner-scoped roles
 * work for delta and hilton; the others for every partner.
 */
export type DemoStaff = { email: string; name: string; role: StaffRole; partners: 'all' | readonly string[]; totpSecret: string };

export const DEMO_STAFF: readonly DemoStaff[] = [
  { email: 'agent@ops.example.com', name: 'Alex Agent', role: 'agent', partners: ['delta', 'hilton'], totpSecret: 'XAKRXXTS4G2HT7OLV4CTEIOCNZ5MN5JY' },
  { email: 'supervisor@ops.example.com', name: 'Sam Supervisor', role: 'supervisor', partners: 'all', totpSecret: '5E5WFO726TNMIAWLT5TJAXW7DDHNA7OR' },
  { email: 'editor@ops.example.com', name: 'Eden Editor', role: 'contentEditor', partners: ['hilton', 'delta'], totpSecret: 'PAKIHXUDMSDW7VZCWDILTZL2ZGLLUHOG' },
  { email: 'manager@ops.example.com', name: 'Morgan Manager', role: 'partnerManager', partners: ['hilton'], totpSecret: 'ZHSHDEE7BTN5OBLV4SVPNGRBJQTGF2EV' },
  { email: 'auditor@ops.example.com', name: 'Ari Auditor', role: 'auditor', partners: 'all', totpSecret: 'EDATFKELUGPP7BVJPY5DZTVHCLK6QUZ7' },
  { email: 'admin@ops.example.com', name: 'Ada Admin', role: 'administrator', partners: 'all', totpSecret: '5BS5M3JWYNEZXAOMV3WYTXHVU7HHFSGP' },
];

/** Adds the demo staff that are missing (an existing account is left as it is). */
export async function ensureDemoStaff(db: Db, key: SealingKey): Promise<void> {
  const codes = new Map((await db.select({ id: partners.id, code: partners.code }).from(partners)).map((p) => [p.code.toLowerCase(), p.id]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const s of DEMO_STAFF) {
    const partnerIds = s.partners === 'all' ? [] : s.partners.map((c) => codes.get(c)).filter((id): id is number => id !== undefined);
    await db.insert(staff).values({
      email: s.email, name: s.name, role: s.role, allPartners: s.partners === 'all', partnerIds, passwordHash, totpSecret: seal(key, s.totpSecret), status: 'active',
    }).onConflictDoNothing();
  }
}

/** No demo staff in production (a data folder or database copied from a demo must not open the console). */
export async function assertNoDemoStaff(db: Db): Promise<void> {
  const found = await db.select({ id: staff.id }).from(staff).where(inArray(staff.email, DEMO_STAFF.map((s) => s.email))).limit(1);
  if (found.length > 0) throw new Error('This database has demo staff accounts of the operator console (published password and second factor): remove them before running in production.');
}
