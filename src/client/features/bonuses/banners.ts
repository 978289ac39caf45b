import type { CmsItem } from '#shared/schemas/cms';
import type { ActiveBonus, Member } from '#shared/schemas/member';
import type { UserState } from '#shared/constants/member';
import { BONUS_STATUSES, bannerInDisplayWindow, bannerSection, displayedStatus, type BonusMarker, type BonusStatus } from '#shared/rules/bonuses';
import { bonusStageCopy, bonusTokens, type BonusUnit } from '#shared/rules/bonus-terms';
import { replaceTokens } from '#shared/rules/copy-tokens';

/**
 * §3 bonus banner (content 'earn_banner', kind bonus): code, type, order, text blocks, app text,
 * app-only, image, days to display, user states; and, beyond §3, `stage_text`: lines per stage
 * ({Eligible, Enrolled, Qualified}) in place of the stage's sentence of rules/bonus-terms.ts.
 */
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
  stageText: Partial<Record<BonusStatus, string[]>>;
};

/**
 * A bonus to show: its content and the member's bonus at the stage shown, worded (content tokens
 * {{bonusAmount}}, {{bonusMinSpend}}, {{bonusDeadline}}, {{bonusTerms}} filled from the bonus):
 * the heading (the first line, else the programme's description), the further lines, the terms
 * while it can be earned, the stage's lines and whether it offers registering.
 */
export type BonusBannerView = BonusBanner & {
  status: BonusStatus;
  section: 'available' | 'activated';
  bonus: ActiveBonus;
  label: string;
  heading: string;
  lines: string[];
  terms: string | null;
  notes: string[];
  canRegister: boolean;
};

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

function stageTexts(v: unknown): Partial<Record<BonusStatus, string[]>> {
  const given = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return Object.fromEntries(BONUS_STATUSES.flatMap((s) => {
    const lines = texts(given[s]);
    return lines.length > 0 ? [[s, lines]] : [];
  }));
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
      stageText: stageTexts(f.stage_text),
    }];
  });
  return banners.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/** The banner a bonus without one in the content shows (withoutBanner): its programme's description, nothing else. */
const plainBanner = (bonus: ActiveBonus): BonusBanner => ({
  slug: `bonus-${bonus.code.toLowerCase()}`, code: bonus.code, order: Number.MAX_SAFE_INTEGER, text: [], appText: null, appOnly: false, image: null,
  daysToDisplay: null, userStates: [], stageText: {},
});

/** A banner worded for the member's bonus at the stage shown. */
function viewOf(banner: BonusBanner, bonus: ActiveBonus, opts: { status: BonusStatus; inNativeApp: boolean; unit: BonusUnit; timeZone?: string; now: number }): BonusBannerView {
  const words = { timeZone: opts.timeZone, now: new Date(opts.now) };
  const tokens = bonusTokens(bonus, opts.unit, words);
  const fill = (line: string) => replaceTokens(line, tokens);
  const copy = bonusStageCopy(bonus, opts.status, opts.unit, words);
  const [first, ...rest] = (opts.inNativeApp && banner.appText ? [banner.appText] : banner.text).map(fill);
  return {
    ...banner, status: opts.status, section: bannerSection(opts.status), bonus, label: copy.label,
    heading: first ?? bonus.description, lines: rest, terms: copy.terms,
    // Only the stage's own lines: an Enrolled or Qualified bonus never shows the Eligible lines (which ask to register).
    notes: (banner.stageText[opts.status] ?? [copy.note]).map(fill), canRegister: copy.canRegister,
  };
}

/**
 * The banners this member sees (§4 Bonus): a banner whose code is one of the member's active
 * bonuses, for the member's state (user_states, when given), inside the native app only when it
 * is app-only (app_text there), and only while days_to_display since the bonus's creation have
 * not passed. The stage is the server's, Enrolled while a registration marker of this browser
 * lives (35 minutes). `which` keeps some bonuses only (the welcome offer: the new-member bonus);
 * with `withoutBanner`, a bonus the content has no banner for at all shows too, headed by its
 * programme's description (a promised bonus is offered even before its copy is written).
 */
export function visibleBonusBanners(opts: {
  banners: readonly BonusBanner[];
  member: Pick<Member, 'activeBonuses'>;
  userState: UserState;
  markers: readonly BonusMarker[];
  inNativeApp: boolean;
  now: number;
  unit: BonusUnit;
  timeZone?: string;
  which?: (bonus: ActiveBonus) => boolean;
  withoutBanner?: boolean;
}): BonusBannerView[] {
  const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const bonuses = opts.member.activeBonuses.filter((b) => opts.which?.(b) ?? true);
  const statusOf = (bonus: ActiveBonus) => displayedStatus(bonus.bonusStatus, bonus.code, opts.markers, opts.now);
  const fromContent = opts.banners.flatMap((b): BonusBannerView[] => {
    const bonus = bonuses.find((x) => sameCode(x.code, b.code));
    if (!bonus) return [];
    if (b.userStates.length > 0 && !b.userStates.includes(opts.userState)) return [];
    if (b.appOnly && !opts.inNativeApp) return [];
    if (!bannerInDisplayWindow({ daysToDisplay: b.daysToDisplay, createdAt: bonus.createDateUtc, now: opts.now })) return [];
    return [viewOf(b, bonus, { ...opts, status: statusOf(bonus) })];
  });
  if (!opts.withoutBanner) return fromContent;
  const plain = bonuses.filter((bonus) => !opts.banners.some((b) => sameCode(b.code, bonus.code)))
    .map((bonus) => viewOf(plainBanner(bonus), bonus, { ...opts, status: statusOf(bonus) }));
  return [...fromContent, ...plain];
}
