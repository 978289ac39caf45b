import { brotliCompressSync, constants as zlibConstants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compression of what the server makes per request (JSON, pages, generated SVG). Fast settings:
 * an answer is compressed on every request, so brotli 4 and gzip 6 keep most of the saving for a
 * fraction of the CPU of the maximum levels. The built assets are compressed once, at build time,
 * at the maximum levels (vite.config.ts), and served as they are (@fastify/static preCompressed).
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as const,
  /** Smaller answers gain nothing worth a compressor's time and the Content-Encoding header. */
  threshold: 1024,
  brotliQuality: 4,
  /**
   * A page's HTML is assembled and compressed on every request (the partner's configuration, its
   * content and the visitor's first answers: 50–60 kB): quality 3 is 4 % larger than 4 and takes
   * half to a third of its time (0.3 against 0.7–1.3 ms on this machine; bench/page-assembly.ts).
   */
  pageBrotliQuality: 3,
  gzipLevel: 6,
};

/** Route prefixes whose files are compressed at build time, never again per request. */
const PRECOMPRESSED_PREFIX = '/assets/';

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (registered after it), so a built asset
  // without a smaller compressed copy (tiny, or an image) is not compressed on the fly either.
  app.addHook('onRoute', (route) => {
    if (route.url?.startsWith(PRECOMPRESSED_PREFIX)) route.compress = false;
  });
  await app.register(compress, {
    encodings: [...COMPRESSION.encodings],
    threshold: COMPRESSION.threshold,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
    zlibOptions: { level: COMPRESSION.gzipLevel },
    // Request bodies are small JSON; no client sends them compressed, and decompressing them
    // would only give attackers a way to make a small request expensive.
    globalDecompression: false,
  });
});

/** The encoding to answer with for this Accept-Encoding: br before gzip at equal weight (or as `order` says), or none. */
export function negotiateEncoding(header: string | string[] | undefined, order: ReadonlyArray<'br' | 'gzip'> = COMPRESSION.encodings): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: 'br' | 'gzip' | undefined;
  for (const encoding of order) {
    if (weight(encoding) > 0 && (best === undefined || weight(encoding) > weight(best))) best = encoding;
  }
  return best;
}

/** How many compressed pages are kept per encoding (about 11 kB each, with their 40–65 kB text as the key). */
export const KEPT_PAGES = 64;

/**
 * A run of text that many answers hold word for word, such as the partner's theme, configuration
 * and published content that make up 40 of a page's 45 kB: deflated once, at the highest level,
 * the first time a gzip answer holds it (sharedText; the caller keeps it as long as the text holds).
 */
export type SharedText = { readonly text: string; readonly bytes: Buffer; readonly deflated: () => Buffer; readonly crc: () => number };

export function sharedText(text: string): SharedText {
  const bytes = Buffer.from(text, 'utf8');
  let deflated: Buffer | undefined;
  let crc: number | undefined;
  return {
    text,
    bytes,
    // A sync flush ends it on a byte boundary without ending the stream: what follows is deflated on its own.
    deflated: () => (deflated ??= deflateRawSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION, finishFlush: zlibConstants.Z_SYNC_FLUSH })),
    // Its CRC-32 from the start: a body whose first run it is goes on from there.
    crc: () => (crc ??= crc32(bytes)),
  };
}

/** What an answer's body is made of: text, or text with shared runs in it. */
export type Body = string | ReadonlyArray<string | SharedText>;

const bodyText = (body: Body) => (typeof body === 'string' ? body : body.map((part) => (typeof part === 'string' ? part : part.text)).join(''));

/** A gzip member's header: deflate, no name or time, unknown system (RFC 1952 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block of fixed codes: ends a stream whose last run was shared (and so ended by a sync flush). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Deflate settings for a run of `size` bytes: the gzip level, with a window no larger than the run
 * and a hash table to match (their set-up, not the compression, is most of the time of a few kB;
 * the output is the same size).
 */
function smallDeflate(size: number) {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(size + 1))));
  return { level: COMPRESSION.gzipLevel, windowBits, memLevel: Math.max(1, Math.min(8, windowBits - 7)) };
}

/**
 * One gzip member whose deflate stream is the body's runs deflated one after the other: each run
 * but the last ends with a sync flush (an empty stored block, so the next starts on a byte
 * boundary), the last with the final block; a shared run's bytes are those it was deflated to once.
 * A run refers back only within itself, which any inflater allows (RFC 1951 3.2.5); the trailer's
 * CRC-32 and length are those of the whole text. Only the runs that differ per answer (a page's
 * title, its first answers: 1–7 kB) are deflated per request, a fifth of the time of compressing
 * the whole page, to within 1 % of its size.
 */
export function gzipRuns(parts: ReadonlyArray<string | SharedText>): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part.bytes;
    crc = typeof part !== 'string' && i === 0 ? part.crc() : crc32(bytes, crc);
    length += bytes.length;
    if (typeof part !== 'string') {
      out.push(part.deflated());
      if (last) out.push(FINAL_EMPTY_BLOCK);
    } else if (bytes.length || last) {
      out.push(deflateRawSync(bytes, { ...smallDeflate(bytes.length), finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH }));
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/**
 * Compressed bytes of recent bodies, by encoding and text: a page that is the same for everyone who
 * asks (a visitor's home page, a search, a restaurant) is compressed once, not on every request
 * (0.4–0.5 ms of a 2 ms page on a slow machine, bench/page-assembly.ts). The text is the key, so a
 * body that differs in any byte is compressed anew: nothing stale is ever sent. The oldest goes first.
 */
const kept = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

function compressNow(encoding: 'br' | 'gzip', body: Body, size: number, text?: string): Buffer {
  if (encoding === 'gzip') return typeof body === 'string' ? gzipSync(body, { level: COMPRESSION.gzipLevel }) : gzipRuns(body);
  return brotliCompressSync(text ?? bodyText(body), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: COMPRESSION.pageBrotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } });
}

function compressKept(encoding: 'br' | 'gzip', body: Body, size: number): Buffer {
  const map = kept[encoding];
  const text = bodyText(body);
  const hit = map.get(text);
  if (hit) {
    // The most recently used goes last, so the oldest is the first of the map.
    map.delete(text);
    map.set(text, hit);
    return hit;
  }
  const bytes = compressNow(encoding, body, size, text);
  map.set(text, bytes);
  if (map.size > KEPT_PAGES) map.delete(map.keys().next().value!);
  return bytes;
}

/** The order of preference for a body with shared runs. */
const RUNS_FIRST = ['gzip', 'br'] as const;

/**
 * The body to send, compressed for this request when it is worth it (headers set on the reply).
 * For answers that do not pass through a route's hooks, such as the pages the not-found handler
 * serves; routes are compressed by @fastify/compress with the same settings. `keep`: the body is
 * the same for everyone who gets it (no member's data in it), so its compressed bytes are kept for
 * the next request of the same body. A body with shared runs goes out as gzip when the client
 * takes gzip as readily as brotli (gzipRuns: the runs are compressed once; brotli would compress
 * the whole text each time, to a size within 1 % of it).
 */
export function compressedBody(request: FastifyRequest, reply: FastifyReply, body: Body, opts: { keep?: boolean } = {}): string | Buffer {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.reduce((n, part) => n + (typeof part === 'string' ? Buffer.byteLength(part) : part.bytes.length), 0);
  if (size < COMPRESSION.threshold) return bodyText(body);
  reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
  const encoding = negotiateEncoding(request.headers['accept-encoding'], typeof body === 'string' ? COMPRESSION.encodings : RUNS_FIRST);
  if (!encoding) return bodyText(body);
  reply.header('content-encoding', encoding);
  return opts.keep ? compressKept(encoding, body, size) : compressNow(encoding, body, size);
}

function appendVary(current: unknown, field: string): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const fields = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return fields.includes(field) || fields.includes('*') ? value : [value, field].filter(Boolean).join(', ');
}
