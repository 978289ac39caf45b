import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { createOpsApp, OpsBrowser, staffBrowsers } from '../test/ops';
import { TestBrowser } from '../test/browser';
import { auditLog, memberCards, memberRewards, members, outbox, partners, sessions } from '../db/schema';
import { demoPublicId } from '../demo/members';

/** A member's page actions in the console: resend an e-mail, close the account (issue 27 item 1). */

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
const memberOf = async (partner: string, who: string) => (await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId(partner, who))))[0]!;

describe('resend an e-mail', () => {
  it('sends the same message again to the member\'s current address, audited; only the member\'s own e-mails, only with a reason', async () => {
    const m = await memberOf('hilton', 'select-card');
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    const [sent] = await t.database.db.insert(outbox).values({ partnerId: partner!.id, memberId: m.id, toAddress: 'old.address@example.com', subject: 'Your dine at Ember & Flour', textBody: 'You earned 250 points.', htmlBody: '<p>You earned 250 points.</p>' }).returning();
    const agent = await as('agent');
    const noReason = await agent.send({ method: 'POST', url: `/api/ops/members/${m.id}/emails/${sent!.id}/resend`, payload: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    const res = await agent.send({ method: 'POST', url: `/api/ops/members/${m.id}/emails/${sent!.id}/resend`, payload: { reason: 'Member deleted it by mistake' } });
    expect(res.statusCode, res.body).toBe(202);
    await expect.poll(async () => (await t.database.db.select().from(outbox).where(and(eq(outbox.memberId, m.id), eq(outbox.subject, 'Your dine at Ember & Flour')))).length).toBe(2);
    const copies = await t.database.db.select().from(outbox).where(and(eq(outbox.memberId, m.id), eq(outbox.subject, 'Your dine at Ember & Flour')));
    expect(copies.at(-1)).toMatchObject({ toAddress: m.email, textBody: 'You earned 250 points.', htmlBody: '<p>You earned 250 points.</p>' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'member.resendEmail'), eq(auditLog.target, `email:${sent!.id}`)));
    expect(entry).toMatchObject({ memberId: m.id, reason: 'Member deleted it by mistake' });
    // Another member's e-mail under this member's address is not found.
    const other = await memberOf('hilton', 'basic-card');
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${other.id}/emails/${sent!.id}/resend`, payload: { reason: 'Trying another member' } })).statusCode).toBe(404);
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${m.id}/emails/abc/resend`, payload: { reason: 'Bad id' } })).statusCode).toBe(400);
    expect((await (await as('auditor')).send({ method: 'POST', url: `/api/ops/members/${m.id}/emails/${sent!.id}/resend`, payload: { reason: 'Auditors change nothing' } })).statusCode).toBe(403);
  });
});

describe('close an account', () => {
  it('unlinks every card, closes the account and signs the member out everywhere; rewards stay; audited; once', async () => {
    const m = await memberOf('hilton', 'vip-card');
    const member = new TestBrowser(t, 'hilton');
    expect((await member.signInAs(m.publicId)).statusCode).toBe(200);
    expect((await member.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(200);
    const cardsBefore = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, m.id));
    const rewardsBefore = await t.database.db.select().from(memberRewards).where(eq(memberRewards.memberId, m.id));
    expect(cardsBefore.length).toBeGreaterThan(0);

    expect((await (await as('agent')).send({ method: 'POST', url: `/api/ops/members/${m.id}/close`, payload: { reason: 'Asked by phone' } })).statusCode).toBe(403);
    const res = await (await as('supervisor')).send({ method: 'POST', url: `/api/ops/members/${m.id}/close`, payload: { reason: 'Member asked by phone, identity checked' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, cardsRemoved: cardsBefore.length });
    const [after] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(after).toMatchObject({ memberType: 'ClosedAccountMember', active: false });
    expect(await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, m.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);
    expect((await member.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(401);
    expect((await t.database.db.select().from(memberRewards).where(eq(memberRewards.memberId, m.id))).length).toBe(rewardsBefore.length);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'member.close'), eq(auditLog.memberId, m.id)));
    expect(entry).toMatchObject({ reason: 'Member asked by phone, identity checked', after: expect.objectContaining({ cardsRemoved: cardsBefore.length }) });
    const again = await (await as('supervisor')).send({ method: 'POST', url: `/api/ops/members/${m.id}/close`, payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
  });

  it('another partner\'s member is unknown to a partner-scoped role', async () => {
    // The demo agent works for delta and hilton only.
    const [wynd] = await t.database.db.select().from(partners).where(eq(partners.code, 'wynd'));
    const [other] = await t.database.db.select().from(members).where(eq(members.partnerId, wynd!.id)).limit(1);
    expect((await (await as('agent')).send({ method: 'POST', url: `/api/ops/members/${other!.id}/emails/1/resend`, payload: { reason: 'Not my partner' } })).statusCode).toBe(404);
    expect((await new OpsBrowser(ops).send({ method: 'POST', url: `/api/ops/members/${other!.id}/close`, payload: { reason: 'No session' } })).statusCode).toBe(403);
  });
});
