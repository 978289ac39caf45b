import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyedHmacSha256 } from './hmac-sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('keyedHmacSha256', () => {
  // RFC 4231, test cases 1, 2, 6 and 7 (keys shorter and longer than a block; one message over a block).
  it.each([
    ['0b'.repeat(20), Buffer.from('Hi There'), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [Buffer.from('Jefe').toString('hex'), Buffer.from('what do ya want for nothing?'), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    ['aa'.repeat(131), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First'), '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54'],
    ['aa'.repeat(131), Buffer.from('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'), '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2'],
  ])('matches RFC 4231 (key %s)', (keyHex, data, expected) => {
    expect(hex(keyedHmacSha256(new Uint8Array(Buffer.from(keyHex, 'hex')))(data.toString('ascii')))).toBe(expected);
  });

  it('equals node:crypto for any key and message (UTF-8, parts joined, lengths around the block edges)', () => {
    // fast-check's 'binary' unit has no half surrogates: this one mixes them in (each becomes U+FFFD).
    const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    const withSurrogates = fc.array(fc.oneof(fc.string({ maxLength: 20 }), loneSurrogate), { maxLength: 30 }).map((xs) => xs.join(''));
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 200 }), withSurrogates, fc.nat(200).map((n) => 'x'.repeat(n)));
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 150 })), fc.array(text, { minLength: 1, maxLength: 3 }), (key, parts) => {
      const mac = keyedHmacSha256(key);
      // Parts are encoded one by one (a half surrogate pair split across two parts is two U+FFFD).
      const byParts = createHmac('sha256', key).update(Buffer.concat(parts.map((p) => Buffer.from(p, 'utf8')))).digest('hex');
      expect(hex(mac(...parts))).toBe(byParts);
      // The same keyed function again (its buffers are reused between calls), on the joined string.
      expect(hex(mac(parts.join('')))).toBe(createHmac('sha256', key).update(parts.join('')).digest('hex'));
    }), { numRuns: 500 });
  });

  it('grows its buffer for a long message and stays right after it', () => {
    const mac = keyedHmacSha256('k');
    const long = 'é'.repeat(5000);
    expect(hex(mac(long))).toBe(createHmac('sha256', 'k').update(long).digest('hex'));
    expect(hex(mac('short'))).toBe(createHmac('sha256', 'k').update('short').digest('hex'));
  });
});
