import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_PRESETS } from '#shared/schemas/merchant';
import { AppError } from '../../lib/app-error';
import { renderMerchantImage } from './render';

/** Generated restaurant pictures: deterministic SVG from the image path, cached for a year. */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/img/merchants/:preset/:imagePath', {
    schema: {
      hide: true,
      params: z.object({ preset: z.enum(IMAGE_PRESETS, { message: 'Unknown image size.' }), imagePath: z.string().max(80) }),
    },
  }, async (request, reply) => {
    const svg = renderMerchantImage(request.params.preset, request.params.imagePath);
    if (!svg) throw AppError.notFound('No such image.');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
};
