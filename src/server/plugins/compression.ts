import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

/** The encoding to answer with for this Accept-Encoding: br before gzip at equal weight, or none. */
export function negotiateEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
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
  for (const encoding of COMPRESSION.encodings) {
    if (weight(encoding) > 0 && (best === undefined || weight(encoding) > weight(best))) best = encoding;
  }
  return best;
}

/** How many compressed pages are kept per encoding (about 11 kB each, with their 40–65 kB text as the key). */
export const KEPT_PAGES = 64;

/**
 * Compressed bytes of recent bodies, by encoding and text: a page that is the same for everyone who
 * asks (a visitor's home page, a search, a restaurant) is compressed once, not on every request
 * (0.4–0.5 ms of a 2 ms page on a slow machine, bench/page-assembly.ts). The text is the key, so a
 * body that differs in any byte is compressed anew: nothing stale is ever sent. The oldest goes first.
 */
const kept = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

function compressNow(encoding: 'br' | 'gzip', body: string, size: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: COMPRESSION.pageBrotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } })
    : gzipSync(body, { level: COMPRESSION.gzipLevel });
}

function compressKept(encoding: 'br' | 'gzip', body: string, size: number): Buffer {
  const map = kept[encoding];
  const hit = map.get(body);
  if (hit) {
    // The most recently used goes last, so the oldest is the first of the map.
    map.delete(body);
    map.set(body, hit);
    return hit;
  }
  const bytes = compressNow(encoding, body, size);
  map.set(body, bytes);
  if (map.size > KEPT_PAGES) map.delete(map.keys().next().value!);
  return bytes;
}

/**
 * The body to send, compressed for this request when it is worth it (headers set on the reply).
 * For answers that do not pass through a route's hooks, such as the pages the not-found handler
 * serves; routes are compressed by @fastify/compress with the same settings. `keep`: the body is
 * the same for everyone who gets it (no member's data in it), so its compressed bytes are kept for
 * the next request of the same body.
 */
export function compressedBody(request: FastifyRequest, reply: FastifyReply, body: string, opts: { keep?: boolean } = {}): string | Buffer {
  const size = Buffer.byteLength(body);
  if (size < COMPRESSION.threshold) return body;
  reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return body;
  reply.header('content-encoding', encoding);
  return opts.keep ? compressKept(encoding, body, size) : compressNow(encoding, body, size);
}

function appendVary(current: unknown, field: string): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const fields = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return fields.includes(field) || fields.includes('*') ? value : [value, field].filter(Boolean).join(', ');
}
