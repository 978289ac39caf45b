import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { createOpsApp, demoStaff, OpsBrowser, staffBrowsers } from '../test/ops';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { auditLog, members, partners, settingsChanges, staff, redemptions, type PartnerRow } from '../db/schema';
import { TestBrowser } from '../test/browser';
import { demoPublicId } from '../demo/members';
import { payStatementCredits } from '../modules/rewards/payouts';
import { PAYOUT_BREAKPOINT_CENTS } from '#shared/constants/rewards';
import type { CreditBalance } from '#shared/schemas/rewards';
import type { FeatureFlagsResponse, PartnerConfig } from '#shared/schemas/partner';
import type { OpsSettingsResponse, SettingsChange } from '#shared/schemas/ops-settings';
import { EXPIRED, OWN_REQUEST } from './approvals';
import { CHANGED_SINCE, expireSettingsChanges, NO_PAYOUTS, NOTHING_CHANGES } from './settings';
import { adjustmentLimit } from '#shared/rules/adjustments';

/**
 * Partner settings in the console (issue 27 item 6): validation, partner scope, permissions, the
 * history, and a change of what members earn that waits for a second person and, once approved,
 * is what the partner's site and the rewards rules read (through the partner directory of the
 * running site app, which a change reloads by NOTIFY partner_settings: no reload is called here).
 */
let t: TestApp;
let ops: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const as = staffBrowsers(() => ({ t, ops }));
const partnerRow = async (code: string): Promise<PartnerRow> => (await t.database.db.select().from(partners).where(eq(partners.code, code)))[0]!;
const read = async (role: StaffRole, code = 'hilton') => (await as(role)).send({ method: 'GET', url: `/api/ops/settings/${code}` });
const change = async (role: StaffRole, changes: Record<string, unknown>, code = 'hilton', reason = 'Agreed with the partner on the monthly call') =>
  (await as(role)).send({ method: 'PUT', url: `/api/ops/settings/${code}`, payload: { changes, reason } });
const decide = async (role: StaffRole, id: number, body: Record<string, unknown>) => (await as(role)).send({ method: 'POST', url: `/api/ops/settings-changes/${id}/decision`, payload: body });

/** The partner configuration the partner's site injects into its page (from its partner directory). */
async function pageConfig(code: string): Promise<PartnerConfig> {
  const res = await t.request(code, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const json = /<script id="partner-config" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  return JSON.parse(json ?? '{}') as PartnerConfig;
}
const flags = async (code: string) => (await t.request(code, { method: 'GET', url: '/api/feature-flags' })).json<FeatureFlagsResponse>();

describe('reading a partner\'s settings', () => {
  it('answers the row\'s settings, with support contacts as staff type them', async () => {
    const res = await read('partnerManager');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OpsSettingsResponse>();
    const row = await partnerRow('hilton');
    expect(body.partner.code).toBe('hilton');
    expect(body.settings.earnRates).toEqual(row.earnRates);
    expect(body.settings.hasVIP).toBe(row.hasVIP);
    expect(body.settings.earnBasis).toBe(row.earnBasis);
    expect(body.settings.customerSupport.phone).toBe(row.customerSupport.phone.formatted);
    expect(`mailto:${body.settings.customerSupport.email}`).toBe(row.customerSupport.email.href);
  });

  it('another partner answers 404, no session 401, a role without the permission 403', async () => {
    expect((await read('partnerManager', 'wynd')).statusCode).toBe(404);
    expect((await change('partnerManager', { showEarnRate: false }, 'wynd')).statusCode).toBe(404);
    expect((await read('partnerManager', 'no-such-partner')).statusCode).toBe(404);
    const nobody = new OpsBrowser(ops);
    await nobody.csrf();
    expect((await nobody.send({ method: 'GET', url: '/api/ops/settings/hilton' })).statusCode).toBe(401);
    expect((await read('agent')).statusCode).toBe(403);
    expect((await read('auditor')).statusCode).toBe(200);
    expect((await change('auditor', { showEarnRate: false })).statusCode).toBe(403);
    expect((await change('supervisor', { showEarnRate: false })).statusCode).toBe(403);
    expect((await decide('supervisor', 1, { decision: 'approve' })).statusCode).toBe(403);
  });
});

describe('validation', () => {
  const refused = async (changes: Record<string, unknown>, field: string) => {
    const res = await change('administrator', changes);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; errors?: Array<{ field: string; message: string }> }>();
    expect(JSON.stringify(body), JSON.stringify(changes)).toContain(field);
    return body;
  };

  it('refuses earn rates that are not positive, too high or out of order, and says which', async () => {
    await refused({ earnRates: [0, 3, 6, 10] }, 'must be more than 0');
    await refused({ earnRates: [3, 3, 6, 101] }, 'at most 100');
    await refused({ earnRates: [3, 3, 6, 5] }, 'must not be lower than the Select');
    await refused({ earnRates: [3, 3, 6] }, 'earnRates');
    await refused({ earnRates: [3, 3, 6.125, 10] }, 'two decimals');
  });

  it('refuses a bad earn basis, bad limits, bad support contacts, an unknown setting, no reason', async () => {
    await refused({ earnBasis: 'afterTax' }, 'earn basis');
    await refused({ adjustmentLimits: { agent: 5000, supervisor: 1000, administrator: 1000 } }, "agent's limit must not be higher");
    await refused({ adjustmentLimits: { agent: -1, supervisor: 1000, administrator: 1000 } }, '0 or more');
    await refused({ customerSupport: { phone: '12', email: 'help@hilton.example.com', emailText: '' } }, '7 to 15 digits');
    await refused({ customerSupport: { phone: '1-800-555-0100', email: 'not an address', emailText: '' } }, 'e-mail address');
    await refused({ customerSupport: { phone: '1-800-555-0100', email: 'http://insecure.example.com', emailText: '' } }, 'https contact page');
    await refused({ cardTypesAccepted: ['VISA'] }, 'cardTypesAccepted');
    await refused({}, 'Change at least one setting');
    const noReason = await (await as('administrator')).send({ method: 'PUT', url: '/api/ops/settings/hilton', payload: { changes: { showEarnRate: false }, reason: '' } });
    expect(noReason.statusCode).toBe(400);
  });

  it('refuses host names that are malformed, repeated, another partner\'s, or the console\'s', async () => {
    await refused({ hosts: ['https://dining.example.com'] }, 'host name is letters');
    await refused({ hosts: ['dining.example.com', 'DINING.example.com'] }, 'listed twice');
    await t.database.db.update(partners).set({ hosts: ['dine.wynd.example.com'] }).where(eq(partners.code, 'wynd'));
    await refused({ hosts: ['dine.wynd.example.com'] }, 'already serves another partner (wynd)');
    await refused({ hosts: ['ops.localhost'] }, "operator console's address");
    await refused({ hosts: ['delta.dining.example.com'] }, "another partner's code (delta)");
    expect((await partnerRow('hilton')).hosts).toEqual([]);
  });

  it('refuses a change of nothing', async () => {
    const row = await partnerRow('hilton');
    const body = await refused({ earnRates: row.earnRates, showEarnRate: row.showEarnRate }, 'Nothing changes');
    expect(body.message).toBe(NOTHING_CHANGES);
  });
});

describe('a change that does not touch earning applies at once', () => {
  it('switches, support contacts and hosts change now, the site shows them, and the history and audit log keep who, why, before and after', async () => {
    const before = await partnerRow('hilton');
    expect((await flags('hilton')).partnerFeatureFlags.merchantFavourites).toBe(true);
    const res = await change('partnerManager', {
      hasMerchantFavourites: false, hosts: ['dining.hilton.example.com'],
      customerSupport: { phone: '+1 (800) 555-0199', email: 'care@hilton.example.com', emailText: '' },
    }, 'hilton', 'Favourites retired by the partner');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ applied: SettingsChange | null; pending: SettingsChange | null }>();
    expect(body.pending).toBeNull();
    expect(body.applied).toMatchObject({ status: 'Applied', reason: 'Favourites retired by the partner', requestedBy: { name: 'Morgan Manager' } });
    expect(body.applied!.fields.sort()).toEqual(['customerSupport', 'hasMerchantFavourites', 'hosts']);
    expect(body.applied!.before).toMatchObject({ hasMerchantFavourites: true, hosts: [] });
    const after = await partnerRow('hilton');
    expect(after.hasMerchantFavourites).toBe(false);
    expect(after.hosts).toEqual(['dining.hilton.example.com']);
    expect(after.customerSupport).toEqual({ phone: { href: 'tel:+18005550199', formatted: '+1 (800) 555-0199' }, email: { href: 'mailto:care@hilton.example.com', display: 'care@hilton.example.com' } });
    expect(after.earnRates).toEqual(before.earnRates);
    // The running site reads its partner directory, reloaded by the change's NOTIFY.
    await vi.waitFor(async () => expect((await flags('hilton')).partnerFeatureFlags.merchantFavourites).toBe(false), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect((await pageConfig('hilton')).customerSupport.phone.formatted).toBe('+1 (800) 555-0199'), { timeout: 5000, interval: 50 });
    const served = await t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: { host: 'dining.hilton.example.com' } });
    expect(served.statusCode).toBe(200);

    const history = (await read('auditor')).json<OpsSettingsResponse>().history;
    expect(history[0]).toMatchObject({ id: body.applied!.id, status: 'Applied', reason: 'Favourites retired by the partner' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'settings.change'), eq(auditLog.target, `settings-change:${body.applied!.id}`)));
    expect(entry).toMatchObject({ partnerId: before.id, reason: 'Favourites retired by the partner', role: 'partnerManager' });
    expect(entry!.after).toMatchObject({ hasMerchantFavourites: false });
  });
});

/** A change the administrator sends that the server refuses with 400, naming the problem. */
async function refusedAs(changes: Record<string, unknown>, words: string) {
  const res = await change('administrator', changes);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toContain(words);
}

describe('a change of what members earn waits for a second person', () => {
  it('is pending until another person approves; the requester cannot; then the site and the rules use it', async () => {
    const before = await partnerRow('hilton');
    const newRates = [before.earnRates[0], before.earnRates[1], before.earnRates[2] + 1, before.earnRates[3] + 2];
    const res = await change('partnerManager', { earnRates: newRates, showEarnRate: !before.showEarnRate }, 'hilton', 'Double-up season for the partner');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ applied: SettingsChange | null; pending: SettingsChange | null }>();
    // The display switch applied at once; the rates wait.
    expect(body.applied?.fields).toEqual(['showEarnRate']);
    expect(body.pending).toMatchObject({ fields: ['earnRates'], status: 'PendingApproval', before: { earnRates: before.earnRates }, after: { earnRates: newRates } });
    expect(Date.parse(body.pending!.expiresAt!) - Date.parse(body.pending!.requestedAt)).toBe(72 * 3_600_000);
    expect((await partnerRow('hilton')).earnRates).toEqual(before.earnRates);
    expect((await pageConfig('hilton')).earnRates).toEqual(before.earnRates);
    const view = (await read('administrator')).json<OpsSettingsResponse>();
    expect(view.pending.map((c) => c.id)).toEqual([body.pending!.id]);
    expect(view.settings.earnRates).toEqual(before.earnRates);

    // Never the requester's own.
    const own = await decide('partnerManager', body.pending!.id, { decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json<{ message: string }>().message).toBe(OWN_REQUEST);
    expect((await partnerRow('hilton')).earnRates).toEqual(before.earnRates);

    const approved = await decide('administrator', body.pending!.id, { decision: 'approve', note: 'Checked with the contract' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<SettingsChange>()).toMatchObject({ status: 'Applied', decidedBy: { name: 'Ada Admin' }, decisionNote: 'Checked with the contract' });
    expect((await partnerRow('hilton')).earnRates).toEqual(newRates);
    // The partner's site: its page's configuration (the earn rates every screen and the copy read) follows at once.
    await vi.waitFor(async () => expect((await pageConfig('hilton')).earnRates).toEqual(newRates), { timeout: 5000, interval: 50 });
    expect((await decide('administrator', body.pending!.id, { decision: 'approve' })).statusCode).toBe(409);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'settings.approve'), eq(auditLog.target, `settings-change:${body.pending!.id}`)));
    expect(entry).toMatchObject({ role: 'administrator', reason: 'Checked with the contract' });
  });

  it('the VIP switch waits too; a rejection leaves the setting and the site as they were', async () => {
    const before = await partnerRow('hilton');
    const res = await change('administrator', { hasVIP: !before.hasVIP });
    const pending = res.json<{ pending: SettingsChange }>().pending;
    expect(pending.fields).toEqual(['hasVIP']);
    expect((await decide('partnerManager', pending.id, { decision: 'reject' })).statusCode).toBe(400);
    const rejected = await decide('partnerManager', pending.id, { decision: 'reject', note: 'Not agreed with the partner' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<SettingsChange>().status).toBe('Rejected');
    expect((await partnerRow('hilton')).hasVIP).toBe(before.hasVIP);
    expect((await flags('hilton')).partnerFeatureFlags.vip).toBe(before.hasVIP);
  });

  it("the VIP threshold waits; once approved the member's meter, the copy and the engine's policy count to it", async () => {
    await refusedAs({ vipQualifyingDines: 0 }, 'at least 1');
    await refusedAs({ vipQualifyingDines: 101 }, 'at most 100');
    await refusedAs({ vipQualifyingDines: 4.5 }, 'whole number');
    const before = await partnerRow('hilton');
    expect(before.vipQualifyingDines).toBe(11);
    const site = new TestBrowser(t, 'hilton');
    expect((await site.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const progress = async () => (await site.send({ method: 'GET', url: '/api/Member' })).json<{ diningProgress: { dinesRequired: number } }>().diningProgress;
    expect((await progress()).dinesRequired).toBe(11);
    const pending = (await change('partnerManager', { vipQualifyingDines: 5 })).json<{ pending: SettingsChange }>().pending;
    expect(pending).toMatchObject({ fields: ['vipQualifyingDines'], before: { vipQualifyingDines: 11 }, after: { vipQualifyingDines: 5 } });
    expect((await partnerRow('hilton')).vipQualifyingDines).toBe(11);
    expect((await decide('administrator', pending.id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await partnerRow('hilton')).vipQualifyingDines).toBe(5);
    await vi.waitFor(async () => expect((await progress()).dinesRequired).toBe(5), { timeout: 5000, interval: 50 });
    const config = await pageConfig('hilton');
    expect(config.vipQualifyingDines).toBe(5);
    expect(config.copyStates.vipDines).toBe('5');
    // Back to the default for the tests that follow (approved by the other person).
    const back = (await change('administrator', { vipQualifyingDines: 11 })).json<{ pending: SettingsChange }>().pending;
    expect((await decide('partnerManager', back.id, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('adjustment limits wait, and once approved are the limits adjustments use', async () => {
    const res = await change('partnerManager', { adjustmentLimits: { agent: 50, supervisor: 500, administrator: 900 } });
    const pending = res.json<{ pending: SettingsChange }>().pending;
    expect(pending.fields).toEqual(['adjustmentLimits']);
    expect((await decide('administrator', pending.id, { decision: 'approve' })).statusCode).toBe(200);
    expect(adjustmentLimit('agent', await partnerRow('hilton'))).toBe(50);
  });

  it('approving a change asked from values that have since changed is refused', async () => {
    const row = await partnerRow('hilton');
    const first = (await change('partnerManager', { earnBasis: row.earnBasis === 'preTip' ? 'wholeBill' : 'preTip' })).json<{ pending: SettingsChange }>().pending;
    const second = (await change('partnerManager', { earnBasis: row.earnBasis === 'preTip' ? 'wholeBill' : 'preTip' }, 'hilton', 'Asked twice by mistake')).json<{ pending: SettingsChange }>().pending;
    expect((await decide('administrator', first.id, { decision: 'approve' })).statusCode).toBe(200);
    const stale = await decide('administrator', second.id, { decision: 'approve' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(CHANGED_SINCE);
  });

  it('a change not decided within 72 hours expires', async () => {
    const row = await partnerRow('hilton');
    const pending = (await change('partnerManager', { acclaimed2Enabled: !row.acclaimed2Enabled })).json<{ pending: SettingsChange }>().pending;
    await t.database.db.update(settingsChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(settingsChanges.id, pending.id));
    const late = await decide('administrator', pending.id, { decision: 'approve' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(EXPIRED);
    expect((await partnerRow('hilton')).acclaimed2Enabled).toBe(row.acclaimed2Enabled);
    const another = (await change('partnerManager', { acclaimed2Enabled: !row.acclaimed2Enabled })).json<{ pending: SettingsChange }>().pending;
    expect(await expireSettingsChanges(t.database.db, new Date(Date.now() + 73 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await t.database.db.select().from(settingsChanges).where(eq(settingsChanges.id, another.id)))[0]!.status).toBe('Expired');
  });

  it("the payout breakpoint (cash back only) waits; once approved the member's balance and the payout job use it", async () => {
    expect((await change('administrator', { payoutBreakpointCents: 1000 })).json<{ message: string }>().message).toBe(NO_PAYOUTS);
    const ftch = await partnerRow('ftch');
    expect(ftch.payoutBreakpointCents).toBe(PAYOUT_BREAKPOINT_CENTS);
    // The partner manager works for ftch too here: the second person with settings.approve.
    const manager = (await t.database.db.select().from(staff).where(eq(staff.email, demoStaff('partnerManager').email)))[0]!;
    await t.database.db.update(staff).set({ partnerIds: [...manager.partnerIds, ftch.id] }).where(eq(staff.id, manager.id));
    const site = new TestBrowser(t, 'ftch');
    expect((await site.signInAs(demoPublicId('ftch', 'select-card'))).statusCode).toBe(200);
    const balance = async () => (await site.send({ method: 'GET', url: '/api/Member/StatementCreditBalance' })).json<CreditBalance>();
    expect((await balance()).payoutBreakpoint).toBe(PAYOUT_BREAKPOINT_CENTS / 100);
    const [member] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('ftch', 'select-card')));
    const creditsOf = async () => (await t.database.db.select().from(redemptions).where(eq(redemptions.memberId, member!.id))).length;
    // Whatever is due at the current breakpoint is paid; then $6 stays in the balance, below it.
    await payStatementCredits(t.database.db);
    const posted = await (await as('administrator')).send({
      method: 'POST', url: `/api/ops/members/${member!.id}/adjustments`,
      payload: { sourceCode: 'A', amount: 600, reasonCode: 'goodwill', note: 'Breakpoint test', idempotencyKey: `settings-breakpoint-${Date.now()}` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const credits = await creditsOf();
    await payStatementCredits(t.database.db);
    expect(await creditsOf()).toBe(credits);

    const pending = (await change('administrator', { payoutBreakpointCents: 500 }, 'ftch')).json<{ pending: SettingsChange }>().pending;
    expect(pending.fields).toEqual(['payoutBreakpointCents']);
    await payStatementCredits(t.database.db);
    expect(await creditsOf()).toBe(credits);
    expect((await decide('partnerManager', pending.id, { decision: 'approve' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await balance()).payoutBreakpoint).toBe(5), { timeout: 5000, interval: 50 });
    await payStatementCredits(t.database.db);
    expect(await creditsOf()).toBe(credits + 1);
  });

  it('the history lists every change, newest first, with its status', async () => {
    const history = (await read('partnerManager')).json<OpsSettingsResponse>().history;
    const ids = history.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const statuses = new Set(history.map((c) => c.status));
    for (const s of ['Applied', 'Rejected', 'Expired']) expect(statuses.has(s as SettingsChange['status']), s).toBe(true);
    expect(history.filter((c) => c.partnerCode !== 'hilton' || c.reason.length < 3)).toEqual([]);
  });
});
