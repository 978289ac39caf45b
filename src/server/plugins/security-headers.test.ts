import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { cspDirectivesFor, helmetHeaders } from './security-headers';

/** The headers helmet's own middleware writes on a real response. */
async function headersFromMiddleware(options: Parameters<typeof helmet>[0]): Promise<IncomingHttpHeaders> {
  const server = createServer((req, res) => helmet(options)(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve, reject) => {
      httpRequest({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' }, (res) => { res.resume(); resolve(res.headers); })
        .on('error', reject).end();
    });
  } finally {
    server.close();
  }
}

describe('security headers worked out once', () => {
  const options = (env: 'production' | 'development') => ({
    contentSecurityPolicy: { directives: cspDirectivesFor({ env, mapTileUrl: '', cardFrameOrigin: 'https://cards.example.com' }) },
    hsts: env === 'development' ? (false as const) : { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  });

  it.each(['production', 'development'] as const)('are exactly what helmet writes per response (%s)', async (env) => {
    const fromMiddleware = await headersFromMiddleware(options(env));
    const precomputed = Object.fromEntries(helmetHeaders(options(env)));
    const helmetOnly = Object.fromEntries(Object.entries(fromMiddleware).filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    expect(precomputed).toEqual(helmetOnly);
    expect(precomputed['content-security-policy']).toContain("frame-src https://cards.example.com");
    expect(precomputed['x-content-type-options']).toBe('nosniff');
    expect(precomputed['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (env === 'production') expect(precomputed['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    else expect(precomputed['strict-transport-security']).toBeUndefined();
  });
});
