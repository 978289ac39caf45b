import http from 'node:http';

/**
 * A browser on one partner's site talking HTTP to real server processes (the scale-out test and
 * `npm run test:faults`): it keeps its cookies and anti-forgery token across calls, and each call
 * names the port of the instance it goes to, as a proxy in front of several instances would send
 * one person's requests to any of them. The partner comes from the Host header; the client's
 * address from X-Forwarded-For (the instances trust 127.0.0.1 as their proxy).
 */
export type SiteAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; json: <T = Record<string, unknown>>() => T };

export class SiteClient {
  readonly cookies = new Map<string, string>();
  token = '';

  constructor(readonly opts: { partner: string; forwardedFor?: string; timeoutMs?: number }) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=\s*0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One call; sends X-XSRF-TOKEN on every method but GET (fetching a token first when it has none). */
  async send(port: number, opts: { method?: string; path: string; body?: unknown; headers?: Record<string, string>; csrf?: boolean }): Promise<SiteAnswer> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json', host: `${this.opts.partner}.localhost`, ...opts.headers };
    if (this.opts.forwardedFor) headers['x-forwarded-for'] = this.opts.forwardedFor;
    if ((opts.csrf ?? method !== 'GET') && !headers['x-xsrf-token']) {
      if (!this.token) await this.fetchToken(port);
      headers['x-xsrf-token'] = this.token;
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const answer = await rawRequest({ port, method, path: opts.path, headers, body: payload, timeoutMs: this.opts.timeoutMs });
    this.absorb(answer.headers['set-cookie']);
    return answer;
  }

  async fetchToken(port: number): Promise<string> {
    const res = await this.send(port, { path: '/api/CSRF' });
    if (res.status !== 200) throw new Error(`GET /api/CSRF answered ${res.status}: ${res.body.slice(0, 200)}`);
    this.token = res.json<{ csrfToken: string }>().csrfToken;
    return this.token;
  }

  /** POST /api/SignIn; a 200 brings the token of the new session. */
  async signIn(port: number, username: string, password: string): Promise<SiteAnswer> {
    const res = await this.send(port, { method: 'POST', path: '/api/SignIn', body: { username, password, staySignedIn: false } });
    if (res.status === 200) this.token = res.json<{ csrfToken: string }>().csrfToken;
    return res;
  }
}

/** One HTTP request to 127.0.0.1:port; rejects on a network failure (refused, reset, timed out). */
export function rawRequest(opts: { port: number; method: string; path: string; headers: Record<string, string>; body?: string; timeoutMs?: number }): Promise<SiteAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: opts.port, method: opts.method, path: opts.path, headers: opts.headers, agent: false }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { data += chunk; });
      res.on('end', () => resolve({
        status: res.statusCode ?? 0, headers: res.headers, body: data,
        json: <T>() => JSON.parse(data) as T,
      }));
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(new Error(`${opts.method} ${opts.path} timed out`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
