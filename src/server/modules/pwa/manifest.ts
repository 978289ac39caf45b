import { programName } from '#shared/rules/partner-features';
import type { PartnerConfig } from '#shared/schemas/partner';
import { ICON_SIZES } from './icon';

/** The longest short name a launcher shows under an icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/**
 * The short name under the home-screen icon: the programme's short name (copy token programName2),
 * else the partner's short brand (partnerName1), whichever fits; else the first fits cut at a word.
 */
export function shortNameOf(partner: Pick<PartnerConfig, 'name' | 'copyStates'>): string {
  const candidates = [partner.copyStates.programName2, partner.copyStates.partnerName1, partner.name].map((s) => s.trim()).filter(Boolean);
  const fits = candidates.find((s) => s.length <= SHORT_NAME_MAX);
  if (fits) return fits;
  const first = candidates[0] ?? 'Dining';
  const words = first.split(/\s+/);
  let out = '';
  for (const w of words) {
    if ((out ? `${out} ${w}` : w).length > SHORT_NAME_MAX) break;
    out = out ? `${out} ${w}` : w;
  }
  return out || first.slice(0, SHORT_NAME_MAX);
}

export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'any';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
};

/** The partner's web app manifest (served per host, so each partner installs as its own app). */
export function webAppManifest(partner: Pick<PartnerConfig, 'name' | 'copyStates' | 'theme'>): WebAppManifest {
  const name = programName(partner);
  const icons = ICON_SIZES.filter((s) => s !== 180).flatMap((size) => (['any', 'maskable'] as const).map((purpose) => ({
    src: `/partner/icons/${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png' as const,
    purpose,
  })));
  return {
    id: '/',
    name,
    short_name: shortNameOf(partner),
    description: `Earn with ${name} when you dine at participating restaurants with a linked card.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: partner.theme.primary,
    background_color: partner.theme.background,
    icons,
  };
}
