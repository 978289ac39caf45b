import { createHmac, generateKeyPair, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload, ClientMetadata, Configuration, Provider as OidcProvider } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getOrCreateSecret } from '../../lib/secrets';
import { hostName, type PartnerDirectory } from '../../plugins/partner';

/** Where the development identity provider lives inside this server. */
export const DEV_PROVIDER_PATH = '/oidc';
export const SSO_CALLBACK_PATH = '/auth/sso/callback';
/** Where the provider returns after RP-initiated logout: the partner site's signed-out page. */
export const POST_LOGOUT_PATH = paths.signOut();

/** A person known to the development identity provider. */
export type DevAccount = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

export type DevIdentityProvider = {
  /** `http://localhost:{port}/oidc`: the port the server listens on, or the configured one (tests). */
  issuer: () => string;
  /** The client secret of a partner's client (derived, so nothing to configure). */
  clientSecret: (partnerCode: string) => string;
  /**
   * openid-client's fetch for the development issuer: server-to-server calls (discovery, token,
   * JWKS, userinfo) are answered in-process, so tests without a port work and the dev server never
   * depends on how `localhost` resolves inside its container.
   */
  fetch: CustomFetch;
};

/** Partners whose sign-in goes to this provider: sso partners with no issuer of their own. */
export const usesDevProvider = (p: PartnerRow) => usesSingleSignOn(p) && !p.ssoIssuer;

/**
 * A real OpenID Connect provider (oidc-provider) for sso partners in development and tests, so
 * single sign-on runs the same protocol as with a partner's own identity provider: the
 * authorisation-code flow with PKCE, signed ID tokens, discovery, userinfo. One client per sso
 * partner (client_id = partner code). Never registered in production (see app wiring in
 * sso.routes.ts); docs/decisions/0003-development-identity-provider.md says why.
 */
export async function registerDevProvider(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; accounts: readonly DevAccount[] },
): Promise<DevIdentityProvider> {
  const { db, config, accounts } = opts;
  if (config.env === 'production') throw new Error('The development identity provider must not run in production.');

  const clientKey = await getOrCreateSecret(db, 'oidc-dev-clients');
  const clientSecret = (code: string) => createHmac('sha256', clientKey).update(`client:${code}`).digest('base64url');

  let issuerValue: string | undefined;
  const issuer = () => {
    if (issuerValue) return issuerValue;
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    issuerValue = `http://localhost:${port}${DEV_PROVIDER_PATH}`;
    return issuerValue;
  };
  const issuerHost = () => new URL(issuer()).host;

  // Built on first use: the issuer needs the port the server ended up listening on, and servers
  // (and test files) that never sign anyone in do not pay for loading the provider.
  let providerPromise: Promise<OidcProvider> | undefined;
  const provider = () => {
    providerPromise ??= createProvider({ app, db, config, accounts, issuer: issuer(), clientSecret }).catch((err: unknown) => {
      providerPromise = undefined;
      throw err;
    });
    return providerPromise;
  };

  // The provider answers only on its issuer's host: its cookies and its URLs belong to that origin.
  const assertIssuerHost = (request: FastifyRequest) => {
    if ((request.headers.host ?? '').toLowerCase() !== issuerHost()) throw AppError.notFound();
  };

  // The protocol endpoints: oidc-provider reads the raw request itself, body included, so this
  // scope leaves bodies unread and hands the request over with the mount prefix stripped.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ['GET', 'POST'],
      url: `${DEV_PROVIDER_PATH}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        assertIssuerHost(request);
        const callback = (await provider()).callback();
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(DEV_PROVIDER_PATH.length) || '/';
        await callback(raw, reply.raw);
      },
    });
  });

  // The interaction pages (our own, server-rendered): sign-in form, consent, cancel.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
      done(null, parseQuery(String(body)));
    });

    const load = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      assertIssuerHost(request);
      const p = await provider();
      try {
        const details = await p.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) return null;
        return { provider: p, details };
      } catch {
        return null;
      }
    };

    scope.get<{ Params: { uid: string } }>(`${DEV_PROVIDER_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const found = await load(request, reply);
      if (!found) return sendPage(reply, 400, expiredPage());
      const { provider: p, details } = found;
      const clientId = String(details.params.client_id ?? '');
      if (details.prompt.name === 'login') {
        return sendPage(reply, 200, loginPage({ uid: details.uid, clientName: await clientName(p, clientId), accounts }), redirectOrigin(details.params.redirect_uri));
      }
      if (details.prompt.name === 'consent') {
        // Every client of this provider is one of our own partner sites (first party): consent is
        // granted without asking, as a partner's own identity provider would for its own site.
        const grant = details.grantId
          ? await p.Grant.find(details.grantId)
          : new p.Grant({ accountId: details.session?.accountId ?? '', clientId });
        if (!grant) return sendPage(reply, 400, expiredPage());
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
        const grantId = await grant.save();
        const returnTo = await p.interactionResult(request.raw, reply.raw, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
        return reply.redirect(returnTo, 303);
      }
      const returnTo = await p.interactionResult(request.raw, reply.raw, { error: 'interaction_required', error_description: 'This sign-in step is not supported.' }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> }>(`${DEV_PROVIDER_PATH}/interaction/:uid/login`, { schema: { hide: true } }, async (request, reply) => {
      const found = await load(request, reply);
      if (!found || found.details.prompt.name !== 'login') return sendPage(reply, 400, expiredPage());
      const { provider: p, details } = found;
      const email = String(firstValue(request.body?.email)).trim().slice(0, 254);
      const password = String(firstValue(request.body?.password)).slice(0, 200);
      const account = checkPassword(accounts, email, password);
      if (!account) {
        const page = loginPage({
          uid: details.uid, clientName: await clientName(p, String(details.params.client_id ?? '')), accounts, email,
          error: 'That e-mail address and password do not match an account. Check them and try again.',
        });
        return sendPage(reply, 401, page, redirectOrigin(details.params.redirect_uri));
      }
      const returnTo = await p.interactionResult(request.raw, reply.raw, { login: { accountId: account.subject } }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    scope.post<{ Params: { uid: string } }>(`${DEV_PROVIDER_PATH}/interaction/:uid/abort`, { schema: { hide: true } }, async (request, reply) => {
      const found = await load(request, reply);
      if (!found) return sendPage(reply, 400, expiredPage());
      const returnTo = await found.provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied', error_description: 'The sign-in was cancelled.',
      }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });
  });

  const fetch: CustomFetch = async (url, options) => {
    const target = new URL(url);
    if (target.origin !== new URL(issuer()).origin || !target.pathname.startsWith(`${DEV_PROVIDER_PATH}/`)) {
      return globalThis.fetch(url, options as RequestInit);
    }
    const headers: Record<string, string> = { ...options.headers, host: target.host };
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload: await bodyOf(options.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };

  return { issuer, clientSecret, fetch };
}

async function createProvider(opts: {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  accounts: readonly DevAccount[];
  issuer: string;
  clientSecret: (code: string) => string;
}): Promise<OidcProvider> {
  const { app, db, config, accounts, issuer } = opts;
  const { default: Provider } = await importQuietly();
  const cookieKey = await getOrCreateSecret(db, 'oidc-dev-cookies');
  const jwks = await getOrCreateJwks(db);
  const port = new URL(issuer).port;
  const partners = app.partners.get().all.filter(usesDevProvider);
  const clients: ClientMetadata[] = partners.map((p) => ({
    client_id: p.code,
    client_secret: opts.clientSecret(p.code),
    client_name: p.name,
    // The canonical address; any other host that serves this partner is accepted below.
    redirect_uris: [`http://${p.code}.localhost${port ? `:${port}` : ''}${SSO_CALLBACK_PATH}`],
    post_logout_redirect_uris: [`http://${p.code}.localhost${port ? `:${port}` : ''}${POST_LOGOUT_PATH}`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }));

  const configuration: Configuration = {
    // In memory: fine for a development provider. A restart forgets who is signed in at the
    // provider (people sign in there again); members' sessions on our sites are unaffected.
    adapter: memoryAdapter(),
    clients,
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: [cookieKey.toString('base64')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Put the profile and e-mail claims in the ID token too, as many partners' providers do.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      // Signing out of a partner site ends the session here too (OpenID Connect RP-initiated logout).
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const out = logoutPage(form);
          ctx.type = 'html';
          ctx.set('content-security-policy', out.csp);
          ctx.body = out.html;
        },
        postLogoutSuccessSource: (ctx) => {
          const out = page('Signed out', '<h1>Signed out</h1><p class="lead">You have been signed out of the identity provider.</p>');
          ctx.type = 'html';
          ctx.set('content-security-policy', out.csp);
          ctx.body = out.html;
        },
      },
      userinfo: { enabled: true },
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 8 * 3600, Grant: 8 * 3600 },
    interactions: { url: (_ctx, interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((a) => a.subject === sub);
      if (!account) return undefined;
      return {
        accountId: account.subject,
        claims: () => ({
          sub: account.subject,
          email: account.email,
          email_verified: true,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`.trim(),
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const page = errorPage(out.error_description ?? out.error);
      ctx.set('content-security-policy', page.csp);
      ctx.body = page.html;
    },
  };
  const provider = new Provider(issuer, configuration);

  // A partner site answers on several addresses (<code>.localhost on any port, configured hosts);
  // rather than listing every combination, a redirect URI is accepted when it is this partner's
  // callback (or sign-out page) on a host that is this partner's site (ownSiteHost). Not any host
  // the partner plugin would resolve to it: its first-label rule takes delta.evil.example for delta,
  // and its bare-host rule any IP address for the default partner.
  const partnerAddress = (clientId: string, uri: string, pathname: string) => {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.pathname !== pathname || url.search || url.hash || url.username || url.password) return false;
    return ownSiteHost(app.partners.get(), config, clientId, hostName(url.host));
  };
  const registered = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(this: InstanceType<typeof provider.Client>, uri: string) {
    return registered.call(this, uri) || partnerAddress(this.clientId, uri, SSO_CALLBACK_PATH);
  };
  const registeredPostLogout = provider.Client.prototype.postLogoutRedirectUriAllowed;
  provider.Client.prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(this: InstanceType<typeof provider.Client>, uri: string) {
    return registeredPostLogout.call(this, uri) || partnerAddress(this.clientId, uri, POST_LOGOUT_PATH);
  };

  // RP-initiated logout: the "Signing out" page (or, when nobody is signed in here any more,
  // oidc-provider's self-submitting form) posts to this provider, which answers with a redirect to
  // the partner's sign-out page. Browsers check form-action along that redirect chain, so the page
  // may post there: exactly the origin of the post_logout_redirect_uri the client has registered
  // (checked again here), nothing else.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'end_session' || ctx.status !== 200) return;
    const target: unknown = ctx.oidc.params?.post_logout_redirect_uri;
    if (typeof target !== 'string' || !ctx.oidc.client?.postLogoutRedirectUriAllowed(target)) return;
    const csp = ctx.response.get('content-security-policy');
    const origin = redirectOrigin(target);
    if (csp && origin) ctx.set('content-security-policy', allowFormTarget(csp, origin));
  });
  return provider;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether host (no port) is one of the addresses of partner code's site: a host configured for it
 * (partners.hosts, PARTNER_HOSTS), `<code>.localhost`, the host SITE_ORIGIN gives it, or, for the
 * default partner, this machine itself (localhost).
 */
export function ownSiteHost(dir: PartnerDirectory, config: Pick<AppConfig, 'siteOrigin' | 'defaultPartner'>, code: string, host: string): boolean {
  const mapped = dir.byHost.get(host);
  if (mapped) return mapped.code === code;
  if (!dir.byCode.has(code)) return false;
  if (host === `${code}.localhost`) return true;
  try {
    if (hostName(new URL(config.siteOrigin.replace(/\{partner\}/gi, code)).host) === host) return true;
  } catch {
    // A SITE_ORIGIN that is no URL names no host.
  }
  return LOOPBACK_HOSTS.has(host) && config.defaultPartner === code;
}

/**
 * oidc-provider prints that it prefers Node.js 22 when it is loaded on 20. The project's floor is
 * 20 (see docs/architecture.md) and this development-only provider is tested there; the notice would
 * otherwise repeat in every test run, so exactly that line is held back while the module loads.
 */
async function importQuietly() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/** The provider's signing key, generated once and kept with the other server secrets. */
async function getOrCreateJwks(db: Db): Promise<{ keys: Record<string, unknown>[] }> {
  const name = 'oidc-dev-jwks';
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!existing) {
    // Generating takes about half a second: asynchronously, and only on the first sign-in ever.
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
    await db.insert(appSecrets).values({ name, value: JSON.stringify({ keys: [jwk] }) }).onConflictDoNothing();
  }
  // Read back: when two instances raced, both use the row that won.
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error('The development identity provider key could not be stored.');
  return JSON.parse(row.value) as { keys: Record<string, unknown>[] };
}

function checkPassword(accounts: readonly DevAccount[], email: string, password: string): DevAccount | undefined {
  const wanted = email.toLowerCase();
  const account = accounts.find((a) => a.email.toLowerCase() === wanted);
  // Compare even for unknown e-mails so the answer takes the same time either way.
  const expected = Buffer.from(account?.password ?? randomBytes(16).toString('hex'));
  const given = Buffer.from(password);
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  return account && same ? account : undefined;
}

async function clientName(provider: OidcProvider, clientId: string): Promise<string> {
  const client = await provider.Client.find(clientId);
  return client?.clientName ?? clientId;
}

function redirectOrigin(uri: unknown): string | undefined {
  try {
    return typeof uri === 'string' ? new URL(uri).origin : undefined;
  } catch {
    return undefined;
  }
}

const firstValue = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '');

async function bodyOf(body: unknown): Promise<string | Buffer | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// Pages

type Page = { html: string; csp: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, script?: string): Page {
  const nonce = randomBytes(16).toString('base64');
  const scriptSrc = script ? ` script-src 'nonce-${nonce}';` : '';
  const csp = `default-src 'none';${scriptSrc} style-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Development identity provider</title>
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1d21; }
  main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 15%); }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  p.lead { margin: 0 0 1.5rem; color: #4a4f57; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: .6rem .7rem; margin-top: .25rem; font: inherit; border: 1px solid #6b7280; border-radius: 4px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: #b42318; }
  .error { color: #b42318; margin: 1rem 0 0; font-weight: 600; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: .6rem 1.2rem; border-radius: 4px; border: 1px solid #1d4ed8; cursor: pointer; }
  button.primary { background: #1d4ed8; color: #fff; }
  button.secondary { background: #fff; color: #1d4ed8; }
  details { margin-top: 2rem; color: #4a4f57; }
  table { border-collapse: collapse; margin-top: .5rem; font-size: .875rem; }
  th, td { text-align: left; padding: .2rem .6rem .2rem 0; }
  .banner { font-size: .8rem; text-transform: uppercase; letter-spacing: .08em; color: #92400e; margin: 0 0 1rem; }
</style>
</head>
<body>
<main>
<p class="banner">Development identity provider, not for production</p>
${body}
</main>${script ? `\n<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
  return { html, csp };
}

/**
 * RP-initiated logout: the partner site sent the browser here (a GET with the member's ID token)
 * to end the session here too. The page confirms at once by pressing its own button, so the form
 * carries `logout=yes` once (oidc-provider refuses a parameter given twice); without JavaScript
 * the person presses it. Signing out of the partner site ends the session here as well: there is
 * no "stay signed in here" choice, which would sign the member silently back in next time.
 * `form` is oidc-provider's form (its action and anti-forgery value).
 */
function logoutPage(form: string): Page {
  return page('Signing out', `<h1>Signing out</h1>
<p class="lead">Ending your session with the identity provider…</p>
${form}
<div class="actions">
<button class="primary" id="op.logoutConfirm" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
</div>`, `document.getElementById('op.logoutConfirm').click();`);
}

function loginPage(opts: { uid: string; clientName: string; accounts: readonly DevAccount[]; email?: string; error?: string }): Page {
  const uid = encodeURIComponent(opts.uid);
  const invalid = opts.error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  const error = opts.error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const rows = opts.accounts.map((a) => `<tr><td>${escapeHtml(a.email)}</td><td>${escapeHtml(a.password)}</td></tr>`).join('');
  return page('Sign in', `<h1>Sign in</h1>
<p class="lead">to continue to ${escapeHtml(opts.clientName)}</p>
<form method="post" action="${DEV_PROVIDER_PATH}/interaction/${uid}/login" novalidate>
${error}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}"${invalid}${opts.error ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${opts.error ? ' autofocus' : ''}>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" class="secondary" formaction="${DEV_PROVIDER_PATH}/interaction/${uid}/abort">Cancel</button>
</div>
</form>
<details>
<summary>Demo accounts</summary>
<table><thead><tr><th scope="col">E-mail</th><th scope="col">Password</th></tr></thead><tbody>${rows}</tbody></table>
</details>`);
}

function expiredPage(): Page {
  return page('Sign-in expired', `<h1>This sign-in has expired</h1>
<p>Go back to the site you came from and choose Sign in again.</p>`);
}

function errorPage(message: string): Page {
  return page('Sign-in problem', `<h1>Something went wrong signing in</h1>
<p>${escapeHtml(message)}</p>
<p>Go back to the site you came from and try again.</p>`);
}

/**
 * The sign-in form posts to this provider, which then redirects to the partner's site: browsers
 * check form-action along that redirect chain, so the partner's origin (formTarget) is allowed too.
 */
function sendPage(reply: FastifyReply, status: number, p: Page, formTarget?: string) {
  const csp = formTarget ? allowFormTarget(p.csp, formTarget) : p.csp;
  return reply.status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(p.html);
}

/**
 * csp with origin added to its form-action directive (a policy without one gets `form-action
 * 'self' origin`, never "anything").
 */
export function allowFormTarget(csp: string, origin: string): string {
  const directives = csp.split(';').map((d) => d.trim()).filter(Boolean);
  const at = directives.findIndex((d) => d.split(/\s+/)[0]?.toLowerCase() === 'form-action');
  if (at === -1) return [...directives, `form-action 'self' ${origin}`].join('; ');
  const sources = directives[at]!.split(/\s+/).slice(1).filter((v) => v !== "'none'");
  if (!sources.includes(origin)) sources.push(origin);
  directives[at] = ['form-action', ...sources].join(' ');
  return directives.join('; ');
}

// ---------------------------------------------------------------------------------------------
// Storage

type Stored = { payload: AdapterPayload; expiresAt: number };

/** One store per provider instance, shared by its models. */
function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, Stored>();
  return (model) => new MemoryAdapter(model, store);
}

/**
 * oidc-provider's storage, in this process's memory (enough for a development provider; see the
 * decision record). Expired entries are dropped when read and swept as new ones arrive.
 */
class MemoryAdapter implements Adapter {
  constructor(private readonly model: string, private readonly store: Map<string, Stored>) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  private get(key: string): AdapterPayload | undefined {
    const entry = this.store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.store.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
    this.store.set(this.key(id), { payload, expiresAt });
    if (payload.uid && this.model === 'Session') this.store.set(`Session.uid:${payload.uid}`, { payload: { jti: id }, expiresAt });
    if (payload.userCode) this.store.set(`${this.model}.userCode:${payload.userCode}`, { payload: { jti: id }, expiresAt });
    if (this.store.size > 5000) this.sweep();
  }

  async find(id: string) {
    return this.get(this.key(id));
  }

  async findByUid(uid: string) {
    const pointer = this.get(`Session.uid:${uid}`);
    return pointer?.jti ? this.find(pointer.jti) : undefined;
  }

  async findByUserCode(userCode: string) {
    const pointer = this.get(`${this.model}.userCode:${userCode}`);
    return pointer?.jti ? this.find(pointer.jti) : undefined;
  }

  async consume(id: string) {
    const payload = this.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    this.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.store) if (entry.expiresAt <= now) this.store.delete(key);
  }
}
