import { describe, it, expect } from 'vitest';
import { CONTENT_NAMES, ZTextBlock, ZFooterLink } from '#shared/schemas/cms';
import { ZCopyTokens } from '#shared/schemas/partner';
import { MEMBER_COPY_TOKENS, memberEarningTokens, vipWithinReach } from '#shared/rules/rewards/policy';
import { MAX_PARTY_SIZE } from '#shared/rules/reservations';
import { replaceTokens } from '#shared/rules/copy-tokens';
import { STORED_CONTENT_NAMES, buildContent, type ContentRow } from './content';
import { buildPartners, partnerSeed } from './partners';
import { copyTokensOf } from '../modules/partners/partner-config';
import type { PartnerRow } from '../db/schema';
import { homeStatesFor, isNewMember, pickHomeItem, type HomeMember } from '#shared/rules/home-variant';
import { replaceTokensDeep, tokenValues } from '#shared/rules/copy-tokens';
import { readSurvey } from '#shared/rules/surveys';
import type { CmsItem } from '#shared/schemas/cms';
import { BONUS_TOKENS, moneyText } from '#shared/rules/bonus-terms';
import { bonusCatalogue } from './bonuses';

const partners = buildPartners();
const TOKEN_KEYS = new Set([...Object.keys(ZCopyTokens.shape), 'currentYear', ...MEMBER_COPY_TOKENS]);

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

function published(rows: ContentRow[], name: string): ContentRow[] {
  return rows.filter((r) => r.contentName === name && r.status === 'published');
}

function fieldsOf(row: ContentRow | undefined): Record<string, unknown> {
  if (!row) throw new Error('missing row');
  return row.fields;
}

describe('buildContent', () => {
  it('maps the eleven content names of the API to stored names', () => {
    expect(STORED_CONTENT_NAMES).toHaveLength(CONTENT_NAMES.length);
    expect(CONTENT_NAMES.map((n) => (n === '*' ? 'default' : n))).toEqual([...STORED_CONTENT_NAMES]);
  });

  it('is deterministic', () => {
    for (const p of partners) expect(JSON.stringify(buildContent(p))).toBe(JSON.stringify(buildContent(p)));
  });

  it('gives every partner published content for every name a screen reads (no sidebar; no bonus banners without members), with unique slugs', () => {
    for (const p of partners) {
      const rows = buildContent(p);
      for (const name of STORED_CONTENT_NAMES) {
        const none = name === 'sidebar' || (name === 'earn_banner' && p.enrollmentType === 'none');
        if (none) expect(published(rows, name), `${p.code} ${name}`).toEqual([]);
        else expect(published(rows, name).length, `${p.code} ${name}`).toBeGreaterThan(0);
      }
      const keys = rows.map((r) => `${r.contentName}|${r.slug}|${r.status}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('uses only known copy tokens, and real sentences', () => {
    // A bonus banner may also use the member's bonus tokens (filled on the bonus card).
    const bonusBanner = (r: ContentRow) => r.contentName === 'earn_banner' && r.fields.kind === 'bonus';
    for (const p of partners) {
      for (const row of buildContent(p)) {
        const known = bonusBanner(row) ? new Set([...TOKEN_KEYS, ...BONUS_TOKENS]) : TOKEN_KEYS;
        for (const s of strings(row.fields)) {
          for (const m of s.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) expect(known, `${p.code}: ${s}`).toContain(m[1]);
          expect(s).not.toMatch(/lorem|ipsum|TODO|undefined|null|\[object/i);
          expect(s).not.toMatch(/\{\{[^}]*$|\s{2,}\S/);
        }
      }
    }
  });

  it('restates no bonus terms where members see their own, and never asks a registered member to register', () => {
    for (const p of partners) {
      const rows = buildContent(p);
      // The member's bonus card gives the terms and deadline (from GET /api/Member) and asks to register only while Eligible:
      // the welcome bonus banners and a member's home copy say neither.
      const memberFacing = rows.filter((r) => (r.contentName === 'earn_banner' && r.fields.kind === 'bonus')
        || (r.contentName === 'home' && r.slug !== 'anonymous'));
      for (const s of memberFacing.flatMap((r) => strings(r.fields))) {
        expect(s, p.code).not.toMatch(/regist/i);
        expect(s, p.code).not.toMatch(/\$25|30 days/);
      }
    }
  });

  it('words the new-member bonus for visitors from its programme, and says auto-enrol partners register members themselves', () => {
    for (const p of partners.filter((x) => x.enrollmentType !== 'none')) {
      const nmb = bonusCatalogue(p).find((b) => b.kind === 'newMember')!;
      const page = JSON.stringify(fieldsOf(buildContent(p).find((r) => r.contentName === 'earn_details' && r.slug === 'earn-new-member-bonus' && r.status === 'published')));
      expect(page, p.code).toContain(`${moneyText(nmb.minSpendCents)} or more within ${nmb.windowHours / 24} days`);
      if (p.hasAutoEnroll) {
        expect(page, p.code).toContain('Nothing to register: joining registers you for the bonus.');
        expect(page, p.code).not.toMatch(/register for the bonus/i);
      } else {
        expect(page, p.code).toMatch(/Register for the bonus where we offer it once you\u2019ve joined: on the welcome page, at the top of your account overview or on your home page\./);
      }
      // Review of issue 24 (f): one clear sentence per step, never "register … when we offer it after you link your card and complete…".
      expect(page, p.code).not.toMatch(/when we offer it after/);
      expect(page, p.code).toMatch(/Join, link a card and complete a qualifying dine of/);
    }
  });

  it('writes the default page: earn, footer, navbar and labels', () => {
    for (const p of partners) {
      const rows = published(buildContent(p), 'default');
      expect(rows.map((r) => r.slug).sort()).toEqual(['footer', 'labels', 'navbar']);
      const footer = fieldsOf(rows.find((r) => r.slug === 'footer'));
      const links = [...(footer.primary_links as unknown[]), ...(footer.secondary_links as unknown[])].map((l) => ZFooterLink.parse(l));
      expect(links.length).toBeGreaterThan(4);
      for (const l of links) {
        if (l.url.startsWith('/')) expect(l.new_tab).toBe(false);
        else {
          expect(l.url).toMatch(/^https:\/\/[a-z0-9.-]+\.example\.com\//);
          expect(l.new_tab).toBe(true);
        }
      }
      expect(footer.copyright).toContain('{{currentYear}}');
    }
  });

  it('writes the home audiences (and the airline variants of §4) with three steps and merchant carousels', () => {
    for (const p of partners) {
      const home = published(buildContent(p), 'home');
      const airline = partnerSeed(p.code)?.kind === 'airline' && p.enrollmentType !== 'none';
      // A site without members has only visitors: no member audiences to write for.
      expect(home.map((r) => r.slug)).toEqual([
        'anonymous', ...(p.enrollmentType === 'none' ? [] : ['non_card_member', 'card_member']),
        ...(airline ? ['opted_out', 'new_member_bonus'] : []),
        ...(airline && p.hasVIP ? ['progress_building', 'progress_renewing', 'progress_complete'] : []),
      ]);
      for (const row of home) {
        const f = row.fields;
        expect((f.user_states as string[]).length).toBeGreaterThan(0);
        const steps = f.steps as { title: string; text: string }[];
        expect(steps).toHaveLength(3);
        expect(steps[0]?.title).toMatch(/search/i);
        expect(steps[1]?.title).toMatch(p.enrollmentType === 'none' ? /your \{\{partnerName1\}\} card/ : /linked card/i);
        expect(steps[2]?.title).toContain('{{currencyPlural}}');
        const blocks = (f.main_column as unknown[]).map((b) => ZTextBlock.parse(b));
        const carousels = blocks.filter((b) => b.type === 'merchant_carousel');
        expect(carousels.length).toBeGreaterThanOrEqual(2);
        for (const c of carousels) {
          expect(c.text_desktop).toBeUndefined();
          expect(c.title).toBeTruthy();
          expect(c.query?.location).toBeTruthy();
        }
      }
      const anonymous = fieldsOf(home[0]);
      const banner = anonymous.banner as { include_prospect_email: boolean };
      expect(banner.include_prospect_email).toBe(p.enrollmentType === 'direct');
      expect('prospect_title' in anonymous).toBe(p.enrollmentType === 'direct');
    }
  });

  it('gives each home state of an airline partner its own item with its own resolved copy (rules/home-variant)', () => {
    const progress = (status: HomeMember['diningProgress']['status']) => ({ status, dinesRequired: 11, remainingDines: 4, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0, year: 2026 });
    const nmb = { code: 'NEWMBR', bonusStatus: 'Eligible' as const, createDateUtc: '2026-11-01T00:00:00Z', isNewMemberBonus: true, description: '', memberIsEligibleForNMB: true, amount: 1000, minSpendCents: 2500, deadlineUtc: '2026-12-01T00:00:00Z' };
    const card = (over: Partial<HomeMember> = {}): HomeMember => ({ memberType: 'EnrolledCardMember', tierLevel: 2, emailOptIn: true, diningProgress: progress('Building'), activeBonuses: [], ...over });
    const who: Array<[string, HomeMember | null]> = [
      ['anonymous', null],
      ['non_card_member', card({ memberType: 'NonCardMember' })],
      ['card_member', card({ tierLevel: 1 })],
      ['opted_out', card({ tierLevel: 0, emailOptIn: false, diningProgress: progress('Renewing') })],
      ['new_member_bonus', card({ activeBonuses: [nmb] })],
      ['progress_building', card()],
      ['progress_renewing', card({ tierLevel: 3, diningProgress: progress('Renewing') })],
      ['progress_complete', card({ tierLevel: 3, diningProgress: progress('Complete') })],
    ];
    for (const code of ['delta', 'american', 'united']) {
      const p = partners.find((x) => x.code === code)!;
      const values = { ...tokenValues(copyTokensOf(p as PartnerRow), new Date('2026-11-23T00:00:00Z')), memberEarning: '3 miles per $1', memberProperEarning: '3 Miles per $1' };
      const items: CmsItem[] = published(buildContent(p), 'home').map((r, i) => ({ id: i, slug: r.slug, status: 'published', updatedAt: '', fields: replaceTokensDeep(r.fields, values) }));
      const seen = new Map<string, string>();
      for (const [slug, member] of who) {
        const picked = pickHomeItem(items, homeStatesFor({ hasVIP: true }, member));
        expect(picked?.slug, `${code} ${slug}`).toBe(slug);
        const f = picked!.fields;
        for (const s of strings(f)) expect(s, `${code} ${slug}`).not.toMatch(/\{\{|\}\}/);
        const title = `${String(f.title)} | ${String(f.banner_text)}`;
        expect([...seen.values()], `${code} ${slug}: copy of its own`).not.toContain(title);
        seen.set(slug, title);
        expect((f.banner as { include_welcome_message: boolean }).include_welcome_message).toBe(member !== null);
        expect((f.banner as { include_prospect_email: boolean }).include_prospect_email).toBe(member === null && p.enrollmentType === 'direct');
        // The promo is for new members: only member items carry it, never the new-member-bonus item itself.
        expect('new_member_promo' in f, `${code} ${slug}`).toBe(['non_card_member', 'card_member', 'opted_out'].includes(slug));
        expect(Boolean(member && isNewMember(member)), `${code} ${slug}`).toBe(slug === 'new_member_bonus');
      }
      expect(String(items.find((i) => i.slug === 'opted_out')!.fields.title)).toBe(`You\u2019re earning ${values.currentEarning0}. Make it ${values.currentEarning2}.`);
    }
  });

  it('has a How it works page and two or three earn pages', () => {
    for (const p of partners) {
      const pages = published(buildContent(p), 'earn_details').map((r) => r.fields);
      const urls = pages.map((f) => f.url as string);
      expect(urls).toContain('/how-it-works');
      const earn = urls.filter((u) => u.startsWith('/earn/'));
      // A site without members has no new-member bonus page.
      expect(earn.length).toBeGreaterThanOrEqual(p.enrollmentType === 'none' ? 1 : 2);
      expect(earn.includes('/earn/new-member-bonus')).toBe(p.enrollmentType !== 'none');
      // The airline with the Topgolf promotion has a fourth.
      expect(earn.length).toBeLessThanOrEqual(p.code === 'american' ? 4 : 3);
      const how = pages.find((f) => f.url === '/how-it-works') ?? {};
      const main = (how.main_column as unknown[]).map((b) => ZTextBlock.parse(b));
      expect(main.filter((b) => b.type === 'title').length).toBeGreaterThanOrEqual(3);
      expect(main.filter((b) => b.type === 'body_text').length).toBeGreaterThanOrEqual(3);
      expect(main.some((b) => b.type === 'button' && b.url === '/search')).toBe(true);
      expect((how.side_column as unknown[]).length).toBeGreaterThan(0);
      expect(how.disclaimer).toBeTruthy();
    }
  });

  it('every /earn link of the content (banners, popups, account centre, the /earn overview) has its earn page (§2)', () => {
    for (const p of partners) {
      const rows = buildContent(p).filter((r) => r.status === 'published');
      const urls = new Set(published(buildContent(p), 'earn_details').map((r) => r.fields.url as string));
      const linked = JSON.stringify(rows.filter((r) => r.contentName !== 'earn_details' || r.fields.url === '/earn').map((r) => r.fields)).match(/\/earn(\/[a-z-]+)?(?=["?#])/g) ?? [];
      expect(linked.length, p.code).toBeGreaterThan(0);
      for (const url of linked) expect(urls.has(url), `${p.code} ${url}`).toBe(true);
      if (p.enrollmentType === 'none') expect(urls.has('/earn')).toBe(false);
      else expect(urls.has('/earn')).toBe(true);
    }
  });

  it('earn pages carry a merchant carousel, the side column and a disclaimer; VIP after 11 dines, the 12th at the VIP rate', () => {
    const vipUpgradePages: Array<Record<string, unknown>> = [];
    for (const p of partners) {
      const pages = published(buildContent(p), 'earn_details').map((r) => r.fields).filter((f) => String(f.url).startsWith('/earn/') && f.url !== '/earn/how-it-works' && f.url !== '/earn/topgolf-bonus');
      vipUpgradePages.push(...pages.filter((f) => f.url === '/earn/vip-upgrade'));
      for (const f of pages) {
        const main = (f.main_column as unknown[]).map((b) => ZTextBlock.parse(b));
        expect(main.some((b) => b.type === 'merchant_carousel'), `${p.code} ${String(f.url)}`).toBe(true);
        // A page about earning shows restaurants that earn today (issue 25: not a top-rated one whose participation ended).
        for (const c of main.filter((b) => b.type === 'merchant_carousel')) expect(c.query?.benefitsFor, `${p.code} ${String(f.url)}`).toBe('true');
        expect((f.side_column as unknown[]).length).toBeGreaterThan(0);
        expect(f.disclaimer).toBeTruthy();
      }
    }
    expect(vipUpgradePages.length).toBeGreaterThan(0);
    for (const f of vipUpgradePages) expect(JSON.stringify(f.main_column)).toContain('After {{vipDines}} qualifying dines in a calendar year you reach VIP: every qualifying dine after them earns {{currentEarning3}}');
  });

  it('keeps the other items in the documented shape', () => {
    for (const p of partners) {
      const rows = buildContent(p);
      const account = fieldsOf(published(rows, 'account_center')[0]);
      expect(account.referral_link).toMatchObject({ is_enabled: p.enrollmentType === 'direct' });
      for (const b of published(rows, 'earn_banner')) {
        expect(b.fields.kind).toBe('bonus');
        expect((b.fields.text as string[]).length).toBeGreaterThan(0);
      }
      for (const s of published(rows, 'surveys')) {
        expect(s.fields).toMatchObject({ delay_timeout: expect.any(Number), cookie_timeout: 90 });
        // Our own survey: its page, and questions the survey rule can use, each one of them.
        const survey = readSurvey(s.slug, fieldsOf(s));
        expect(String(s.fields.url)).toBe(`/surveys?id=${survey?.id}`);
        expect(survey?.questions).toHaveLength((s.fields.questions as unknown[]).length);
        expect(new Set(survey?.questions.map((q) => q.type))).toEqual(new Set(['rating', 'single_choice', 'free_text']));
      }
      const popups = published(rows, 'popup').map((r) => r.slug);
      expect(popups).toEqual(expect.arrayContaining(['acclaimed_2', 'acclaimed_3']));
      expect(popups.includes('general')).toBe(p.generalModalType != null);
      expect(fieldsOf(published(rows, 'discover')[0]).greeting).toMatch(/\{\{memberEarning\}\}/);
    }
    const ftch = buildContent(partners.find((p) => p.code === 'ftch') ?? partners[0]!);
    expect(fieldsOf(ftch.find((r) => r.contentName === 'popup' && r.slug === 'general'))).toMatchObject({ title: 'Cha-ching! Cash back is here.', cta_text: 'LEARN MORE', cta_url: '/earn/this-is-big' });
    const delta = buildContent(partners.find((p) => p.code === 'delta') ?? partners[0]!);
    expect(fieldsOf(delta.find((r) => r.slug === 'sso_temporary'))).toMatchObject({ cta_text: 'Sign in/Join Now', cta_url: '/Login' });
  });

  it('speaks to visitors of a site without enrolment (daak, tgbk) about their card, never about linking or joining (issue 25)', () => {
    const none = partners.filter((p) => p.enrollmentType === 'none');
    expect(none.map((p) => p.code).sort()).toEqual(['daak', 'tgbk']);
    for (const p of none) {
      // What a visitor can see: not the pages of members (activation, account centre), which such a site has none of.
      const visible = buildContent(p).filter((r) => r.status === 'published' && r.contentName !== 'tier_1_activation' && r.contentName !== 'account_center');
      for (const row of visible) {
        // Words, not the paths of survey rules ('/join' in a disallow list).
        for (const s of strings(row.fields).filter((x) => !x.startsWith('/'))) {
          expect(s, `${p.code} ${row.contentName}/${row.slug}`).not.toMatch(/\blink(ed|ing)? (a |any |your )?cards?\b|\/add_card|\/join\b|\bjoin (free|now|\{\{)/i);
        }
      }
      const home = fieldsOf(published(buildContent(p), 'home').find((r) => r.slug === 'anonymous'));
      expect(String(home.subtitle)).toContain('Pay with your {{partnerName1}} card');
    }
  });

  it('writes whole sentences: no doubled full stop (a tagline that ends in one), and VIP in capitals (issue 25)', () => {
    for (const p of partners) {
      for (const row of buildContent(p)) {
        for (const s of strings(row.fields)) {
          const words = s.replace(/<[^>]*>/g, ' ').replace(/https?:\/\/\S+|\/[a-z0-9_/?=&.-]+/gi, ' ');
          expect(words, `${p.code} ${row.contentName}/${row.slug}`).not.toMatch(/[^.]\.\.(?!\.)|\?\.|!\./);
          expect(words, `${p.code} ${row.contentName}/${row.slug}`).not.toMatch(/\bvip\b|\bVip\b/);
        }
      }
    }
  });

  it('adds drafts that differ from the published items only for partners with CMS preview', () => {
    for (const p of partners) {
      const rows = buildContent(p);
      const drafts = rows.filter((r) => r.status === 'draft');
      if (!p.cmsPreview) {
        expect(drafts).toHaveLength(0);
        continue;
      }
      expect(drafts.length).toBeGreaterThan(0);
      for (const d of drafts) {
        const pub = rows.find((r) => r.status === 'published' && r.contentName === d.contentName && r.slug === d.slug);
        expect(pub, `${p.code} ${d.contentName}/${d.slug}`).toBeDefined();
        expect(JSON.stringify(d.fields)).not.toBe(JSON.stringify(pub?.fields));
      }
    }
  });

  describe('review of issue 24: the copy says what the reader earns', () => {
    const rowOf = (code: string, name: string, slug: string) => published(buildContent(partners.find((x) => x.code === code)!), name).find((r) => r.slug === slug);
    const partnerRow = (code: string) => partners.find((x) => x.code === code)! as PartnerRow;
    const resolve = (code: string, text: string, tier: number | null) => {
      const p = partnerRow(code);
      const tokens = copyTokensOf(p as PartnerRow);
      const currency = { type: p.currencyType, singular: tokens.currencySingular, plural: tokens.currencyPlural };
      const member = tier === null ? null : { tier, dinesThisYear: 0, dinesLastYear: 0 };
      return replaceTokens(text, { ...tokenValues(tokens), ...memberEarningTokens(p, currency, member) });
    };
    const greeting = (code: string, tier: number | null) => {
      const p = partnerRow(code);
      const f = fieldsOf(rowOf(code, 'discover', 'discover'));
      const member = tier === null ? null : { tier, dinesThisYear: 0, dinesLastYear: 0 };
      const text = (vipWithinReach(p, member) ? f.greeting_vip as string | undefined : undefined) ?? f.greeting as string;
      return resolve(code, text, tier);
    };

    it("greets a member with their own tier's rate, and holds VIP out only where dining leads there", () => {
      // delta rates 1/1/3/5 with VIP: a Basic member earns 1 mile per $1 and cannot dine to VIP.
      expect(greeting('delta', 0)).toBe('Hungry? Earn 1 mile per $1 at restaurants near you.');
      expect(greeting('delta', 2)).toBe('Hungry? Earn 3 miles per $1 at restaurants near you, and 5 miles per $1 once you\u2019re VIP.');
      expect(greeting('delta', 3)).toBe('Hungry? Earn 5 miles per $1 at restaurants near you.');
      // A visitor reads the rate of joining (with e-mails on).
      expect(greeting('delta', null)).toContain('Earn 3 miles per $1');
      // nosh (cash back, no VIP): Basic earns 3%, not the Select 5%.
      const nosh = partnerRow('nosh');
      expect(greeting('nosh', 0)).toBe(`Hungry? Earn ${nosh.earnRates[0]}% cash back at restaurants near you.`);
      expect(greeting('nosh', 0)).not.toContain('VIP');
    });

    it('promises no tier rate to every reader: a rate token of one tier appears only in copy addressed to that tier', () => {
      // Copy seen by readers of any tier (visitors' and members' home, discover, banners, popups, the search sidebar).
      const everyone = ['default', 'discover', 'sidebar', 'earn_banner', 'announcement_banner'];
      for (const p of partners) {
        for (const row of buildContent(p).filter((r) => everyone.includes(r.contentName))) {
          const text = JSON.stringify(row.fields);
          // A tier's rate only where the text names that tier (VIP, 'get our emails').
          for (const m of text.matchAll(/[^.!?"]*\{\{currentEarning[0-2]\}\}[^.!?"]*/g)) expect(m[0], `${p.code} ${row.contentName}/${row.slug}`).toMatch(/emails|Opt in/);
          for (const m of text.matchAll(/[^.!?"]*\{\{currentEarning3\}\}[^.!?"]*/g)) expect(m[0], `${p.code} ${row.contentName}/${row.slug}`).toMatch(/VIP/);
        }
        // The home items every tier reads (each partner has some of them).
        const shared = published(buildContent(p), 'home').filter((r) => ['anonymous', 'non_card_member', 'card_member'].includes(r.slug));
        expect(shared.length, p.code).toBeGreaterThan(0);
        for (const row of shared) expect(JSON.stringify(row.fields), `${p.code} home/${row.slug}`).not.toMatch(/\{\{currentEarning/);
      }
    });

    it("words a friend's referral bonus as theirs (review e)", () => {
      for (const p of partners) {
        const centre = published(buildContent(p), 'account_center')[0];
        const text = JSON.stringify(centre?.fields ?? {});
        if (!text.includes('A friend who joins through your link earns')) continue;
        expect(text, p.code).toMatch(/A friend who joins through your link earns [^<]*on their first qualifying dine/);
        expect(text, p.code).not.toMatch(/earns [^<]*your first qualifying dine/);
      }
    });

    it(`says the party size the widget books online ({{maxPartySize}} = ${MAX_PARTY_SIZE})`, () => {
      for (const p of partners) {
        const row = published(buildContent(p), 'earn_details').find((r) => r.fields.url === '/earn/reservations');
        if (!row) continue;
        const text = resolve(p.code, JSON.stringify(row.fields), 2);
        expect(text).toContain(`parties of up to ${MAX_PARTY_SIZE};`);
        expect(text).not.toMatch(/parties of up to (?!18)\d+/);
        expect(copyTokensOf(p as PartnerRow).maxPartySize).toBe(String(MAX_PARTY_SIZE));
      }
    });
  });
});
