/**
 * HMAC-SHA256 (RFC 2104 over FIPS 180-4) keyed once, for checking many short messages with one
 * key: the card-network webhook checks every event's signature (card-event-signature.ts).
 *
 * Why not node:crypto's createHmac per message: on Node 20 each one builds a native HMAC object
 * (OpenSSL 3 looks the digest up again) that the garbage collector must finalise. In the running
 * server that cost 20–25 µs of the main thread per event, a fifth of the webhook's whole cost, where
 * a loop of them alone takes 3 µs (measured beside the bench/card-events.ts receipt figures; bench/RESULTS.md,
 * "Where a webhook request's time goes"). Here the key's
 * inner and outer blocks are hashed once; a message then costs its own blocks plus one, in plain
 * integer arithmetic on reused arrays, and allocates only its 32-byte answer.
 *
 * The property test (hmac-sha256.test.ts) checks it against node:crypto for random keys and
 * messages of every length around the block boundaries, ASCII and not.
 */

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const BLOCK = 64;

/** The message schedule, shared by every call (this runs on one thread, and never re-enters). */
const W = new Int32Array(64);

/** Runs the compression function over the 64-byte block of `bytes` at `at`, updating `state`. */
function compress(state: Int32Array, bytes: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const i = at + t * 4;
    W[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]!;
    const w2 = W[t - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!, e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + K[t]! + W[t]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + s0 + maj) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Hashes `length` bytes of `bytes` onward from `state` (which has already taken `before` bytes,
 * a whole number of blocks), padding as SHA-256 does. `bytes` must have room for the padding:
 * up to 72 bytes past `length`. Leaves the digest in `state`.
 */
function finish(state: Int32Array, bytes: Uint8Array, length: number, before: number): void {
  let at = 0;
  for (; at + BLOCK <= length; at += BLOCK) compress(state, bytes, at);
  const rest = length - at;
  const padded = rest + 9 <= BLOCK ? BLOCK : 2 * BLOCK;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, at + padded - 8);
  // The length in bits, big-endian in 64 bits (messages here are far below 2^32 bytes).
  const bits = (before + length) * 8;
  const end = at + padded;
  bytes[end - 8] = 0;
  bytes[end - 7] = 0;
  bytes[end - 6] = 0;
  bytes[end - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  bytes[end - 4] = (bits >>> 24) & 0xff;
  bytes[end - 3] = (bits >>> 16) & 0xff;
  bytes[end - 2] = (bits >>> 8) & 0xff;
  bytes[end - 1] = bits & 0xff;
  for (; at < end; at += BLOCK) compress(state, bytes, at);
}

const encoder = new TextEncoder();

function sha256(bytes: Uint8Array): Uint8Array {
  const state = Int32Array.from(INITIAL);
  const work = new Uint8Array(bytes.length + 2 * BLOCK);
  work.set(bytes);
  finish(state, work, bytes.length, 0);
  return digestBytes(state);
}

/** Writes the state's eight words big-endian into `out` (32 bytes). */
function writeDigest(state: Int32Array, out: Uint8Array): Uint8Array {
  for (let i = 0; i < 8; i++) {
    const v = state[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  return out;
}

const digestBytes = (state: Int32Array) => writeDigest(state, new Uint8Array(32));

/**
 * An HMAC-SHA256 function for one key: `(parts) => 32-byte MAC of the parts joined` (UTF-8).
 * Taking the message in parts saves building one more string for `${timestamp}.${body}`. Each part
 * is encoded on its own, so a part must not end in the first half of a surrogate pair whose second
 * half starts the next (the webhook's parts are digits, '.' and the body).
 */
export function keyedHmacSha256(key: string | Uint8Array): (...parts: string[]) => Uint8Array {
  let k = typeof key === 'string' ? encoder.encode(key) : key;
  if (k.length > BLOCK) k = sha256(k);
  const pad = (byte: number) => {
    const block = new Uint8Array(BLOCK);
    for (let i = 0; i < BLOCK; i++) block[i] = (k[i] ?? 0) ^ byte;
    const state = Int32Array.from(INITIAL);
    compress(state, block, 0);
    return state;
  };
  const innerStart = pad(0x36);
  const outerStart = pad(0x5c);
  const state = new Int32Array(8);
  const outer = new Uint8Array(2 * BLOCK);
  let work = new Uint8Array(1024);

  return (...parts) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; room for the padding after.
    let most = 2 * BLOCK;
    for (const p of parts) most += p.length * 3;
    if (work.length < most) work = new Uint8Array(most * 2);
    let length = 0;
    for (const p of parts) length += encoder.encodeInto(p, work.subarray(length)).written;
    state.set(innerStart);
    finish(state, work, length, BLOCK);
    writeDigest(state, outer);
    state.set(outerStart);
    finish(state, outer, 32, BLOCK);
    return digestBytes(state);
  };
}
