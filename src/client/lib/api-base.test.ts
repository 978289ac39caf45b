// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBase, apiUrl, setApiBase } from './api-base';
import { api } from './api';

let urls: string[];

beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    urls.push(input);
    return new Response(JSON.stringify({ ok: true, csrfToken: 't' }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});

afterEach(() => {
  setApiBase('');
  vi.unstubAllGlobals();
});

describe('global API base (§7)', () => {
  it('calls the site\'s own /api when none is set', async () => {
    setApiBase(undefined);
    await api('/api/Member', { query: { a: 1 } });
    expect(urls).toEqual(['/api/Member?a=1']);
  });

  it('puts a path prefix in front of every call, the anti-forgery token\'s too', async () => {
    setApiBase('/rn/');
    expect(apiBase()).toBe('/rn');
    await api('/api/Impressions', { method: 'POST', body: [] });
    expect(urls).toEqual(['/rn/api/CSRF', '/rn/api/Impressions']);
  });

  it('takes an http(s) origin', () => {
    setApiBase('https://api.example.com');
    expect(apiUrl('/api/Member')).toBe('https://api.example.com/api/Member');
  });

  it('ignores a base that is neither a path nor an http(s) origin', () => {
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'api.example.com', 'ftp://x.example']) {
      setApiBase(bad);
      expect(apiUrl('/api/Member'), bad).toBe('/api/Member');
    }
  });
});
