import * as oidc from 'openid-client';
import type { AppConfig } from '../../config';
import type { PartnerRow } from '../../db/schema';
import type { DevIdentityProvider } from './dev-provider';

const CACHE_MS = 10 * 60_000;

export class SsoConfigurationError extends Error {}

/**
 * openid-client configurations per partner: the partner's own issuer, or the development
 * provider when the partner has none (never in production). Discovery answers are kept for ten
 * minutes; a failed discovery is not kept, so a provider that comes back is used at once.
 */
export function createSsoClients(opts: { config: AppConfig; dev: DevIdentityProvider | null }) {
  const { config, dev } = opts;
  const cache = new Map<number, { key: string; at: number; configuration: Promise<oidc.Configuration> }>();

  const settingsFor = (partner: PartnerRow) => {
    if (partner.ssoIssuer) {
      const issuer = new URL(partner.ssoIssuer);
      return {
        issuer,
        clientId: partner.ssoClientId ?? partner.code,
        clientSecret: partner.ssoClientSecret ?? undefined,
        // Plain http only for a partner's test provider outside production.
        insecure: issuer.protocol === 'http:' && config.env !== 'production',
        fetch: undefined,
      };
    }
    if (!dev) throw new SsoConfigurationError(`Partner ${partner.code} uses single sign-on but has no issuer configured.`);
    return { issuer: new URL(dev.issuer()), clientId: partner.code, clientSecret: dev.clientSecret(partner.code), insecure: true, fetch: dev.fetch };
  };

  const discover = async (s: ReturnType<typeof settingsFor>) => {
    // A confidential client authenticates with its secret; without one, PKCE alone protects the code.
    const auth = s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None();
    return oidc.discovery(s.issuer, s.clientId, undefined, auth, {
      ...(s.insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(s.fetch ? { [oidc.customFetch]: s.fetch } : {}),
      timeout: 10,
    });
  };

  return {
    get: (partner: PartnerRow): Promise<oidc.Configuration> => {
      const settings = settingsFor(partner);
      const key = `${settings.issuer.href}|${settings.clientId}|${settings.clientSecret ?? ''}`;
      const hit = cache.get(partner.id);
      if (hit && hit.key === key && Date.now() - hit.at < CACHE_MS) return hit.configuration;
      const configuration = discover(settings);
      cache.set(partner.id, { key, at: Date.now(), configuration });
      configuration.catch(() => {
        if (cache.get(partner.id)?.configuration === configuration) cache.delete(partner.id);
      });
      return configuration;
    },
  };
}
