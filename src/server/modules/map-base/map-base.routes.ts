import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAP_BASE_PATH } from '#shared/rules/map-base';
import { AppError } from '../../lib/app-error';
import { negotiateEncoding } from '../../plugins/compression';
import { buildMapBase } from './map-base.build';

/** Browsers keep a layer a day, then revalidate it with its ETag (a 304 costs a few bytes). */
export const MAP_BASE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

type Encoded = { body: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

/**
 * Where `npm run build` writes the base layer (scripts/build-map-base.ts): beside the client.
 * Without it (tests, a server started before any build) the files are built in this process on the
 * first request, which takes seconds, once.
 */
export function mapBaseDir(clientDir: string): string {
  return path.resolve(clientDir, '..', 'map-base');
}

async function loadFiles(dir: string | undefined): Promise<Map<string, Encoded>> {
  const out = new Map<string, Encoded>();
  const add = (name: string, body: Buffer, br?: Buffer, gzip?: Buffer) => {
    out.set(name, { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`, br, gzip });
  };
  if (dir && existsSync(dir)) {
    const names = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    for (const file of names) {
      const read = (suffix: string) => readFile(path.join(dir, file + suffix)).catch(() => undefined);
      const [body, br, gzip] = await Promise.all([readFile(path.join(dir, file)), read('.br'), read('.gz')]);
      add(file.slice(0, -'.json'.length), body, br, gzip);
    }
    if (out.size) return out;
  }
  for (const [name, text] of await buildMapBase()) add(name, Buffer.from(text));
  return out;
}

/**
 * GET /map/base/{name}.json: the map's offline base layer (issue 13 item 5), static and cacheable,
 * sent brotli- or gzip-compressed (compressed once per file, at build time or on first use).
 */
export const mapBaseRoutes: FastifyPluginAsyncZod<{ dir?: string }> = async (app, opts) => {
  let files: Promise<Map<string, Encoded>> | undefined;
  const getFiles = () => {
    files ??= loadFiles(opts.dir).catch((err: unknown) => {
      files = undefined;
      throw err;
    });
    return files;
  };

  app.get(`${MAP_BASE_PATH}/:file`, {
    schema: {
      hide: true,
      params: z.object({ file: z.string() }),
    },
    // Compressed here, once per file: never again per request.
    compress: false,
  }, async (request, reply) => {
    const { file } = request.params;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : null;
    const entry = name ? (await getFiles()).get(name) : undefined;
    if (!entry) throw AppError.notFound('No such map layer.');
    reply
      .header('cache-control', MAP_BASE_CACHE_CONTROL)
      .header('etag', entry.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) return reply.code(304).send();
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } });
      return reply.header('content-encoding', 'br').send(entry.br);
    }
    if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.body, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.body);
  });
};
