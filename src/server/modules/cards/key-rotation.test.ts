import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberCards, members, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { createTestDatabase } from '../../test/db';
import { cardFingerprint, fingerprintKeyId, generateCardPrivateKeyPem, type CardKeys } from './card-crypto';
import { addCards } from './cards.service';
import { encryptCardNumber } from '../../test/cards';

/**
 * Fingerprint key rotation (docs/card-keys.md): with the new key current and the old one among
 * the previous keys, a card stored under the old key is still found (no second member can link it),
 * and it moves to the new key when its number comes by again.
 */
let database: Database;
let keys: CardKeys;
let partner: PartnerRow;
let alice: MemberRow;
let bob: MemberRow;
const OLD = Buffer.from('o'.repeat(40));
const NEW = Buffer.from('n'.repeat(40));
const NUMBER = '4111111111111111';

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const privateKey = createPrivateKey(await generateCardPrivateKeyPem());
  keys = { privateKey, publicKeySpki: createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64') };
  [partner] = await database.db.select().from(partners).where(eq(partners.code, 'hilton')) as [PartnerRow];
  const byPublicId = async (slug: string) => (await database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', slug))))[0]!;
  alice = await byPublicId('select-noncard');
  bob = await byPublicId('vip-noncard');
});
afterAll(async () => { await database.close(); });

const link = (member: MemberRow, current: Buffer, previous: Buffer[] = []) => addCards(database.db, {
  partner, member, directFileFeedOptIn: true, termsAccepted: true, keys, fingerprintKeys: { current, previous },
  creditCards: [{ encryptedCardNumber: encryptCardNumber(keys.publicKeySpki, NUMBER), lastFour: '1111', cardType: 'Visa' }],
});
const aliceCard = async () => (await database.db.select().from(memberCards).where(and(eq(memberCards.memberId, alice.id), eq(memberCards.lastFour, '1111'))))[0];

describe('fingerprint key rotation', () => {
  it('finds a card stored under the previous key and moves it to the current key', async () => {
    expect(bob).toBeDefined();
    expect((await link(alice, OLD)).linked).toBe(1);
    expect(await aliceCard()).toMatchObject({ fingerprint: cardFingerprint(OLD, NUMBER), fingerprintKeyId: fingerprintKeyId(OLD) });

    // New key current, old key previous: another member cannot link the same card.
    const other = await link(bob, NEW, [OLD]);
    expect(other.linked).toBe(0);
    expect(other.cardRegistration[0]!.error!.code).toBe('LINKED_TO_OTHER_MEMBER');

    // The owner enters it again: already linked, and now stored under the new key.
    const again = await link(alice, NEW, [OLD]);
    expect(again.cardRegistration[0]!.error!.code).toBe('ALREADY_LINKED');
    expect(await aliceCard()).toMatchObject({ fingerprint: cardFingerprint(NEW, NUMBER), fingerprintKeyId: fingerprintKeyId(NEW) });
  });

  it('without the previous key the old fingerprint is not recognised (why the old key must stay until rotated out)', async () => {
    const fresh = Buffer.from('f'.repeat(40));
    const res = await link(bob, fresh);
    expect(res.linked).toBe(1);
    await database.db.delete(memberCards).where(eq(memberCards.memberId, bob.id));
  });
});
