import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

/**
 * Requests Node's HTTP parser or the router refuse answer in the one error shape
 * ({ statusCode, error, message }), quote none of the request, and close a connection that cannot
 * carry another request. Over a real socket: these answers never reach Fastify's inject.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => { await t.close(); });

type Exchange = { raw: string; status: number; headers: Record<string, string>; body: string; closed: boolean };

/** Writes raw bytes on one connection and reads until the server closes it or 3 s pass. */
function exchange(payload: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ raw, status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(finish, 3000);
    socket.on('data', (d) => { raw += d.toString('latin1'); });
    socket.on('end', () => { closed = true; finish(); });
    socket.on('close', () => { closed = true; finish(); });
    socket.on('error', (err) => (raw ? finish() : reject(err)));
    socket.write(payload);
  });
}

const request = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: hilton.localhost\r\n${extra}\r\n`;

function expectErrorShape(body: string, status: number, error: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(parsed).toMatchObject({ statusCode: status, error });
  expect(typeof parsed.message).toBe('string');
  return parsed;
}

describe('HTTP edge cases over a real socket', () => {
  it('answers a 20 kB query string with 431 in the error shape and closes the connection', async () => {
    const marker = 'needle'.repeat(3500);
    const res = await exchange(request(`/api/Partner?q=${marker}`) + request('/health'));
    expect(res.status).toBe(431);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectErrorShape(res.body, 431, 'Request Header Fields Too Large');
    expect(res.raw).not.toContain('needle');
    // The second request on that connection is not answered half-parsed: the connection ends.
    expect(res.raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(res.closed).toBe(true);
  });

  it('answers a request it cannot parse with 400 in the error shape and Connection: close', async () => {
    const res = await exchange('GET /health HTTP/1.1\r\nHost: hilton.localhost\r\nthis is not a header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expectErrorShape(res.body, 400, 'Bad Request');
    expect(res.body).not.toContain('this is not a header');
  });

  it('keeps serving new connections after refusing one', async () => {
    const res = await exchange(request('/health', 'Connection: close\r\n'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true });
  });

  it('answers a path parameter over the router limit with 414 in the error shape, quoting nothing', async () => {
    const long = 'x'.repeat(250);
    const res = await exchange(request(`/api/Member/${long}`, 'Connection: close\r\n'));
    expect(res.status).toBe(414);
    const parsed = expectErrorShape(res.body, 414, 'URI Too Long');
    expect(parsed.message).toBe('The address is too long.');
    expect(res.raw).not.toContain(long.slice(0, 50));
  });

  it('answers a malformed escape in a path parameter with 400 in the error shape, quoting nothing', async () => {
    const res = await exchange(request('/api/Member/%E0%A4%Aquoted-input', 'Connection: close\r\n'));
    expect(res.status).toBe(400);
    const parsed = expectErrorShape(res.body, 400, 'Bad Request');
    expect(parsed.message).toBe('The address is not valid.');
    expect(res.raw).not.toContain('quoted-input');
  });

  it('answers an unsupported body type without quoting it', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const res = await t.request('hilton', {
      method: 'PUT', url: '/api/Member', payload: 'x', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'text/quoted-input' },
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.body, 415, 'Unsupported Media Type');
    expect(res.body).not.toContain('quoted-input');
  });
});
