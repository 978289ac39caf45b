import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, dataDir: './data', defaultPartner: 'delta', env: 'development' });
  });

  it('reads the conventional variables', () => {
    const c = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@h:5432/db', DATA_DIR: '/tmp/x', DEFAULT_PARTNER: 'Hilton', NODE_ENV: 'production', PARTNER_HOSTS: 'a.example=delta, b.example = hilton', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_EVENTS_SECRET: 'c'.repeat(32) });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'postgres://u@h:5432/db', dataDir: '/tmp/x', defaultPartner: 'hilton', env: 'production', partnerHosts: { 'a.example': 'delta', 'b.example': 'hilton' } });
  });

  it('needs SITE_ORIGIN in production: e-mailed links never take the request\'s host', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SITE_ORIGIN: required in production/);
    expect(() => loadConfig({ SITE_ORIGIN: 'https://dining.example.com' })).toThrow(/SITE_ORIGIN/);
    expect(loadConfig({ NODE_ENV: 'production', SITE_ORIGIN: 'https://{partner}.dining.example.com/', CARD_EVENTS_SECRET: 'c'.repeat(32) }).siteOrigin).toBe('https://{partner}.dining.example.com');
    expect(loadConfig({ PORT: '4000' }).siteOrigin).toBe('http://{partner}.localhost:4000');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reads the mail settings: outbox by default, SMTP when SMTP_URL is set', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'no-reply@localhost' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'dining@example.com' })).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', mailFrom: 'dining@example.com' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'nobody' })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
  });

  it('reads the per-address API limit and the OpenTable-style provider (both parts, or none)', () => {
    expect(loadConfig({}).apiRateLimit).toBe(600);
    expect(loadConfig({ API_RATE_LIMIT: '5000' }).apiRateLimit).toBe(5000);
    expect(() => loadConfig({ API_RATE_LIMIT: '0' })).toThrow(/API_RATE_LIMIT/);
    expect(loadConfig({}).openTable).toBeNull();
    expect(loadConfig({ OPENTABLE_API_URL: 'https://platform.otqa.com' }).openTable).toBeNull();
    expect(loadConfig({ OPENTABLE_API_URL: 'https://platform.otqa.com/', OPENTABLE_ACCESS_TOKEN: 'tok' }).openTable).toEqual({ baseUrl: 'https://platform.otqa.com', accessToken: 'tok' });
    expect(() => loadConfig({ OPENTABLE_API_URL: 'ftp://x.example' })).toThrow(/OPENTABLE_API_URL/);
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(/PORT[\s\S]*NODE_ENV/);
  });
});
