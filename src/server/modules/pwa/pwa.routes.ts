import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#shared/schemas/common';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { toPartnerConfig } from '../partners';
import { ICON_SIZES, renderIconPng } from './icon';
import { webAppManifest } from './manifest';

/** The service worker's own Content-Security-Policy: it fetches and caches this origin only. */
const WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'";

const ZManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('any'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.literal('image/png'), purpose: z.enum(['any', 'maskable']) })),
}).describe('Web app manifest (W3C Web Application Manifest).');

/**
 * The installable app (docs/pwa.md): the partner's web app manifest and its generated icons, per
 * host; and the service worker at /worker.js (built by vite-plugin-pwa into the client folder),
 * never cached long so an update reaches browsers at their next visit.
 */
export const pwaRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  /** Icons drawn once per partner colour pair and size. */
  const icons = new Map<string, Buffer>();

  app.get('/manifest.webmanifest', {
    schema: {
      tags: ['site'],
      summary: "This partner site's web app manifest (name, icons, theme colour)",
      produces: ['application/manifest+json'],
      response: { 200: ZManifest },
    },
  }, async (request, reply) => {
    const partner = toPartnerConfig(request.sitePartner, config);
    return reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(webAppManifest(partner));
  });

  app.get('/partner/icons/:file', {
    schema: {
      tags: ['site'],
      summary: "This partner's app icon (PNG, drawn in its colours)",
      produces: ['image/png'],
      params: z.object({
        file: z.enum(ICON_SIZES.map((s) => `${s}.png`) as [string, ...string[]], { message: `Icons come in ${ICON_SIZES.join(', ')} pixels, e.g. 192.png.` })
          .describe('Size in pixels and .png, e.g. 192.png.'),
      }),
      response: { 200: z.string().describe('The icon (PNG image).'), 400: ZErrorResponse },
    },
  }, async (request, reply) => {
    const size = Number.parseInt(request.params.file, 10);
    const { primary, primaryText } = request.sitePartner.theme;
    const key = `${primary}|${primaryText}|${size}`;
    let png = icons.get(key);
    if (!png) {
      png = renderIconPng(size, primary, primaryText);
      icons.set(key, png);
    }
    // A Buffer skips the response serializer; the schema only documents the answer.
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png as unknown as string);
  });

  const workerPath = path.resolve(config.clientDir, 'worker.js');
  app.get('/worker.js', {
    schema: {
      tags: ['site'],
      summary: 'The service worker (offline app shell, content and image caches)',
      produces: ['text/javascript'],
      response: { 200: z.string().describe('The service worker script.'), 404: ZErrorResponse },
    },
  }, async (_request, reply) => {
    let script: string;
    try {
      script = await readFile(workerPath, 'utf8');
    } catch {
      throw AppError.notFound('The service worker has not been built yet. Run "npm run build".');
    }
    return reply
      .type('text/javascript; charset=utf-8')
      // Checked on every visit (browsers cap a worker's HTTP caching at 24 hours anyway).
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .header('content-security-policy', WORKER_CSP)
      .send(script);
  });
};
