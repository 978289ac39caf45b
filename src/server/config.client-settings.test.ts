import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('client settings in the configuration', () => {
  it('has no emulation origin and the site\'s own API by default', () => {
    expect(loadConfig({})).toMatchObject({ adminEmulationOrigin: null, apiBase: '' });
  });

  it('keeps only the origin of ADMIN_EMULATION_ORIGIN', () => {
    expect(loadConfig({ ADMIN_EMULATION_ORIGIN: 'https://ops.example.com:8443/console/' }).adminEmulationOrigin).toBe('https://ops.example.com:8443');
  });

  it('refuses an emulation origin that is not http(s)', () => {
    expect(() => loadConfig({ ADMIN_EMULATION_ORIGIN: 'javascript:alert(1)' })).toThrow(/ADMIN_EMULATION_ORIGIN/);
    expect(() => loadConfig({ ADMIN_EMULATION_ORIGIN: 'ops.example.com' })).toThrow(/ADMIN_EMULATION_ORIGIN/);
  });

  it('takes API_BASE as a path prefix or an origin, without a trailing slash', () => {
    expect(loadConfig({ API_BASE: '/rn/' }).apiBase).toBe('/rn');
    expect(loadConfig({ API_BASE: 'https://api.example.com/' }).apiBase).toBe('https://api.example.com');
  });

  it('refuses a protocol-relative or scheme-less API_BASE', () => {
    expect(() => loadConfig({ API_BASE: '//evil.example' })).toThrow(/API_BASE/);
    expect(() => loadConfig({ API_BASE: 'api.example.com' })).toThrow(/API_BASE/);
    expect(() => loadConfig({ API_BASE: 'ftp://api.example.com' })).toThrow(/API_BASE/);
  });
});
