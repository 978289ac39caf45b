import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { outbox, partners } from '../../db/schema';
import { withCheckCharacter } from '#shared/rules/partner-number';

/** Everything the app logs (pino writes to fd 1 through sonic-boom, i.e. fs.write/fs.writeSync). */
const logged: string[] = [];
const realWrite = fs.write.bind(fs) as (...args: unknown[]) => void;
const realWriteSync = fs.writeSync.bind(fs) as (...args: unknown[]) => number;

let t: TestApp;
beforeAll(async () => {
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buf: unknown, ...rest: unknown[]) => {
    if (fd !== 1) return realWriteSync(fd, buf, ...rest);
    logged.push(String(buf));
    return Buffer.byteLength(String(buf));
  }) as unknown as typeof fs.writeSync);
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, buf: unknown, ...rest: unknown[]) => {
    if (fd !== 1) return realWrite(fd, buf, ...rest);
    logged.push(String(buf));
    const callback = rest.at(-1);
    if (typeof callback === 'function') process.nextTick(callback as (...a: unknown[]) => void, null, Buffer.byteLength(String(buf)));
  }) as unknown as typeof fs.write);
  t = await createTestApp({ config: { logLevel: 'trace' } });
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

describe('logs of joining, recovery and fix credentials', () => {
  it('never contain a password, a partner number typed in a body or a recovery link', async () => {
    const password = 'Sup3rSecretJoin';
    const newPassword = 'N3wSecretReset';
    const partnerNumber = withCheckCharacter('LG1234');
    const email = 'logged@example.com';
    const csrf = async () => {
      const c = await t.csrf('hilton');
      return { cookie: c.cookie, 'x-xsrf-token': c.token };
    };
    const joined = await t.request('hilton', {
      method: 'POST', url: '/api/Members/Prospects', headers: await csrf(),
      payload: { email, password, passwordConfirm: password, firstName: 'Log', lastName: 'Check', zipCode: '10001', partnerNumber },
    });
    expect(joined.statusCode).toBe(201);
    expect((await t.request('hilton', { method: 'POST', url: '/api/Recover', headers: await csrf(), payload: { email } })).statusCode).toBe(202);
    const [hilton] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    const mail = await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(outbox).where(and(eq(outbox.partnerId, hilton!.id), eq(outbox.toAddress, email)));
      expect(row).toBeDefined();
      return row!;
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
    expect((await t.request('hilton', { method: 'GET', url: `/api/Recover/Token?token=${token}` })).statusCode).toBe(200);
    expect((await t.request('hilton', { method: 'POST', url: '/api/Recover/Update', headers: await csrf(), payload: { token, password: newPassword, passwordConfirm: newPassword } })).statusCode).toBe(200);
    expect((await t.request('hilton', { method: 'POST', url: '/api/FixCredentials', headers: await csrf(), payload: { partnerNumber, password: 'Wr0ngSecretFix', newEmail: 'x@example.com' } })).statusCode).toBe(401);

    const all = logged.join('');
    // The calls were logged (one line each), so the checks below look at real log lines.
    expect(all).toContain('"msg":"request"');
    expect(all).toContain('"url":"/api/Recover"');
    expect(all).toContain('"url":"/api/FixCredentials"');
    for (const secret of [password, newPassword, 'Wr0ngSecretFix', token, partnerNumber]) expect(all, secret).not.toContain(secret);
    for (const body of [mail.textBody, mail.htmlBody ?? '']) {
      for (const secret of [password, newPassword, partnerNumber]) expect(body).not.toContain(secret);
    }
  });
});
