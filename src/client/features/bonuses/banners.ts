import type { CmsItem } from '#shared/schemas/cms';
import type { Member } from '#shared/schemas/member';
import type { UserState } from '#shared/constants/member';
import { bannerInDisplayWindow, bannerSection, displayedStatus, type BonusMarker, type BonusStatus } from '#shared/rules/bonuses';

/** §3 bonus banner (content 'earn_banner', kind bonus): code, type, order, text blocks, app text, app-only, image, days to display, user states. */
export type BonusBanner = {
  slug: string;
  code: string;
  order: number;
  text: string[];
  appText: string | null;
  appOnly: boolean;
  image: string | null;
  daysToDisplay: number | null;
  userStates: string[];
};

/** A banner to show: its content, the member's bonus and the stage shown. */
export type BonusBannerView = BonusBanner & { status: BonusStatus; section: 'available' | 'activated'; description: string; lines: string[] };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
/** Text blocks may be plain strings or §3 text blocks ({ text_desktop, text_mobile }). */
function texts(v: unknown): string[] {
  if (!Array.isArray(v)) return typeof v === 'string' && v.trim() ? [v] : [];
  return v.flatMap((t: unknown) => {
    if (typeof t === 'string') return t.trim() ? [t] : [];
    const block = (t ?? {}) as { text_desktop?: unknown; text_mobile?: unknown };
    const text = str(block.text_desktop) ?? str(block.text_mobile);
    return text ? [text] : [];
  });
}

/** The bonus banners of the 'earn_banner' content (kind or type 'bonus', with a code), in their order. */
export function bonusBannersOf(items: readonly CmsItem[]): BonusBanner[] {
  const banners = items.flatMap((item): BonusBanner[] => {
    const f = item.fields;
    const kind = str(f.kind) ?? str(f.type);
    const code = str(f.code);
    if (kind !== 'bonus' || !code) return [];
    return [{
      slug: item.slug, code, order: num(f.order) ?? 0, text: texts(f.text), appText: str(f.app_text), appOnly: f.app_only_bonus === true || f.app_only_bonus === 'true',
      image: str(f.image), daysToDisplay: num(f.days_to_display), userStates: Array.isArray(f.user_states) ? f.user_states.filter((s): s is string => typeof s === 'string') : [],
    }];
  });
  return banners.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/**
 * The banners this member sees (§4 Bonus): a banner whose code is one of the member's active
 * bonuses, for the member's state (user_states, when given), inside the native app only when it
 * is app-only (app_text there), and only while days_to_display since the bonus's creation have
 * not passed. The stage is the server's, Enrolled while a registration marker of this browser
 * lives (35 minutes).
 */
export function visibleBonusBanners(opts: {
  banners: readonly BonusBanner[];
  member: Pick<Member, 'activeBonuses'>;
  userState: UserState;
  markers: readonly BonusMarker[];
  inNativeApp: boolean;
  now: number;
}): BonusBannerView[] {
  return opts.banners.flatMap((b): BonusBannerView[] => {
    const bonus = opts.member.activeBonuses.find((x) => x.code.toLowerCase() === b.code.toLowerCase());
    if (!bonus) return [];
    if (b.userStates.length > 0 && !b.userStates.includes(opts.userState)) return [];
    if (b.appOnly && !opts.inNativeApp) return [];
    if (!bannerInDisplayWindow({ daysToDisplay: b.daysToDisplay, createdAt: bonus.createDateUtc, now: opts.now })) return [];
    const status = displayedStatus(bonus.bonusStatus, b.code, opts.markers, opts.now);
    const lines = opts.inNativeApp && b.appText ? [b.appText] : b.text;
    return [{ ...b, status, section: bannerSection(status), description: bonus.description, lines }];
  });
}
