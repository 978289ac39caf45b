import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { memberBonuses, members, partners } from '../../db/schema';
import type { Member } from '#shared/schemas/member';
import { demoPublicId, SSO_DEMO_ACCOUNTS } from '../../demo/members';
import { getOrCreateSecret } from '../../lib/secrets';
import { openSsoState, sealSsoState, SSO_STATE_COOKIE } from './sso-state';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ISSUER_ORIGIN = 'http://localhost:3000';
const account = (subject: string) => SSO_DEMO_ACCOUNTS.find((a) => a.subject === subject)!;
const NEWCOMER = account('demo-newcomer');
const SELECT_CARD = account('demo-select-card');

type StoredCookie = { name: string; value: string; host: string; path: string };

/**
 * A browser over fastify.inject: absolute URLs, cookies kept per host and path (the provider's
 * cookies live on localhost:3000 under /oidc/…, the partner's on <code>.localhost), redirects
 * followed the way a browser does (303 and 302 become GET).
 */
class Browser {
  cookies: StoredCookie[] = [];
  constructor(private readonly app: TestApp['app']) {}

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter((c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`).join('; ');
  }

  cookie(host: string, name: string): string | undefined {
    return this.cookies.find((c) => c.host === host && c.name === name)?.value;
  }

  setCookie(host: string, name: string, value: string, path = '/') {
    this.cookies = this.cookies.filter((c) => !(c.host === host && c.name === name && c.path === path));
    this.cookies.push({ name, value, host, path });
  }

  async request(method: 'GET' | 'POST' | 'DELETE', href: string, form?: Record<string, string>, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const url = new URL(href);
    const headers: Record<string, string> = { ...extra, host: url.host };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await this.app.inject({ method, url: `${url.pathname}${url.search}`, headers, payload: form ? new URLSearchParams(form).toString() : undefined });
    for (const c of res.cookies as Array<{ name: string; value: string; path?: string; maxAge?: number; expires?: Date }>) {
      const path = c.path ?? '/';
      this.cookies = this.cookies.filter((k) => !(k.host === url.host && k.name === c.name && k.path === path));
      const cleared = c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (!cleared) this.cookies.push({ name: c.name, value: c.value, host: url.host, path });
    }
    return res;
  }

  /**
   * Follows redirects until a page answers, `stopAt` matches the next address (not requested), or
   * the partner's callback has answered (its redirect into the app is what the tests look at).
   */
  async navigate(href: string, opts: { method?: 'GET' | 'POST'; form?: Record<string, string>; stopAt?: RegExp } = {}) {
    let res = await this.request(opts.method ?? 'GET', href, opts.form);
    let at = href;
    const visited = [href];
    for (let hops = 0; hops < 15 && [301, 302, 303, 307].includes(res.statusCode); hops++) {
      if (new URL(at).pathname === '/auth/sso/callback') break;
      const next = new URL(String(res.headers.location), at).href;
      if (opts.stopAt?.test(next)) return { res, at, next, visited };
      at = next;
      visited.push(at);
      res = await this.request('GET', at);
    }
    return { res, at, next: undefined, visited };
  }
}

const partnerUrl = (code: string, path: string) => `http://${code}.localhost${path}`;

/** The sign-in form's action on the provider's page. */
function formAction(html: string, label: 'login' | 'abort' = 'login'): string {
  const re = label === 'login' ? /<form method="post" action="([^"]+)"/ : /formaction="([^"]+)"/;
  const m = re.exec(html);
  if (!m) throw new Error(`no ${label} form on the page:\n${html.slice(0, 500)}`);
  return `${ISSUER_ORIGIN}${m[1]}`;
}

/** Start on the partner's site, reach the provider's sign-in page. */
async function toLoginPage(b: Browser, partner: string, returnTo?: string) {
  const start = partnerUrl(partner, `/auth/sso/start${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  const r = await b.navigate(start);
  expect(r.res.statusCode, r.res.body.slice(0, 300)).toBe(200);
  expect(r.at).toMatch(new RegExp(`^${ISSUER_ORIGIN}/oidc/interaction/`));
  return r;
}

/** The whole sign-in; answers the partner site's final response. */
/** Earlier tests in this file signed the newcomer in already: detach that member so the next sign-in is a first one again. */
async function forgetNewcomer(partnerCode: string) {
  const id = await partnerId(partnerCode);
  await t.database.db.update(members).set({ ssoSubject: null, email: sql`'earlier-' || ${members.id} || '@example.com'` })
    .where(and(eq(members.partnerId, id), eq(members.email, NEWCOMER.email)));
}

async function signIn(b: Browser, partner: string, who = NEWCOMER, returnTo?: string) {
  const page = await toLoginPage(b, partner, returnTo);
  return b.navigate(formAction(page.res.body), { method: 'POST', form: { email: who.email, password: who.password } });
}

async function currentMember(b: Browser, partner: string) {
  const res = await b.request('GET', partnerUrl(partner, '/api/Member'));
  return res;
}

async function partnerId(code: string) {
  const [row] = await t.database.db.select().from(partners).where(eq(partners.code, code));
  return row!.id;
}

describe('single sign-on through the development identity provider', () => {
  it('signs a newcomer in end to end: start → provider sign-in → consent → callback → session', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta', '/search?q=pizza');
    // The provider's own page: labelled fields, a button, the partner named, and a CSP that lets
    // the form's redirect chain reach the partner's site.
    expect(page.res.headers['content-type']).toMatch(/text\/html/);
    expect(page.res.body).toMatch(/<label for="email">E-mail address<\/label>/);
    expect(page.res.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.res.body).toMatch(/<button type="submit" class="primary">Sign in<\/button>/);
    expect(page.res.body).toContain('Delta Dining');
    expect(String(page.res.headers['content-security-policy'])).toMatch(/form-action 'self' http:\/\/delta\.localhost(;|\s)/);
    // The authorisation request carried PKCE (S256), state and nonce.
    const authorize = new URL(page.visited[1]!);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://delta.localhost/auth/sso/callback');

    const done = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password } });
    // Login → resume → consent (approved without asking: first-party client) → resume → callback.
    expect(done.visited.some((u) => /\/oidc\/interaction\/[^/]+$/.test(u))).toBe(true);
    expect(done.visited.at(-1)).toMatch(/^http:\/\/delta\.localhost\/auth\/sso\/callback\?code=/);
    expect(done.res.statusCode).toBe(302);
    expect(done.res.headers.location).toBe('/search?q=pizza');
    expect(b.cookie('delta.localhost', 'rn_session')).toBeTruthy();
    expect(b.cookie('delta.localhost', SSO_STATE_COOKIE)).toBeUndefined();

    const me = await currentMember(b, 'delta');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      interfaceType: 'sso', email: NEWCOMER.email, firstName: NEWCOMER.firstName, lastName: NEWCOMER.lastName,
      memberType: 'NonCardMember', tierLevel: 2,
    });
    // delta enrols its members automatically (hasAutoEnroll): registered for the new-member bonus from the first sign-in.
    expect(me.json<Member>().activeBonuses.find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Enrolled', memberIsEligibleForNMB: true });
    const [row] = await t.database.db.select().from(members)
      .where(and(eq(members.partnerId, await partnerId('delta')), eq(members.ssoSubject, NEWCOMER.subject)));
    expect(row).toMatchObject({ interfaceType: 'sso', hasWebProfile: true, active: true, zipCode: '', passwordHash: null });
    const enrolments = await t.database.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, row!.id));
    expect(enrolments).toEqual([expect.objectContaining({ partnerId: row!.partnerId, status: 'Enrolled', enrolledAt: expect.any(Date) })]);
  });

  it('reuses the member on the next sign-in, and the provider session makes it silent', async () => {
    const first = new Browser(t.app);
    await signIn(first, 'delta');
    const publicId = (await currentMember(first, 'delta')).json<{ publicId: string }>().publicId;

    // Another browser: signs in at the provider again, lands on the same member.
    const second = new Browser(t.app);
    const done = await signIn(second, 'delta');
    expect(done.res.headers.location).toBe('/account');
    expect((await currentMember(second, 'delta')).json<{ publicId: string }>().publicId).toBe(publicId);

    // The same browser: the provider remembers it, so no sign-in page this time.
    const again = await first.navigate(partnerUrl('delta', '/auth/sso/start?returnTo=/account/user_profile'));
    expect(again.visited.some((u) => u.includes('/oidc/interaction/'))).toBe(false);
    expect(again.res.headers.location).toBe('/account/user_profile');
    expect((await currentMember(first, 'delta')).json<{ publicId: string }>().publicId).toBe(publicId);

    const rows = await t.database.db.select().from(members)
      .where(and(eq(members.partnerId, await partnerId('delta')), eq(members.ssoSubject, NEWCOMER.subject)));
    expect(rows).toHaveLength(1);
  });

  it('signs a seeded demo member in by subject', async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    const me = (await currentMember(b, 'delta')).json<{ publicId: string; memberType: string; interfaceType: string }>();
    expect(me).toMatchObject({ publicId: demoPublicId('delta', 'sso-select-card'), memberType: 'EnrolledCardMember', interfaceType: 'sso' });
  });

  it('links a known visitor with the same e-mail instead of creating a second member', async () => {
    const united = await partnerId('united');
    const [visitor] = await t.database.db.insert(members).values({
      partnerId: united, publicId: 'test-united-known-newcomer', email: NEWCOMER.email, firstName: 'Nell', lastName: 'Newcomer',
      interfaceType: 'known', tierLevel: 1, hasWebProfile: false, active: false,
    }).returning();
    const b = new Browser(t.app);
    const done = await signIn(b, 'united');
    expect(done.res.headers.location).toBe('/account');
    const me = (await currentMember(b, 'united')).json<{ publicId: string; interfaceType: string }>();
    expect(me).toMatchObject({ publicId: 'test-united-known-newcomer', interfaceType: 'sso' });
    const [linked] = await t.database.db.select().from(members).where(eq(members.id, visitor!.id));
    // united enrols its members automatically (hasAutoEnroll): the NonActivated visitor is now OptedIn,
    // and registered for the new-member bonus (still open to them: they were added just now).
    expect(linked).toMatchObject({ ssoSubject: NEWCOMER.subject, interfaceType: 'sso', hasWebProfile: true, active: true, tierLevel: 2 });
    expect((await currentMember(b, 'united')).json<Member>().activeBonuses.find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Enrolled' });
    const all = await t.database.db.select().from(members).where(and(eq(members.partnerId, united), eq(members.email, NEWCOMER.email)));
    expect(all).toHaveLength(1);
  });

  it('starts a newcomer NonActivated where the partner does not auto-enrol', async () => {
    const [row] = await t.database.db.select({ hasAutoEnroll: partners.hasAutoEnroll }).from(partners).where(eq(partners.code, 'marriott'));
    expect(row!.hasAutoEnroll).toBe(false);
    const b = new Browser(t.app);
    await signIn(b, 'marriott');
    const me = (await currentMember(b, 'marriott')).json<Member>();
    expect(me).toMatchObject({ tierLevel: 1, memberType: 'NonCardMember' });
    // Nor registered for the new-member bonus: it is offered with a Register button.
    expect(me.activeBonuses.find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Eligible' });
    // The member's page asks them to activate (§6 activationPromptFor, tested in src/shared/rules/arrival.test.ts).
  });

  it('links a NonActivated known visitor without enrolling them where the partner does not auto-enrol', async () => {
    await forgetNewcomer('marriott');
    const marriott = await partnerId('marriott');
    const [visitor] = await t.database.db.insert(members).values({
      partnerId: marriott, publicId: 'test-marriott-known-newcomer', email: NEWCOMER.email, firstName: 'Nell', lastName: 'Newcomer',
      interfaceType: 'known', tierLevel: 1, hasWebProfile: false, active: false,
    }).returning();
    await signIn(new Browser(t.app), 'marriott');
    const [linked] = await t.database.db.select().from(members).where(eq(members.id, visitor!.id));
    expect(linked).toMatchObject({ ssoSubject: NEWCOMER.subject, interfaceType: 'sso', tierLevel: 1 });
  });

  it('keeps an opted-out visitor opted out when an auto-enrol partner links them', async () => {
    await forgetNewcomer('united');
    const united = await partnerId('united');
    const [visitor] = await t.database.db.insert(members).values({
      partnerId: united, publicId: 'test-united-known-optedout', email: NEWCOMER.email, firstName: 'Nell', lastName: 'Newcomer',
      interfaceType: 'known', tierLevel: 0, hasWebProfile: false, active: false,
    }).returning();
    await signIn(new Browser(t.app), 'united');
    const [linked] = await t.database.db.select().from(members).where(eq(members.id, visitor!.id));
    expect(linked).toMatchObject({ ssoSubject: NEWCOMER.subject, tierLevel: 0 });
  });

  it('never takes over a direct member with the same e-mail', async () => {
    const marriott = await partnerId('marriott');
    const [direct] = await t.database.db.insert(members).values({
      partnerId: marriott, publicId: 'test-marriott-direct-newcomer', email: NEWCOMER.email, interfaceType: 'direct', passwordHash: 'x',
    }).returning();
    const b = new Browser(t.app);
    await signIn(b, 'marriott');
    const me = (await currentMember(b, 'marriott')).json<{ publicId: string; interfaceType: string }>();
    expect(me.publicId).not.toBe('test-marriott-direct-newcomer');
    expect(me.interfaceType).toBe('sso');
    const [untouched] = await t.database.db.select().from(members).where(eq(members.id, direct!.id));
    expect(untouched).toMatchObject({ interfaceType: 'direct', ssoSubject: null });
  });

  it('shows an error on a wrong password and signs in on the next try', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const wrong = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: 'not-it' } });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.body).toMatch(/role="alert"[^>]*>That e-mail address and password do not match/);
    expect(wrong.res.body).toContain(`value="${NEWCOMER.email}"`);
    const ok = await b.navigate(formAction(wrong.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password } });
    expect(ok.res.headers.location).toBe('/account');
  });
});

describe('open redirects after single sign-on (issue 7, item 1)', () => {
  it.each([
    '/..//evil.example', '/.//evil.example', '/%2e%2e//evil.example', '//evil.example', '/\\evil.example',
    '%5C%5Cevil.example', '/%5C/evil.example/..', 'https:evil.example', 'https://evil.example/', '/\t/evil.example', '/\n/evil.example',
    '\t//evil.example', ' //evil.example',
  ])('returnTo=%j never leaves the site', async (returnTo) => {
    const b = new Browser(t.app);
    const done = await signIn(b, 'delta', NEWCOMER, returnTo);
    expect(done.res.statusCode).toBe(302);
    const location = String(done.res.headers.location);
    // Resolved the way a browser does, the address stays on the partner's site.
    expect(new URL(location, 'http://delta.localhost/').origin).toBe('http://delta.localhost');
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  it('keeps a same-site returnTo, normalised', async () => {
    const b = new Browser(t.app);
    const done = await signIn(b, 'delta', NEWCOMER, '/a/../search?q=pizza#map');
    expect(done.res.headers.location).toBe('/search?q=pizza#map');
  });
});

describe('signing out of a single sign-on session (issue 7, item 7)', () => {
  const signOut = async (b: Browser) => {
    const csrf = await b.request('GET', partnerUrl('delta', '/api/CSRF'));
    const token = csrf.json<{ csrfToken: string }>().csrfToken;
    return b.request('GET', partnerUrl('delta', '/api/SignOut'), undefined, { 'x-xsrf-token': token });
  };

  it('ends the provider session too: the next sign-in asks for the password again', async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    expect((await currentMember(b, 'delta')).statusCode).toBe(200);

    const out = await signOut(b);
    expect(out.statusCode, out.body).toBe(200);
    const { endSessionUrl } = out.json<{ endSessionUrl?: string }>();
    expect(endSessionUrl).toBeTruthy();
    const end = new URL(endSessionUrl!);
    expect(`${end.origin}${end.pathname}`).toBe(`${ISSUER_ORIGIN}/oidc/session/end`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://delta.localhost/SignOut');
    expect((await currentMember(b, 'delta')).statusCode).toBe(401);

    // The provider's page confirms by itself (script) or with its button; submitting it ends the
    // provider's session and returns to the partner's sign-out page.
    const page = await b.navigate(endSessionUrl!);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.body).toContain('id="op.logoutForm"');
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.res.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.res.body)![1]!;
    const back = await b.navigate(new URL(action, ISSUER_ORIGIN).href, { method: 'POST', form: { xsrf, logout: 'yes' }, stopAt: /delta\.localhost\/SignOut/ });
    expect(back.next).toBe('http://delta.localhost/SignOut');

    // Not silent any more: the provider asks who is signing in.
    const again = await b.navigate(partnerUrl('delta', '/auth/sso/start?returnTo=/account'));
    expect(again.at).toMatch(new RegExp(`^${ISSUER_ORIGIN}/oidc/interaction/`));
    expect(again.res.body).toMatch(/<label for="password">Password<\/label>/);
    expect((await currentMember(b, 'delta')).statusCode).toBe(401);
  });

  it("deleting the last card closes the account, and the sign-out that follows still ends the provider's session", async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', account('demo-basic-card'));
    const csrf = async () => (await b.request('GET', partnerUrl('delta', '/api/CSRF'))).json<{ csrfToken: string }>().csrfToken;
    const cards = await b.request('GET', partnerUrl('delta', '/api/Member/Cards'));
    const ids = cards.json<Array<{ id: number }>>().map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const del = await b.request('DELETE', partnerUrl('delta', `/api/Member/Cards?id=${id}`), undefined, { 'x-xsrf-token': await csrf() });
      expect(del.statusCode, del.body).toBe(200);
    }
    const [row] = await t.database.db.select().from(members).where(and(eq(members.partnerId, await partnerId('delta')), eq(members.email, 'basic.card@sso.example.com')));
    expect(row).toMatchObject({ memberType: 'ClosedAccountMember', active: false });

    const out = await signOut(b);
    const end = new URL(out.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${ISSUER_ORIGIN}/oidc/session/end`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await currentMember(b, 'delta')).statusCode).toBe(401);
  });

  /** The directive's sources in a Content-Security-Policy header. */
  const formActionOf = (csp: unknown) => {
    const directive = String(csp ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('form-action '));
    return directive?.split(/\s+/).slice(1);
  };

  it("the provider's Signing out page may post on to the partner's signed-out page and nowhere else, and asks for logout once (issue 25)", async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    const { endSessionUrl } = (await signOut(b)).json<{ endSessionUrl: string }>();

    const page = await b.navigate(endSessionUrl);
    expect(page.res.statusCode).toBe(200);
    // Its form posts here, and the answer redirects to delta's /SignOut: browsers check
    // form-action along that chain (Chromium stopped on this page while it said only 'self').
    expect(formActionOf(page.res.headers['content-security-policy'])).toEqual(["'self'", 'http://delta.localhost']);
    // The page presses its one Sign out button: logout=yes is sent once ("'logout' parameter must
    // not be provided twice" when a script added a second one next to the button's).
    const body = page.res.body;
    expect(body.match(/name="logout"/g)).toHaveLength(1);
    expect(body).toMatch(/<button[^>]*id="op\.logoutConfirm"[^>]*form="op\.logoutForm" name="logout" value="yes"/);
    expect(body).toContain("document.getElementById('op.logoutConfirm').click();");
    expect(body).not.toMatch(/createElement|Stay signed in/);

    // What the browser then sends: the form's fields and the pressed button's name and value.
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(body)![1]!;
    const back = await b.navigate(new URL(action, ISSUER_ORIGIN).href, { method: 'POST', form: { xsrf, logout: 'yes' }, stopAt: /delta\.localhost\/SignOut/ });
    expect(back.res.statusCode).toBe(303);
    expect(back.next).toBe('http://delta.localhost/SignOut');

    const again = await b.navigate(partnerUrl('delta', '/auth/sso/start?returnTo=/'));
    expect(again.res.body).toMatch(/<label for="password">Password<\/label>/);
  });

  it("with no session left at the provider (signed out in another tab, provider restarted) its self-posting page still reaches the partner's signed-out page", async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    const { endSessionUrl } = (await signOut(b)).json<{ endSessionUrl: string }>();
    const first = await b.navigate(endSessionUrl);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(first.res.body)![1]!;
    await b.navigate(`${ISSUER_ORIGIN}/oidc/session/end/confirm`, { method: 'POST', form: { xsrf, logout: 'yes' }, stopAt: /delta\.localhost/ });

    // The same address again: oidc-provider answers with its own self-submitting form.
    const second = await b.navigate(endSessionUrl);
    expect(second.res.statusCode).toBe(200);
    expect(second.res.body).toContain('name="logout" value="yes"');
    expect(formActionOf(second.res.headers['content-security-policy'])).toEqual(["'self'", 'http://delta.localhost']);
    const xsrf2 = /name="xsrf" value="([^"]+)"/.exec(second.res.body)![1]!;
    const back = await b.navigate(`${ISSUER_ORIGIN}/oidc/session/end/confirm`, { method: 'POST', form: { xsrf: xsrf2, logout: 'yes' }, stopAt: /delta\.localhost\/SignOut/ });
    expect(back.next).toBe('http://delta.localhost/SignOut');
  });

  it("a sign-out address that is not the partner's own gets a refusal whose page may post nowhere else", async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    const { endSessionUrl } = (await signOut(b)).json<{ endSessionUrl: string }>();
    for (const target of ['http://united.localhost/SignOut', 'http://delta.localhost/account', 'http://delta.localhost.evil.example/SignOut', 'http://delta.evil.example/SignOut', 'http://203.0.113.9/SignOut']) {
      const end = new URL(endSessionUrl);
      end.searchParams.set('post_logout_redirect_uri', target);
      const res = await b.request('GET', end.href);
      expect(res.statusCode, target).toBe(400);
      expect(formActionOf(res.headers['content-security-policy']), target).toEqual(["'self'"]);
    }
    // The session at the provider is untouched by the refusals: the real address still signs out.
    const page = await b.navigate(endSessionUrl);
    expect(formActionOf(page.res.headers['content-security-policy'])).toEqual(["'self'", 'http://delta.localhost']);
  });

  it('refuses a sign-out address for another partner\'s site', async () => {
    const b = new Browser(t.app);
    await signIn(b, 'delta', SELECT_CARD);
    const out = await signOut(b);
    const end = new URL(out.json<{ endSessionUrl: string }>().endSessionUrl);
    end.searchParams.set('post_logout_redirect_uri', 'http://evil.example/SignOut');
    const res = await b.request('GET', end.href);
    expect(res.statusCode).toBe(400);
    expect(String(res.headers.location ?? '')).not.toContain('evil.example');
  });

  it('a direct partner\'s sign-out has no provider step', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/SignOut' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('endSessionUrl');
  });
});

describe('refusals', () => {
  const expectRefused = async (b: Browser, res: LightMyRequestResponse, partner = 'delta') => {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso_error=1');
    expect(b.cookie(`${partner}.localhost`, 'rn_session')).toBeUndefined();
    expect(res.body).toBe('');
  };

  it('404 for partners that do not use single sign-on', async () => {
    const b = new Browser(t.app);
    expect((await b.request('GET', partnerUrl('hilton', '/auth/sso/start'))).statusCode).toBe(404);
    expect((await b.request('GET', partnerUrl('hilton', '/auth/sso/callback?code=x&state=y'))).statusCode).toBe(404);
    expect((await b.request('GET', partnerUrl('daak', '/auth/sso/start'))).statusCode).toBe(404);
  });

  it('a state that does not match the cookie', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const r = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password }, stopAt: /\/auth\/sso\/callback/ });
    const callback = new URL(r.next!);
    callback.searchParams.set('state', 'forged-state');
    await expectRefused(b, await b.request('GET', callback.href));
    // The attempt is spent: the genuine answer no longer works either.
    await expectRefused(b, await b.request('GET', r.next!));
  });

  it('a callback without the sign-in cookie, or with another partner\'s', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const r = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password }, stopAt: /\/auth\/sso\/callback/ });
    const sealed = b.cookie('delta.localhost', SSO_STATE_COOKIE)!;
    const stranger = new Browser(t.app);
    await expectRefused(stranger, await stranger.request('GET', r.next!));
    // delta's cookie replayed on united's callback with delta's state.
    stranger.setCookie('united.localhost', SSO_STATE_COOKIE, sealed, '/auth/sso');
    const onUnited = new URL(r.next!);
    onUnited.host = 'united.localhost';
    await expectRefused(stranger, await stranger.request('GET', onUnited.href), 'united');
  });

  it('a PKCE verifier that does not match the challenge', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const r = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password }, stopAt: /\/auth\/sso\/callback/ });
    // Re-seal the cookie with everything right but the verifier (only this server can do that).
    const key = await getOrCreateSecret(t.database.db, 'sso-state');
    const saved = openSsoState(key, b.cookie('delta.localhost', SSO_STATE_COOKIE), { partner: 'delta' })!;
    expect(saved).toBeTruthy();
    b.setCookie('delta.localhost', SSO_STATE_COOKIE, sealSsoState(key, { ...saved, verifier: 'x'.repeat(43) }), '/auth/sso');
    await expectRefused(b, await b.request('GET', r.next!));
  });

  it('a nonce that does not match the ID token', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const r = await b.navigate(formAction(page.res.body), { method: 'POST', form: { email: NEWCOMER.email, password: NEWCOMER.password }, stopAt: /\/auth\/sso\/callback/ });
    const key = await getOrCreateSecret(t.database.db, 'sso-state');
    const saved = openSsoState(key, b.cookie('delta.localhost', SSO_STATE_COOKIE), { partner: 'delta' })!;
    b.setCookie('delta.localhost', SSO_STATE_COOKIE, sealSsoState(key, { ...saved, nonce: 'another-nonce' }), '/auth/sso');
    await expectRefused(b, await b.request('GET', r.next!));
  });

  it('the person cancelling at the provider', async () => {
    const b = new Browser(t.app);
    const page = await toLoginPage(b, 'delta');
    const r = await b.navigate(formAction(page.res.body, 'abort'), { method: 'POST', form: {} });
    expect(r.visited.at(-1)).toMatch(/\/auth\/sso\/callback\?error=access_denied/);
    await expectRefused(b, r.res);
  });

  it('a provider that cannot be reached', async () => {
    await t.database.db.update(partners).set({ ssoIssuer: 'http://127.0.0.1:9/unreachable', ssoClientId: 'rn', ssoClientSecret: 's' }).where(eq(partners.code, 'marriott'));
    await t.app.partners.reload();
    try {
      const b = new Browser(t.app);
      await expectRefused(b, await b.request('GET', partnerUrl('marriott', '/auth/sso/start')), 'marriott');
    } finally {
      await t.database.db.update(partners).set({ ssoIssuer: null, ssoClientId: null, ssoClientSecret: null }).where(eq(partners.code, 'marriott'));
      await t.app.partners.reload();
    }
  });

  it.each([
    ['https://evil.example/steal'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
  ])('returnTo %s falls back to /account', async (returnTo) => {
    const b = new Browser(t.app);
    const done = await signIn(b, 'delta', NEWCOMER, returnTo);
    expect(done.res.statusCode).toBe(302);
    expect(done.res.headers.location).toBe('/account');
  });

  it('the provider sends codes only to the partner\'s own callback', async () => {
    const b = new Browser(t.app);
    const authorize = new URL(`${ISSUER_ORIGIN}/oidc/auth`);
    for (const [k, v] of Object.entries({
      client_id: 'delta', response_type: 'code', scope: 'openid', state: 's', nonce: 'n',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256',
      redirect_uri: 'http://united.localhost/auth/sso/callback',
    })) authorize.searchParams.set(k, v);
    const res = await b.request('GET', authorize.href);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/redirect_uri/);
    // Nor to a host that only looks like the partner's (first label delta), nor to an IP address
    // that the site would serve as the default partner.
    for (const uri of ['http://delta.evil.example/auth/sso/callback', 'http://delta.localhost.evil.example/auth/sso/callback', 'http://203.0.113.9/auth/sso/callback']) {
      authorize.searchParams.set('redirect_uri', uri);
      const foreign = await b.request('GET', authorize.href);
      expect(foreign.statusCode, uri).toBe(400);
    }
    // … and requires PKCE.
    authorize.searchParams.set('redirect_uri', 'http://delta.localhost/auth/sso/callback');
    authorize.searchParams.delete('code_challenge');
    authorize.searchParams.delete('code_challenge_method');
    const noPkce = await b.request('GET', authorize.href);
    expect(noPkce.statusCode).toBe(303);
    expect(String(noPkce.headers.location)).toMatch(/error=invalid_request/);
  });

  it('the provider answers only on its own host', async () => {
    const b = new Browser(t.app);
    expect((await b.request('GET', partnerUrl('delta', '/oidc/.well-known/openid-configuration'))).statusCode).toBe(404);
    const discovery = await b.request('GET', `${ISSUER_ORIGIN}/oidc/.well-known/openid-configuration`);
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: `${ISSUER_ORIGIN}/oidc`, authorization_endpoint: `${ISSUER_ORIGIN}/oidc/auth` });
  });
});

describe('no input produces a server error', () => {
  it('hostile queries, cookies and bodies answer with a redirect or a 4xx', async () => {
    const hostile = ['', '%00', '%FF', '<script>alert(1)</script>', 'a'.repeat(3000), '..%2f..%2f', '😀', '%E0%A4%A'];
    const b = new Browser(t.app);
    for (const v of hostile) {
      const urls = [
        partnerUrl('delta', `/auth/sso/start?returnTo=${v}`),
        partnerUrl('delta', `/auth/sso/start?returnTo=${v}&returnTo=/x`),
        partnerUrl('delta', `/auth/sso/callback?code=${v}&state=${v}&iss=${v}`),
        partnerUrl('delta', `/auth/sso/callback?error=${v}&error_description=${v}`),
        `${ISSUER_ORIGIN}/oidc/interaction/${v || 'x'}`,
        `${ISSUER_ORIGIN}/oidc/auth?client_id=${v}&redirect_uri=${v}`,
        `${ISSUER_ORIGIN}/oidc/${v || 'x'}`,
      ];
      for (const url of urls) {
        b.setCookie('delta.localhost', SSO_STATE_COOKIE, v || 'x', '/auth/sso');
        const res = await b.request('GET', url);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      for (const path of ['login', 'abort']) {
        const res = await b.request('POST', `${ISSUER_ORIGIN}/oidc/interaction/${v || 'x'}/${path}`, { email: v, password: v });
        expect(res.statusCode, path).toBeLessThan(500);
      }
      const token = await b.request('POST', `${ISSUER_ORIGIN}/oidc/token`, { grant_type: 'authorization_code', code: v, redirect_uri: v, code_verifier: v });
      expect(token.statusCode).toBeLessThan(500);
    }
  });
});
