import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../test/db';
import type { Database } from '../db/client';
import { outbox, partners } from '../db/schema';
import { createMailer, escapeHtml } from './mailer';

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

describe('mailer', () => {
  it('keeps messages in the outbox of their partner when no SMTP server is configured', async () => {
    const [partner] = await database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    const mailer = createMailer({ db: database.db, config: { smtpUrl: undefined, mailFrom: 'no-reply@localhost' } });
    await mailer.send({ partner: partner!, to: 'someone@example.com', subject: 'Hello', text: 'Plain text', html: '<p>HTML</p>' });
    await mailer.send({ partner: partner!, to: 'someone@example.com', subject: 'Text only', text: 'Just text' });
    mailer.close();
    const rows = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'someone@example.com')).orderBy(outbox.id);
    expect(rows.map((r) => ({ partnerId: r.partnerId, subject: r.subject, textBody: r.textBody, htmlBody: r.htmlBody }))).toEqual([
      { partnerId: partner!.id, subject: 'Hello', textBody: 'Plain text', htmlBody: '<p>HTML</p>' },
      { partnerId: partner!.id, subject: 'Text only', textBody: 'Just text', htmlBody: null },
    ]);
  });

  it('reports a failed delivery to the caller', async () => {
    const mailer = createMailer({ db: database.db, config: { smtpUrl: undefined, mailFrom: 'no-reply@localhost' } });
    await expect(mailer.send({ partner: { id: 999_999, name: 'Nobody' }, to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('sends through SMTP when SMTP_URL is set (nothing goes to the outbox)', async () => {
    const mailer = createMailer({ db: database.db, config: { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'no-reply@example.com' } });
    await expect(mailer.send({ partner: { id: 1, name: 'Hilton Dining' }, to: 'smtp@example.com', subject: 's', text: 't' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    mailer.close();
    expect(await database.db.select().from(outbox).where(eq(outbox.toAddress, 'smtp@example.com'))).toHaveLength(0);
  });

  it('escapes text for the HTML part', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });
});
