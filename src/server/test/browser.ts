import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';

/**
 * A browser on one partner's host for integration tests: keeps the cookies it is given (and drops
 * cleared ones) and the latest anti-forgery token, and sends both the way the client does.
 */
let browsers = 0;

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  token = '';
  /** Each browser is a person on their own address, as the per-address limits see them. */
  readonly remoteAddress: string;

  constructor(private readonly t: TestApp, public readonly partner: string) {
    browsers++;
    this.remoteAddress = `10.77.${(browsers >> 8) & 255}.${browsers & 255}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  absorb(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const cleared = c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** Sends X-XSRF-TOKEN on every method but GET, or when csrf is true; `host` sends to another partner's host. */
  async send(opts: InjectOptions & { csrf?: boolean; host?: string }): Promise<LightMyRequestResponse> {
    const { csrf, host, ...o } = opts;
    const method = String(o.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(o.headers as Record<string, string> | undefined) };
    const cookie = this.cookieHeader();
    if (cookie && headers.cookie === undefined) headers.cookie = cookie;
    if ((csrf ?? method !== 'GET') && headers['x-xsrf-token'] === undefined) {
      if (!this.token) await this.fetchToken();
      headers['x-xsrf-token'] = this.token;
      if (headers.cookie === undefined) headers.cookie = this.cookieHeader();
    }
    const res = await this.t.request(host ?? this.partner, { remoteAddress: this.remoteAddress, ...o, method: method as InjectOptions['method'], headers });
    this.absorb(res);
    return res;
  }

  async fetchToken(): Promise<string> {
    const res = await this.send({ method: 'GET', url: '/api/CSRF' });
    this.token = res.json<{ csrfToken: string }>().csrfToken;
    return this.token;
  }

  /** POST /api/SignIn; on success the answer's token replaces the old one (it is bound to the new session). */
  async signIn(username: string, password: string, staySignedIn = false): Promise<LightMyRequestResponse> {
    const res = await this.send({ method: 'POST', url: '/api/SignIn', payload: { username, password, staySignedIn } });
    if (res.statusCode === 200) this.token = res.json<{ csrfToken: string }>().csrfToken;
    return res;
  }

  async signInAs(publicId: string): Promise<LightMyRequestResponse> {
    const res = await this.send({ method: 'POST', url: '/api/stgtools/sign-in-as', payload: { publicId } });
    if (res.statusCode === 200) this.token = res.json<{ csrfToken: string }>().csrfToken;
    return res;
  }

  sessionCookie(): string | undefined {
    return this.cookies.get('rn_session');
  }
}
