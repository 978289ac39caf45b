import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestBrowser } from '../../test/browser';
import { encryptCardNumber, framePublicKey, newSignedInMember, solvedCaptcha, withLuhnDigit } from '../../test/cards';

/**
 * docs/architecture.md "Card data": after cards are added (and refused, and deleted), no card number
 * appears in any table of the database or in any log line — not as digits, not with spaces.
 */
const logged: string[] = [];
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'trace' }, logged });
  key = await framePublicKey(t);
});
afterAll(async () => { await t.close(); });

const NUMBERS = {
  visa: '4111111111111111',
  visa2: '4012888888881881',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  luhnFails: '4111111111111112',
  generated: withLuhnDigit('401234567890123'),
};

/** The number as digits and in the groups people type (4-4-4-4, Amex 4-6-5), with spaces or dashes. */
function spellings(n: string): string[] {
  const groups = n.length === 15 ? [n.slice(0, 4), n.slice(4, 10), n.slice(10)] : n.match(/.{1,4}/g)!;
  return [n, groups.join(' '), groups.join('-')];
}

async function dumpDatabase(): Promise<string> {
  type Rows<T> = { rows: T[] };
  const tables = await t.database.db.execute(sql`select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`) as unknown as Rows<{ table_schema: string; table_name: string }>;
  const names = tables.rows;
  expect(names.map((r) => r.table_name)).toEqual(expect.arrayContaining(['member_cards', 'partner_cards', 'captcha_solutions', 'members', 'sessions', 'app_secrets']));
  const parts: string[] = [];
  for (const { table_schema: schema, table_name: table } of names) {
    const rows = await t.database.db.execute(sql.raw(`select t::text as row from "${schema}"."${table}" t`)) as unknown as Rows<{ row: string }>;
    parts.push(`## ${schema}.${table}\n${rows.rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

describe('card numbers', () => {
  it('appear in no table and no log line', async () => {
    const { browser } = await newSignedInMember(t, 'hilton');
    const manual = (digits: string, cardType: string) => ({ encryptedCardNumber: encryptCardNumber(key, digits), lastFour: digits.slice(-4), cardType });
    const submit = async (b: TestBrowser, creditCards: unknown[]) => b.send({
      method: 'POST', url: '/api/Member/Cards',
      payload: { creditCards, directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, b.partner) },
    });
    const ciphertexts: string[] = [];
    const cards = [
      manual(NUMBERS.visa, 'Visa'), manual(NUMBERS.mastercard, 'Mastercard'), manual(NUMBERS.amex, 'Amex'),
      manual(NUMBERS.discover, 'Discover'), manual(NUMBERS.luhnFails, 'Visa'), manual(NUMBERS.visa, 'Visa'),
      manual(NUMBERS.generated, 'Mastercard'),
    ];
    ciphertexts.push(...cards.map((c) => c.encryptedCardNumber));
    const res = await submit(browser, cards);
    expect(res.statusCode).toBe(200);

    // Refused cards: an unaccepted brand, another member's card; then a delete that closes the account.
    const tmobile = await newSignedInMember(t, 'tmobile');
    const refused = [manual(NUMBERS.amex, 'Amex')];
    ciphertexts.push(refused[0]!.encryptedCardNumber);
    expect((await submit(tmobile.browser, refused)).statusCode).toBe(400);
    const other = await newSignedInMember(t, 'hilton');
    const taken = [manual(NUMBERS.visa, 'Visa'), manual(NUMBERS.visa2, 'Visa')];
    ciphertexts.push(...taken.map((c) => c.encryptedCardNumber));
    expect((await submit(other.browser, taken)).statusCode).toBe(200);
    const list = (await other.browser.send({ method: 'GET', url: '/api/Member/Cards' })).json<Array<{ id: number }>>();
    expect((await other.browser.send({ method: 'DELETE', url: `/api/Member/Cards?id=${list[0]!.id}` })).statusCode).toBe(200);
    // Bad input that fails validation is not echoed either (sent by a member still signed in: the
    // anti-forgery check comes first, and deleting other's last card ended its session).
    expect((await browser.send({ method: 'POST', url: '/api/Member/Cards', payload: { creditCards: [{ encryptedCardNumber: NUMBERS.visa2, lastFour: 'abcd', cardType: 'Visa' }], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: 'x' } })).statusCode).toBe(400);

    const dump = await dumpDatabase();
    expect(dump).toContain('member_cards');
    const logs = logged.join('');
    expect(logs).toContain('/api/Member/Cards');
    expect(logs).toContain('cards linked');
    for (const n of Object.values(NUMBERS)) {
      for (const s of spellings(n)) {
        expect(dump.includes(s), `${s} in the database`).toBe(false);
        expect(logs.includes(s), `${s} in the log`).toBe(false);
      }
    }
    for (const c of ciphertexts) expect(logs.includes(c.slice(0, 40))).toBe(false);
  });
});
