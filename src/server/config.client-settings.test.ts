import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { productionEnv } from './test/production-env';

describe('client settings in the configuration', () => {
  it('takes the operator console\'s origin as the emulation origin by default, and the site\'s own API', () => {
    expect(loadConfig({})).toMatchObject({ adminEmulationOrigin: 'http://ops.localhost:3000', opsOrigin: 'http://ops.localhost:3000', opsHost: 'ops.localhost', apiBase: '' });
    expect(loadConfig({ OPS_HOST: 'ops.example.com', PORT: '8080' })).toMatchObject({ adminEmulationOrigin: 'http://ops.example.com:8080', opsHost: 'ops.example.com' });
  });

  it('production: no console without OPS_HOST; with it, OPS_SECRET_KEY is required and the origin is https', () => {
    expect(loadConfig(productionEnv())).toMatchObject({ opsHost: null, adminEmulationOrigin: null });
    expect(() => loadConfig({ ...productionEnv(), OPS_HOST: 'ops.dining.example.com' })).toThrow(/OPS_SECRET_KEY/);
    const withKey = loadConfig({ ...productionEnv(), OPS_HOST: 'ops.dining.example.com', OPS_SECRET_KEY: 'k'.repeat(40) });
    expect(withKey).toMatchObject({ opsHost: 'ops.dining.example.com', opsOrigin: 'https://ops.dining.example.com', adminEmulationOrigin: 'https://ops.dining.example.com' });
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
