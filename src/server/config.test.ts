import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { productionEnv } from './test/production-env';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, dataDir: './data', defaultPartner: 'delta', env: 'development' });
  });

  it('reads the conventional variables', () => {
    const c = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@h:5432/db', DATA_DIR: '/tmp/x', DEFAULT_PARTNER: 'Hilton', ...productionEnv(), PARTNER_HOSTS: 'a.example=delta, b.example = hilton' });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'postgres://u@h:5432/db', dataDir: '/tmp/x', defaultPartner: 'hilton', env: 'production', partnerHosts: { 'a.example': 'delta', 'b.example': 'hilton' } });
  });

  it('needs SITE_ORIGIN in production: e-mailed links never take the request\'s host', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SITE_ORIGIN: required in production/);
    expect(() => loadConfig({ SITE_ORIGIN: 'https://dining.example.com' })).toThrow(/SITE_ORIGIN/);
    expect(loadConfig({ ...productionEnv(), SITE_ORIGIN: 'https://{partner}.dining.example.com/' }).siteOrigin).toBe('https://{partner}.dining.example.com');
    expect(loadConfig({ PORT: '4000' }).siteOrigin).toBe('http://{partner}.localhost:4000');
  });

  it('reads a failover URL with several hosts, the read replicas and a pooler\'s direct address', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://app@db1:5432,db2:5433/rewards?target_session_attrs=read-write',
      DATABASE_REPLICA_URLS: 'postgres://app@r1:5432/rewards, postgresql://app@r2:5432,r3:5432/rewards',
      DATABASE_REPLICA_MAX_LAG_MS: '250',
      DATABASE_DIRECT_URL: 'postgres://app@db1:5432/rewards',
    });
    expect(c.databaseUrl).toBe('postgres://app@db1:5432,db2:5433/rewards?target_session_attrs=read-write');
    expect(c.databaseReplicaUrls).toEqual(['postgres://app@r1:5432/rewards', 'postgresql://app@r2:5432,r3:5432/rewards']);
    expect(c.databaseReplicaMaxLagMs).toBe(250);
    expect(c.databaseDirectUrl).toBe('postgres://app@db1:5432/rewards');
    expect(loadConfig({}).databaseReplicaUrls).toEqual([]);
    expect(loadConfig({}).databaseReplicaMaxLagMs).toBe(1000);
  });

  it('refuses replicas or a pooler without PostgreSQL, and addresses that are not postgres://', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/x' })).toThrow(/DATABASE_REPLICA_URLS.*needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://db/x' })).toThrow(/DATABASE_DIRECT_URL.*needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_REPLICA_URLS: 'mysql://r1/x' })).toThrow(/DATABASE_REPLICA_URLS/);
    expect(() => loadConfig({ DATABASE_URL: 'http://db/x' })).toThrow(/DATABASE_URL/);
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

  it('reads the gift-card provider: the service when URL and key are set, else the simulator (none in production)', () => {
    expect(loadConfig({})).toMatchObject({ giftCardSimulatorPort: 3002, giftCard: { source: 'simulator', apiUrl: 'http://127.0.0.1:3002', fundingSourceId: 'balance' } });
    expect(loadConfig({ PORT: '0' })).toMatchObject({ giftCardSimulatorPort: 0 });
    expect(loadConfig({ PORT: '4000', GIFT_CARD_SIMULATOR_PORT: '4100' })).toMatchObject({ giftCardSimulatorPort: 4100, giftCard: { source: 'simulator', apiUrl: 'http://127.0.0.1:4100' } });
    expect(loadConfig({ GIFT_CARD_API_URL: 'https://testflight.tremendous.com/', GIFT_CARD_API_KEY: 'TEST_key', GIFT_CARD_WEBHOOK_SECRET: 'w'.repeat(20), GIFT_CARD_FUNDING_SOURCE_ID: 'GCTHLCMFVYMD' }).giftCard)
      .toEqual({ source: 'service', apiUrl: 'https://testflight.tremendous.com', apiKey: 'TEST_key', webhookSecret: 'w'.repeat(20), fundingSourceId: 'GCTHLCMFVYMD' });
    expect(() => loadConfig({ GIFT_CARD_API_URL: 'https://testflight.tremendous.com' })).toThrow(/GIFT_CARD_API_KEY: set GIFT_CARD_API_URL and GIFT_CARD_API_KEY together/);
    expect(() => loadConfig({ GIFT_CARD_API_KEY: 'k' })).toThrow(/GIFT_CARD_API_URL: set GIFT_CARD_API_URL and GIFT_CARD_API_KEY together/);
    expect(() => loadConfig({ GIFT_CARD_API_URL: 'ftp://x.example', GIFT_CARD_API_KEY: 'k' })).toThrow(/GIFT_CARD_API_URL/);
    const none = loadConfig(productionEnv()).giftCard;
    expect(none).toEqual({ source: 'none', reason: expect.stringMatching(/Gift cards are not configured: GIFT_CARD_API_URL and GIFT_CARD_API_KEY are unset[\s\S]*no simulator in production/) });
  });

  describe('production refuses weak settings, naming the setting and why', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return null;
    };

    it('accepts good production settings', () => {
      const env = productionEnv();
      expect(refusal(env)).toBeNull();
      expect(loadConfig(env)).toMatchObject({ env: 'production', siteOrigin: 'https://{partner}.dining.example.com', cardFrameOrigin: 'https://cards.dining.example.com', logLevel: 'info' });
    });

    it.each([
      ['one repeated character', 'c'.repeat(32), /one character repeated \(32 × "c"\)/],
      ['a repeated block', 'passwordpasswordpasswordpassword', /repeats the same 8 characters/],
      ['a run of the alphabet', 'abcdefghijklmnopqrstuvwxyz012345', /runs of the alphabet or digits/],
      ['low entropy', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', /estimated entropy is 6 bits \(2 distinct characters in 32\), below the 80 needed/],
      ['four letters (64 bits in 32 characters)', 'gattacacgtagctagcatgcatcgatcgtac', /estimated entropy is 6\d bits \(4 distinct characters in 32\)/],
    ])('secrets: %s', (_what, weak, why) => {
      for (const name of ['CARD_EVENTS_SECRET', 'CARD_FINGERPRINT_KEY']) {
        const message = refusal({ ...productionEnv(), [name]: weak });
        expect(message).toMatch(new RegExp(`${name}: too weak for production: `));
        expect(message).toMatch(why);
        expect(message).toMatch(/openssl rand -base64 32/);
      }
      // Outside production the same value is taken (development keys are published anyway).
      expect(refusal({ CARD_EVENTS_SECRET: weak.padEnd(16, 'x'), CARD_FINGERPRINT_KEY: weak.padEnd(32, 'x') })).toBeNull();
    });

    it('a gift-card service without a strong webhook secret, or over http', () => {
      const service = { GIFT_CARD_API_URL: 'https://www.tremendous.com', GIFT_CARD_API_KEY: 'PROD_key' };
      expect(refusal({ ...productionEnv(), ...service })).toMatch(/GIFT_CARD_WEBHOOK_SECRET: required in production with GIFT_CARD_API_URL/);
      expect(refusal({ ...productionEnv(), ...service, GIFT_CARD_WEBHOOK_SECRET: 'dev-gift-card-webhook-secret' })).toMatch(/GIFT_CARD_WEBHOOK_SECRET: required in production/);
      expect(refusal({ ...productionEnv(), ...service, GIFT_CARD_WEBHOOK_SECRET: 'g'.repeat(32) })).toMatch(/GIFT_CARD_WEBHOOK_SECRET: too weak for production: it is one character repeated/);
      const secret = randomBytes(32).toString('base64');
      expect(refusal({ ...productionEnv(), ...service, GIFT_CARD_API_URL: 'http://www.tremendous.com', GIFT_CARD_WEBHOOK_SECRET: secret })).toMatch(/GIFT_CARD_API_URL: must be https:\/\/ in production/);
      expect(refusal({ ...productionEnv(), ...service, GIFT_CARD_WEBHOOK_SECRET: secret })).toBeNull();
      expect(loadConfig({ ...productionEnv(), ...service, GIFT_CARD_WEBHOOK_SECRET: secret }).giftCard).toMatchObject({ source: 'service', apiUrl: 'https://www.tremendous.com' });
    });

    it('an http:// SITE_ORIGIN', () => {
      expect(refusal({ ...productionEnv(), SITE_ORIGIN: 'http://{partner}.dining.example.com' })).toMatch(/SITE_ORIGIN: must be https:\/\/ in production: e-mailed sign-in and password-reset links over http/);
    });

    it('a card-frame origin no partner site can frame', () => {
      const { CARD_FRAME_ORIGIN: _set, ...unset } = productionEnv();
      expect(refusal(unset)).toMatch(/CARD_FRAME_ORIGIN: required in production[\s\S]*default \(http:\/\/localhost:3001\) is each member's own machine: no partner site can frame it/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'http://cards.dining.example.com' })).toMatch(/CARD_FRAME_ORIGIN: must be https:\/\/ in production: [\s\S]*browsers block an http frame/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://localhost:3001' })).toMatch(/CARD_FRAME_ORIGIN: is this machine's own address \(localhost\)/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://127.0.0.1:3001' })).toMatch(/CARD_FRAME_ORIGIN: is this machine's own address/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://cards.dining.example.com/frame' })).toMatch(/CARD_FRAME_ORIGIN: must be an origin only/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://eat.example.org', PARTNER_HOSTS: 'eat.example.org=hilton' })).toMatch(/CARD_FRAME_ORIGIN: is the partner site eat\.example\.org \(PARTNER_HOSTS\): the frame needs an origin of its own/);
      expect(refusal({ ...productionEnv(), CARD_FRAME_ORIGIN: 'https://cards.dining.example.com/' })).toBeNull();
    });

    it('names every weak setting at once', () => {
      expect(refusal({ ...productionEnv(), SITE_ORIGIN: 'http://{partner}.x.example', CARD_EVENTS_SECRET: 'e'.repeat(40), CARD_FRAME_ORIGIN: 'http://cards.x.example' }))
        .toMatch(/CARD_EVENTS_SECRET: too weak[\s\S]*SITE_ORIGIN: must be https[\s\S]*CARD_FRAME_ORIGIN: must be https/);
    });
  });

  it('logs one line per request only where asked: info in production, warn in development, silent in tests', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig(productionEnv()).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(/PORT[\s\S]*NODE_ENV/);
  });
});
