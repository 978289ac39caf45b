import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PartnerRow } from '../../db/schema';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { AppError } from '../../lib/app-error';
import { getOrCreateSecret } from '../../lib/secrets';
import { registerDevProvider, SSO_CALLBACK_PATH, type DevAccount } from './dev-provider';
import { createSsoClients, SsoConfigurationError } from './sso-client';
import { resolveSsoMember, SsoIdentityError, type SsoIdentity } from './sso.service';
import { openSsoState, safeReturnTo, sealSsoState, SSO_STATE_COOKIE, SSO_STATE_TTL_MS } from './sso-state';

declare module 'fastify' {
  interface FastifyInstance {
    sso: {
      /**
       * The partner provider's end_session_endpoint (OpenID Connect RP-initiated logout) for a
       * single sign-on session, or undefined when the partner does not use single sign-on or its
       * provider offers no sign-out.
       */
      endSessionUrl: (request: FastifyRequest, idToken: string | null) => Promise<string | undefined>;
    };
  }
}

/** Where a failed single sign-on lands: the sign-in page shows a general message, nothing more. */
export const SSO_ERROR_LOCATION = '/login?sso_error=1';
const COOKIE_PATH = '/auth/sso';

/**
 * Single sign-on for partners whose enrollmentType is sso: the OpenID Connect authorisation-code
 * flow with PKCE against the partner's issuer (openid-client), or, outside production, against the
 * development identity provider served by this app under /oidc.
 */
const ssoRoutesPlugin: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; devAccounts: readonly DevAccount[] }> = async (app, opts) => {
  const { db, config } = opts;
  const dev = config.env === 'production' ? null : await registerDevProvider(app, { db, config, accounts: opts.devAccounts });
  const clients = createSsoClients({ config, dev });
  const stateKey = await getOrCreateSecret(db, 'sso-state');
  const secure = config.env === 'production';

  const ssoPartner = (request: FastifyRequest): PartnerRow => {
    const partner = request.sitePartner;
    if (!usesSingleSignOn(partner)) throw AppError.notFound();
    return partner;
  };

  const fail = (request: FastifyRequest, reply: FastifyReply, reason: string, err?: unknown, level: 'warn' | 'error' = 'warn') => {
    // The log says what went wrong for the operator; the browser learns only that it failed.
    request.log[level]({ reason, partner: request.partner?.code, detail: describe(err) }, 'single sign-on failed');
    reply.clearCookie(SSO_STATE_COOKIE, { path: COOKIE_PATH });
    reply.header('cache-control', 'no-store');
    return reply.redirect(SSO_ERROR_LOCATION, 302);
  };

  app.decorate('sso', {
    endSessionUrl: async (request: FastifyRequest, idToken: string | null): Promise<string | undefined> => {
      const partner = request.sitePartner;
      if (!usesSingleSignOn(partner)) return undefined;
      try {
        const configuration = await clients.get(partner);
        // Back to the signed-out page of this very site (the host the request came to, which the
        // partner plugin resolved to this partner): a fixed path the provider has registered for
        // the partner, and it checks the address again before it sends anyone there.
        const postLogout = `${request.protocol}://${request.host}${paths.signOut()}`;
        return oidc.buildEndSessionUrl(configuration, {
          post_logout_redirect_uri: postLogout,
          ...(idToken ? { id_token_hint: idToken } : { client_id: configuration.clientMetadata().client_id }),
        }).href;
      } catch (err) {
        // A provider without an end_session_endpoint (or out of reach): our session still ends.
        request.log.warn({ partner: partner.code, detail: describe(err) }, 'single sign-on sign-out could not reach the provider');
        return undefined;
      }
    },
  });

  app.get('/auth/sso/start', {
    schema: {
      tags: ['auth'],
      summary: 'Starts single sign-on: 302 to the partner\'s OpenID provider (sso partners only)',
      querystring: z.object({ returnTo: z.string().optional() }),
    },
  }, async (request, reply) => {
    const partner = ssoPartner(request);
    let configuration: oidc.Configuration;
    try {
      configuration = await clients.get(partner);
    } catch (err) {
      if (err instanceof SsoConfigurationError) return fail(request, reply, 'not configured', err, 'error');
      return fail(request, reply, 'provider unreachable', err);
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = `${request.protocol}://${request.host}${SSO_CALLBACK_PATH}`;
    const sealed = sealSsoState(stateKey, {
      state, nonce, verifier, redirectUri,
      returnTo: safeReturnTo(request.query.returnTo),
      partner: partner.code,
      expiresAt: Date.now() + SSO_STATE_TTL_MS,
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    reply.setCookie(SSO_STATE_COOKIE, sealed, {
      path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SSO_STATE_TTL_MS / 1000),
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.href, 302);
  });

  app.get('/auth/sso/callback', {
    schema: {
      tags: ['auth'],
      summary: 'Where the OpenID provider returns: signs the member in and 302s to returnTo',
      querystring: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        iss: z.string().optional(),
        error: z.string().optional(),
        error_description: z.string().optional(),
      }).loose(),
    },
  }, async (request, reply) => {
    const partner = ssoPartner(request);
    const saved = openSsoState(stateKey, request.cookies[SSO_STATE_COOKIE], { partner: partner.code });
    if (!saved) return fail(request, reply, 'missing, expired or forged state cookie');
    // The cookie is single use whatever happens next.
    reply.clearCookie(SSO_STATE_COOKIE, { path: COOKIE_PATH });
    if (request.query.state !== saved.state) return fail(request, reply, 'state mismatch');
    if (request.query.error) return fail(request, reply, `provider answered ${request.query.error.slice(0, 60)}`);

    let identity: SsoIdentity;
    let idToken: string | undefined;
    try {
      const configuration = await clients.get(partner);
      const currentUrl = new URL(saved.redirectUri);
      currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoIdentityError('No ID token.');
      idToken = tokens.id_token;
      identity = identityFrom(claims);
      // Providers that keep the ID token lean give e-mail and names at userinfo instead.
      if (!identity.email && tokens.access_token) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        identity = { ...identityFrom(info), ...definedOnly(identity) };
      }
    } catch (err) {
      return fail(request, reply, 'code exchange or ID token rejected', err);
    }

    try {
      const member = await resolveSsoMember(db, partner, identity);
      await app.sessions.start(request, reply, { memberId: member.id, staySignedIn: false, ssoIdToken: idToken });
    } catch (err) {
      if (err instanceof SsoIdentityError) return fail(request, reply, err.message);
      // The person still lands on a page that explains, not on a JSON error.
      return fail(request, reply, 'member or session could not be stored', err, 'error');
    }
    reply.header('cache-control', 'no-store');
    return reply.redirect(saved.returnTo, 302);
  });
};

/** Not encapsulated: the sign-out route (auth module) asks `app.sso` for the provider's sign-out address. */
export const ssoRoutes = fp(ssoRoutesPlugin, { name: 'sso' });

function identityFrom(claims: Record<string, unknown>): SsoIdentity {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** An error for the log: its class, codes and message, never tokens. */
function describe(err: unknown) {
  if (!(err instanceof Error)) return undefined;
  const { code, error } = err as { code?: unknown; error?: unknown };
  return {
    type: err.name,
    code: typeof code === 'string' ? code : undefined,
    // An OAuth error answer's code (invalid_grant …), when the provider sent one.
    oauthError: typeof error === 'string' ? error.slice(0, 60) : undefined,
    message: err.message.slice(0, 200),
  };
}
