import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * The built web app's assets under /assets/, cached for a year (their names carry a content
 * hash). Nothing is served before `npm run build` has written them.
 */
export const assetsPlugin = fp(async (app: FastifyInstance, opts: { clientDir: string }) => {
  const assetsDir = path.resolve(opts.clientDir, 'assets');
  if (!existsSync(assetsDir)) return;
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are to a
    // browser that accepts them, with Vary: Accept-Encoding; the plain file to any other.
    preCompressed: true,
  });
}, { name: 'assets' });
