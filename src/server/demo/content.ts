import type { contentPages, NewPartnerRow } from '../db/schema';
import type { TextBlock, FooterLink } from '#shared/schemas/cms';
import { partnerSeed, type PartnerKind } from './partners';
import { hashString } from '../lib/random';
import { bonusCatalogue, INJECTED_BONUS_TITLES } from './bonuses';
import { bonusAmountText, moneyText } from '#shared/rules/bonus-terms';

/** One CMS item to insert; partnerId is added by the caller. */
export type ContentRow = Omit<typeof contentPages.$inferInsert, 'partnerId'>;

/** The partner settings the copy depends on (a partner row or seed is enough). */
export type ContentPartner = Pick<NewPartnerRow, 'code' | 'name'> & Partial<Pick<NewPartnerRow,
  | 'enrollmentType' | 'currencyType' | 'hasVIP' | 'cmsPreview' | 'hasDiscoverPage' | 'homePage' | 'acclaimedEnabled'
  | 'acclaimed2Enabled' | 'hasReservationBonus' | 'openTableReservationsEnabled' | 'generalModalType'
  | 'hasSmsOptIn' | 'cardTypesAccepted' | 'hasAutoEnroll'>>;

/** The eleven content names as stored ('*' is stored as 'default'). */
export const STORED_CONTENT_NAMES = [
  'default', 'home', 'discover', 'tier_1_activation', 'surveys', 'account_center', 'announcement_banner', 'earn_details',
  'earn_banner', 'popup', 'sidebar',
] as const;
export type StoredContentName = (typeof STORED_CONTENT_NAMES)[number];

type Voice = {
  tagline: string;
  promise: string;
  goal: string;
  reservationBonus: string;
  earnedWhere: string;
};

/** Tone per partner type; every {{token}} is filled from the partner's copyStates on the client. */
const VOICES: Record<PartnerKind, Voice> = {
  airline: {
    tagline: 'Dining that takes you places',
    promise: 'Every meal out brings your next trip a little closer.',
    goal: 'your next flight',
    reservationBonus: '50 {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} account',
  },
  hotel: {
    tagline: 'Dine out tonight, check in soon',
    promise: 'Turn dinners, brunches and happy hours into nights away.',
    goal: 'your next stay',
    reservationBonus: '100 {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} account',
  },
  cashback: {
    tagline: 'Eat well. Get paid back.',
    promise: 'Good food now pays you back, with nothing to clip or scan.',
    goal: 'your next payout',
    reservationBonus: '$2 in {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} balance',
  },
  credit: {
    tagline: 'Dinner that gives back',
    promise: 'Your meals out add up to credits you can actually use.',
    goal: 'your next statement credit',
    reservationBonus: '$2 in {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} balance',
  },
};

const KIND_BY_CURRENCY: Record<string, PartnerKind> = { Mile: 'airline', Point: 'hotel', Dollar: 'cashback', Credit: 'credit' };

type Ctx = {
  code: string;
  kind: PartnerKind;
  voice: Voice;
  direct: boolean;
  enrollment: 'direct' | 'sso' | 'none';
  hub: string;
  hubCity: string;
  site: string;
  hasVIP: boolean;
  hasDiscover: boolean;
  acclaimed: boolean;
  reservations: boolean;
  reservationBonus: boolean;
  /**
   * The new-member bonus as its programme says (the catalogue of bonuses.ts, worded by
   * rules/bonus-terms.ts): copy for visitors quotes these, never numbers of its own. Members see
   * their own terms and deadline from GET /api/Member on the bonus card.
   */
  welcome: { amount: string; minSpend: string; days: number };
  /** hasAutoEnroll: members are registered for the new-member bonus when they join. */
  autoEnroll: boolean;
  /** "Visa, Mastercard or Discover": the brands this partner accepts. */
  cardBrands: string;
  /**
   * The card a dine is paid with: "a linked card" where members link their cards, and "your
   * {{partnerName1}} card" on a site without enrolment (daak, tgbk), whose visitors have nothing
   * to link or join: the partner's cards take part as they are.
   */
  card: string;
  art: (preset: 'hero' | 'tile' | 'thumb', salt: string) => string;
};

const BANNER_ART = ['italian', 'sushi', 'mexican', 'french', 'brunch', 'seafood', 'wine-bar', 'thai', 'bbq', 'mediterranean'] as const;

const CARD_BRANDS: Record<string, string> = { VISA: 'Visa', MAST: 'Mastercard', AMEX: 'American Express', DISC: 'Discover' };

function cardBrandList(types: readonly string[]): string {
  const names = ['VISA', 'MAST', 'AMEX', 'DISC'].filter((t) => types.includes(t)).map((t) => CARD_BRANDS[t] ?? t);
  if (names.length <= 1) return names[0] ?? 'Visa';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function context(partner: ContentPartner): Ctx {
  const seed = partnerSeed(partner.code);
  const kind = seed?.kind ?? KIND_BY_CURRENCY[partner.currencyType ?? 'Mile'] ?? 'airline';
  const enrollment = partner.enrollmentType ?? seed?.enrollmentType ?? 'direct';
  const hubCity = seed?.hub.city ?? 'New York';
  const hub = seed ? `${seed.hub.city}, ${seed.hub.state}` : 'New York, NY';
  const currencyType = partner.currencyType ?? seed?.currencyType ?? 'Mile';
  // Worded even where nobody can join (no copy there quotes it): the programme such a site would have.
  const nmb = bonusCatalogue({ code: partner.code, enrollmentType: 'direct', currencyType }).find((b) => b.kind === 'newMember')!;
  const unit = { currencyType, copyStates: { bonusCurrencySingular: '{{bonusCurrencySingular}}', bonusCurrencyPlural: '{{bonusCurrencyPlural}}' } };
  return {
    code: partner.code,
    kind,
    voice: VOICES[kind],
    direct: enrollment === 'direct',
    enrollment,
    hub,
    hubCity,
    site: `https://${partner.code}.example.com`,
    hasVIP: partner.hasVIP ?? false,
    hasDiscover: partner.hasDiscoverPage ?? partner.homePage === 'discover',
    acclaimed: partner.acclaimedEnabled ?? false,
    reservations: partner.openTableReservationsEnabled ?? false,
    reservationBonus: partner.hasReservationBonus ?? false,
    welcome: { amount: bonusAmountText(nmb.amount, unit), minSpend: moneyText(nmb.minSpendCents), days: Math.round(nmb.windowHours / 24) },
    autoEnroll: partner.hasAutoEnroll ?? seed?.switches.hasAutoEnroll ?? false,
    cardBrands: cardBrandList(partner.cardTypesAccepted ?? ['VISA', 'MAST', 'AMEX', 'DISC']),
    card: enrollment === 'none' ? 'your {{partnerName1}} card' : 'a linked card',
    art: (preset, salt) => {
      const h = hashString(`${partner.code}:${salt}`);
      return `/img/merchants/${preset}/${BANNER_ART[h % BANNER_ART.length]}-${(h >>> 8) % 8 + 1}.svg`;
    },
  };
}

/** A phrase as a sentence: a full stop added only where it ends without one ('Eat well. Get paid back.' stays as it is). */
export const sentence = (t: string): string => (/[.!?\u2026]$/.test(t.trim()) ? t.trim() : `${t.trim()}.`);

const text = (type: TextBlock['type'], desktop: string, mobile = desktop): TextBlock => ({ type, text_desktop: desktop, text_mobile: mobile });
const title = (t: string, mobile?: string): TextBlock => text('title', t, mobile ?? t);
const body = (t: string, mobile?: string): TextBlock => text('body_text', t, mobile ?? t);
const button = (label: string, url: string, mobile?: string): TextBlock => ({ ...text('button', label, mobile ?? label), url, new_tab: false });
const link = (label: string, url: string, newTab = false): TextBlock => ({ ...text('standalone_link', label), url, new_tab: newTab });
const carousel = (t: string, query: Record<string, string>): TextBlock => ({ type: 'merchant_carousel', title: t, query });

function banner(ctx: Ctx, salt: string, opts: { welcome: boolean; prospect: boolean; alt: string }): Record<string, unknown> {
  const h = hashString(`${ctx.code}:${salt}:pos`);
  return {
    enable_banner: true,
    image: ctx.art('hero', salt),
    image_mobile: ctx.art('tile', salt),
    alt_text: opts.alt,
    image_x_position: 35 + (h % 31),
    image_y_position: 30 + ((h >>> 5) % 41),
    include_welcome_message: opts.welcome,
    include_prospect_email: opts.prospect && ctx.direct,
  };
}

function steps(ctx: Ctx): { title: string; text: string }[] {
  return [
    { title: 'Search restaurants', text: `Browse thousands of participating restaurants, bars and clubs near you, or wherever ${ctx.kind === 'airline' ? 'your next flight lands' : ctx.kind === 'hotel' ? 'your next stay takes you' : 'the weekend takes you'}.` },
    ctx.enrollment === 'none'
      ? { title: 'Dine and pay with your {{partnerName1}} card', text: 'Order what you like and pay with your {{partnerName1}} card, the way you always do. Nothing to link or sign up for, and no vouchers, codes or special menus.' }
      : { title: 'Dine and pay with a linked card', text: 'Order what you like and pay the way you always do with a credit or debit card you have linked. No vouchers, codes or special menus.' },
    { title: 'Earn {{currencyPlural}}', text: `We add {{currencyPlural}} to ${ctx.voice.earnedWhere} automatically after every qualifying dine, so ${ctx.voice.goal} gets closer with every meal.` },
  ];
}

function carousels(ctx: Ctx, includeNearby: boolean): TextBlock[] {
  const blocks: TextBlock[] = [];
  if (includeNearby) blocks.push(carousel('Near you', { location: 'Current Location', sortBy: 'distance' }));
  blocks.push(carousel(`Top rated in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating' }));
  blocks.push(carousel('New to the neighbourhood', { location: ctx.hub, isNew: 'true', sortBy: 'rating' }));
  if (ctx.acclaimed) blocks.push(carousel('Critics\u2019 favourites', { location: ctx.hub, acclaimed: 'true', sortBy: 'rating' }));
  if (ctx.reservations) blocks.push(carousel('Book a table tonight', { location: ctx.hub, reservations: 'true', sortBy: 'rating' }));
  return blocks;
}

function item(contentName: StoredContentName, slug: string, fields: Record<string, unknown>, sortOrder: number, status: 'published' | 'draft' = 'published'): ContentRow {
  return { contentName, slug, status, sortOrder, fields };
}

// ---------------------------------------------------------------- default (*)

function defaultItems(ctx: Ctx): ContentRow[] {
  const primary: FooterLink[] = [
    { text: 'How it works', url: '/how-it-works', new_tab: false },
    { text: 'Find restaurants', url: '/search', new_tab: false },
    ...(ctx.hasDiscover ? [{ text: 'Discover', url: '/discover', new_tab: false }] : []),
    { text: 'FAQ', url: `${ctx.site}/dining/faq`, new_tab: true },
    { text: 'Contact us', url: `${ctx.site}/dining/contact`, new_tab: true },
  ];
  const secondary: FooterLink[] = [
    { text: 'Program terms', url: `${ctx.site}/dining/terms`, new_tab: true },
    { text: 'Privacy policy', url: `${ctx.site}/privacy`, new_tab: true },
    { text: 'Cookie preferences', url: `${ctx.site}/privacy/cookies`, new_tab: true },
    { text: 'Accessibility', url: `${ctx.site}/accessibility`, new_tab: true },
  ];
  const navbar = [
    ...(ctx.hasDiscover ? [{ text_desktop: 'Discover', text_mobile: 'Discover nearby', url: '/discover' }] : []),
    { text_desktop: 'Find restaurants', text_mobile: 'Search restaurants', url: '/search' },
    { text_desktop: 'How it works', text_mobile: 'How it works', url: '/how-it-works' },
  ];
  // No 'earn' item (§3 "earn banner_text"): no screen of this app shows it (issue 25), and the
  // earn rate is said where it applies (tiles, restaurant pages, the discover greeting).
  return [
    item('default', 'footer', {
      primary_links: primary,
      secondary_links: secondary,
      disclaimer: `{{programName1}} is offered by {{partnerName1}}. You earn {{currencyPlural}} on {{earnBasis}}, for qualifying dines paid with ${ctx.card} at participating restaurants. Participating restaurants and offers can change at any time; see the program terms for details.`,
      copyright: '\u00a9 {{currentYear}} {{partnerName2}}. All rights reserved.',
    }, 1),
    item('default', 'navbar', { links: navbar }, 2),
    item('default', 'labels', {
      search_location_placeholder: 'City, state or ZIP',
      search_cuisine_placeholder: 'Restaurant or cuisine',
      prospect_email_placeholder: 'Enter your email, e.g. name@example.com',
      prospect_email_button: 'Get started',
    }, 3),
  ];
}

// ---------------------------------------------------------------- home

function homeItems(ctx: Ctx): ContentRow[] {
  // Visitors read the rate they earn on joining (policy memberEarningTokens).
  const rate = '{{memberEarning}}';
  const join = ctx.direct ? 'Join free' : ctx.enrollment === 'sso' ? 'Join now' : 'Find restaurants';
  const joinUrl = ctx.enrollment === 'none' ? '/search' : '/join';
  const anonymous = {
    user_states: ['anonymous', 'known_visitor'],
    banner_text: ctx.enrollment === 'none'
      ? `${sentence(ctx.voice.tagline)} Pay with ${ctx.card} at participating restaurants and earn {{currencyPlural}} automatically.`
      : `New members earn ${ctx.welcome.amount} after their first qualifying dine.`,
    browser_title: '{{partnerName2}} | Earn {{currencyPlural}} when you dine out',
    title: 'Earn {{currencyPlural}} every time you dine out',
    subtitle: ctx.enrollment === 'none'
      ? `${ctx.voice.promise} Pay with ${ctx.card} and earn ${rate} at participating restaurants.`
      : `${ctx.voice.promise} Link a card you already use and earn ${rate} at participating restaurants.`,
    steps: steps(ctx),
    browse_title: `Popular in ${ctx.hubCity}`,
    main_column: [
      title('Find your next favourite'),
      body(`From neighbourhood caf\u00e9s to chef-driven dining rooms, thousands of restaurants earn {{currencyPlural}} with {{programName1}}.`),
      ...carousels(ctx, false),
      button(ctx.enrollment === 'none' ? 'Search restaurants near you' : join, joinUrl, ctx.enrollment === 'none' ? 'Search restaurants' : join),
    ],
    banner: banner(ctx, 'home-anonymous', { welcome: false, prospect: true, alt: 'Illustration of a dinner table set with colourful dishes' }),
    ...(ctx.direct ? {
      prospect_title: 'Start earning on your next meal',
      prospect_text: 'Enter your email to join {{programName1}}. It takes about a minute and it\u2019s free.',
    } : {}),
  };
  const nonCard = {
    user_states: ['non_card_member'],
    banner_text: 'Link a card to start earning {{currencyPlural}} on your next meal.',
    browser_title: 'Welcome | {{partnerName2}}',
    title: 'You\u2019re one step away from earning',
    subtitle: 'Link a credit or debit card you use for dining. Your card details are encrypted and we never see your full number.',
    steps: steps(ctx),
    browse_title: `Where to eat in ${ctx.hubCity}`,
    main_column: [
      button('Link a card', '/add_card'),
      ...carousels(ctx, true),
    ],
    banner: banner(ctx, 'home-non-card', { welcome: true, prospect: false, alt: 'Illustration of a plate of food and a linked card' }),
    new_member_promo: newMemberPromo(ctx, false),
  };
  const cardMember = {
    user_states: ['card_member'],
    banner_text: `Your linked cards are working: every qualifying dine earns {{currencyPlural}} toward ${ctx.voice.goal}.`,
    browser_title: 'Welcome back | {{partnerName2}}',
    title: 'Welcome back. Where to next?',
    subtitle: `Pay with a linked card at any participating restaurant and the {{currencyPlural}} follow. ${ctx.reservationBonus ? `Book through us and get ${ctx.voice.reservationBonus} on top.` : ''}`.trim(),
    steps: steps(ctx),
    browse_title: 'Picked for you',
    main_column: [
      ...carousels(ctx, true),
      link('See your recent activity', '/account/recent_activity'),
    ],
    banner: banner(ctx, 'home-card', { welcome: true, prospect: false, alt: 'Illustration of a table for two' }),
    new_member_promo: newMemberPromo(ctx, true),
  };
  // A site without enrolment has visitors only: no member's home to write.
  if (ctx.enrollment === 'none') return [item('home', 'anonymous', anonymous, 0)];
  return [
    item('home', 'anonymous', anonymous, 0), item('home', 'non_card_member', nonCard, 1), item('home', 'card_member', cardMember, 2),
    ...airlineHomeVariants(ctx),
  ];
}

/**
 * §2 new-member promo of a member's home: shown only to new members (an open new-member bonus,
 * rules/home-variant isNewMember), above the bonus card that gives the terms and deadline and,
 * while the bonus is Eligible, the Register button (features/bonuses WelcomeBonus). No numbers
 * and nothing about registering here: the card says both, by stage.
 */
function newMemberPromo(ctx: Ctx, hasCard: boolean): TextBlock[] {
  return hasCard
    ? [
      title('Your welcome bonus'),
      body(`As a new member you can earn a welcome bonus in ${ctx.voice.earnedWhere}, on top of your usual {{currencyPlural}}.`),
    ]
    : [
      title('Your welcome bonus'),
      body('Link a card now: as a new member you can earn a welcome bonus on top of your usual {{currencyPlural}}.'),
    ];
}

/**
 * §4 home copy variants of the airline partners (rules/home-variant.ts picks them; precedence in
 * docs/content-model.md): a card member opted out of e-mail at tier 0, one with an open new-member
 * bonus, and the dining-progress stages Building, Renewing and Complete (partners with VIP).
 */
function airlineHomeVariants(ctx: Ctx): ContentRow[] {
  if (ctx.kind !== 'airline' || ctx.enrollment === 'none') return [];
  const variant = (state: string, salt: string, alt: string, fields: Record<string, unknown>) => ({
    user_states: [state],
    steps: steps(ctx),
    ...fields,
    banner: banner(ctx, salt, { welcome: true, prospect: false, alt }),
  });
  const rows = [
    item('home', 'opted_out', variant('opted_out', 'home-opted-out', 'Illustration of a table set for dinner with an envelope beside the plate', {
      browser_title: 'Earn more on every meal | {{partnerName2}}',
      title: 'You\u2019re earning {{currentEarning0}}. Make it {{currentEarning2}}.',
      subtitle: 'Your linked card is already earning. One switch makes every qualifying dine earn more.',
      banner_text: '<a href="/account/user_profile">Turn on {{programName1}} emails in your profile</a> and you earn {{currentEarning2}} instead of {{currentEarning0}}, and hear first about bonus {{currencyPlural}}.',
      browse_title: `Where to eat in ${ctx.hubCity}`,
      main_column: [...carousels(ctx, true), button('Turn on email offers', '/account/user_profile')],
      new_member_promo: newMemberPromo(ctx, true),
    }), 3),
    item('home', 'new_member_bonus', variant('new_member_bonus', 'home-nmb', 'Illustration of a celebratory dinner', {
      browser_title: 'Your welcome bonus | {{partnerName2}}',
      title: 'Your welcome bonus is waiting',
      // Eligible and Enrolled members both see this item: its words fit either stage, and the
      // bonus card under the banner gives the terms, the deadline and (Eligible) the Register button.
      banner_text: `Your welcome bonus goes to ${ctx.voice.earnedWhere}, on top of your usual {{currencyPlural}}.`,
      subtitle: 'Pay with a linked card at any participating restaurant: your first dine that meets the terms below earns it.',
      browse_title: 'Pick your first restaurant',
      main_column: [...carousels(ctx, true)],
    }), 4),
  ];
  if (ctx.hasVIP) {
    rows.push(
      item('home', 'progress_building', variant('progress_building', 'home-building', 'Illustration of a chef plating a dish', {
        browser_title: 'Dine your way to VIP | {{partnerName2}}',
        title: 'Dine your way to VIP',
        banner_text: '{{vipDines}} qualifying dines in a calendar year make you VIP: every qualifying dine after them earns {{currentEarning3}}, for the rest of that year and all of next.',
        subtitle: 'Every qualifying dine paid with a linked card counts, at any participating restaurant, bar or club.',
        browse_title: 'Your next qualifying dine',
        main_column: [...carousels(ctx, true), link('See your VIP progress', '/account/overview')],
      }), 5),
      item('home', 'progress_renewing', variant('progress_renewing', 'home-renewing', 'Illustration of a chef\u2019s tasting menu', {
        browser_title: 'Keep your VIP status | {{partnerName2}}',
        title: 'Keep your VIP status for next year',
        banner_text: 'You\u2019re VIP this year, earning {{currentEarning3}}. Complete {{vipDines}} qualifying dines by December 31 to stay VIP through next year.',
        subtitle: 'Every qualifying dine paid with a linked card counts toward next year.',
        browse_title: 'Picked for you',
        main_column: [...carousels(ctx, true), link('See your VIP progress', '/account/overview')],
      }), 6),
      item('home', 'progress_complete', variant('progress_complete', 'home-complete', 'Illustration of a celebratory toast at a dinner table', {
        browser_title: 'You\u2019re VIP | {{partnerName2}}',
        title: 'You\u2019re VIP through next year',
        banner_text: 'You\u2019ve completed this year\u2019s {{vipDines}} qualifying dines, so every qualifying dine earns {{currentEarning3}} for the rest of this year and all of next.',
        subtitle: `Keep paying with a linked card and watch your {{currencyPlural}} bring ${ctx.voice.goal} closer.`,
        browse_title: 'Picked for you',
        main_column: [...carousels(ctx, true), link('See your recent activity', '/account/recent_activity')],
      }), 7),
    );
  }
  return rows;
}



// ---------------------------------------------------------------- discover

function discoverItems(ctx: Ctx): ContentRow[] {
  return [item('discover', 'discover', {
    browser_title: 'Discover restaurants | {{partnerName2}}',
    // The reader's own rate; VIP only in the variant shown where dining can take the reader there.
    greeting: 'Hungry? Earn {{memberEarning}} at restaurants near you.',
    ...(ctx.hasVIP ? { greeting_vip: 'Hungry? Earn {{memberEarning}} at restaurants near you, and {{currentEarning3}} once you\u2019re VIP.' } : {}),
    search_prompt: 'What are you in the mood for?',
    main_column: [
      ...carousels(ctx, true),
      body(`Pay with ${ctx.card} and the {{currencyPlural}} are added for you. No codes, no receipts to upload.`),
    ],
  }, 0)];
}

// ---------------------------------------------------------------- tier_1_activation

function activationItems(ctx: Ctx): ContentRow[] {
  return [item('tier_1_activation', 'activation', {
    title: 'Activate your {{programName1}} account',
    body: `You\u2019re one click away from earning {{currencyPlural}} on meals out. Activate your account and every qualifying dine with a linked card counts toward ${ctx.voice.goal}.`,
    button_text: 'Activate my account',
    activated_title: 'You\u2019re all set!',
    activated_body: 'Your account is active. Find a restaurant you love and start earning {{currentEarning2}} today.',
    error_text: 'We couldn\u2019t activate your account just now. Please try again in a moment.',
  }, 0)];
}

// ---------------------------------------------------------------- surveys

/**
 * Our own surveys (issue 12; docs/api-surveys.md): the prompt and /surveys show the questions;
 * answers go to POST /api/surveys/{id}/responses. The site-wide survey keeps off the member
 * flows; the account survey is also the leaving survey of the last card's delete dialog.
 */
function surveyItems(ctx: Ctx): ContentRow[] {
  const dining = `${ctx.code}-dining-experience-2026`;
  const account = `${ctx.code}-account-feedback-2026`;
  return [
    item('surveys', 'dining-experience', {
      id: dining,
      title: 'Got a minute? Tell us how we are doing',
      text: 'Three quick questions about dining with {{programName1}}. Your answers help us make it even better.',
      url: `/surveys?id=${dining}`,
      delay_timeout: 3,
      cookie_timeout: 90,
      url_allow_list: [],
      url_disallow_list: ['/login', '/join', '/add_card', '/card_added', '/activate', '/recover', '/fix_credentials', '/account', '/search', '/merchants/', '/stgtools', '/SignOut']
        .map((url_disallowed) => ({ url_disallowed })),
      questions: [
        { id: 'overall', type: 'rating', label: 'Overall, how would you rate dining with us?', required: true, low_label: 'Poor', high_label: 'Excellent' },
        {
          id: 'frequency', type: 'single_choice', label: 'How often do you eat at a restaurant?', required: true,
          options: ['More than once a week', 'About once a week', 'A few times a month', 'Once a month or less'],
        },
        { id: 'improve', type: 'free_text', label: 'What would make dining with us better?', required: false, max_length: 500 },
      ],
    }, 0),
    item('surveys', 'account-feedback', {
      id: account,
      title: 'How was managing your account?',
      text: 'How easy was it to manage your account today? Two quick questions, we promise.',
      url: `/surveys?id=${account}`,
      delay_timeout: 15,
      cookie_timeout: 90,
      url_allow_list: [{ url_allowed: '/account/user_profile' }],
      url_disallow_list: [{ url_disallowed: '/account/manage_cards' }],
      questions: [
        { id: 'ease', type: 'rating', label: 'How easy was it to manage your account today?', required: true, low_label: 'Very hard', high_label: 'Very easy' },
        { id: 'task', type: 'single_choice', label: 'What did you come to do?', required: false, options: ['Link or remove a card', 'Check my rewards', 'Update my profile', 'Close my account', 'Something else'] },
        { id: 'comments', type: 'free_text', label: 'Anything else you would like to tell us?', required: false, max_length: 1000 },
      ],
    }, 1),
  ];
}

// ---------------------------------------------------------------- account_center

function accountCenterItems(ctx: Ctx): ContentRow[] {
  return [item('account_center', 'account_center', {
    referral_link: {
      is_enabled: ctx.direct,
      title: 'Share a table, share the rewards',
      // Only what a programme pays: the friend's bonus for joining through the link where the partner has one (nothing is paid to the referrer).
      description: referralDescription(ctx),
    },
    link_groups: [
      { title: 'Earn more', links: [{ text: 'How it works', url: '/how-it-works' }, { text: 'Find restaurants', url: '/search' }, ctx.enrollment === 'none' ? { text: 'Ways to earn', url: '/earn/how-it-works' } : { text: 'New member bonus', url: '/earn/new-member-bonus' }] },
      { title: 'Need help?', links: [{ text: 'Frequently asked questions', url: `${ctx.site}/dining/faq` }, { text: 'Contact customer support', url: `${ctx.site}/dining/contact` }] },
    ],
  }, 0)];
}

/** The referral box's words: the friend's bonus of the partner's REFERRED programme, where it has one. */
function referralDescription(ctx: Ctx): string {
  const referred = bonusCatalogue({ code: ctx.code, enrollmentType: ctx.enrollment }).find((b) => b.code === 'REFERRED');
  if (!referred) return '<p>Invite friends to {{programName1}}: share your link, and they join in a minute.</p>';
  // The programme's own terms ("1,000 bonus points on your first qualifying dine of $25 or more within 90 days of joining.").
  const terms = referred.description.slice(referred.description.indexOf(':') + 1).trim();
  // The terms speak to the member who gets the bonus ("your first qualifying dine"): here, the friend.
  return `<p>Invite friends to {{programName1}}. A friend who joins through your link earns ${terms.replace(/\byour\b/g, 'their')}</p>`;
}

// ---------------------------------------------------------------- announcement_banner

function announcementItems(ctx: Ctx): ContentRow[] {
  const copy = ctx.reservationBonus
    ? [{ copy: `Book a table through {{partnerName2}} and earn ${ctx.voice.reservationBonus} on top of your usual {{currencyPlural}}. ` }, { copy: 'Here\u2019s how', url: '/earn/reservations', new_tab: false }]
    : ctx.enrollment === 'none'
      ? [{ copy: `Pay with ${ctx.card} at participating restaurants and earn {{currencyPlural}} automatically. ` }, { copy: 'See how earning works', url: '/earn/how-it-works', new_tab: false }]
      : [{ copy: `New here? Earn ${ctx.welcome.amount} after your first qualifying dine. ` }, { copy: 'See the details', url: '/earn/new-member-bonus', new_tab: false }];
  // "New here?" is for whoever is new: visitors and members who can still earn the new-member bonus (issue 25).
  const newcomers = !ctx.reservationBonus && ctx.enrollment !== 'none';
  return [item('announcement_banner', 'announcement', {
    ...(newcomers ? { user_states: ['anonymous', 'known_visitor', 'new_member_bonus'] } : {}),
    banner_copy: copy,
    tooltip_copy: `Bonus offers apply to qualifying dines paid with ${ctx.card} at participating restaurants. Terms apply.`,
  }, 0)];
}

// ---------------------------------------------------------------- earn_details

function earnDisclaimer(ctx: Ctx): string {
  return `You earn {{currencyPlural}} on {{earnBasis}}, for qualifying dines paid with ${ctx.card}. Bonus {{currencyPlural}} usually show up within 10 days of the qualifying dine. Participating restaurants and offers can change without notice.`;
}

function sideColumn(ctx: Ctx): TextBlock[] {
  const tiers = ctx.hasVIP
    ? '<p><strong>Basic:</strong> {{currentEarning0}}<br><strong>Select:</strong> {{currentEarning2}}<br><strong>VIP:</strong> {{currentEarning3}}</p>'
    : '<p><strong>Members who get our emails:</strong> {{currentEarning2}}<br><strong>Everyone else:</strong> {{currentEarning0}}</p>';
  return [
    title('Your earning at a glance'),
    body(tiers),
    link('Read the program terms', `${ctx.site}/dining/terms`, true),
  ];
}

function howItWorks(ctx: Ctx): Record<string, unknown> {
  const main: TextBlock[] = [
    ...(ctx.enrollment === 'none'
      ? [
        title('1. Use your {{partnerName1}} card'),
        body(`Your ${ctx.cardBrands} {{partnerName1}} cards take part as they are: there is nothing to link, join or register.`),
      ]
      : [
        title('1. Link a card'),
        body(`Add any ${ctx.cardBrands} card you like to use when you eat out. Linking is secure, and you can link more than one card.`),
      ]),
    title('2. Dine as you normally would'),
    body(`Eat in, take out or order online at participating restaurants, bars and clubs. There\u2019s nothing to show and no code to mention: just pay with ${ctx.card}.`),
    title('3. Earn {{currencyPlural}} automatically'),
    body(`We spot the qualifying purchase on ${ctx.enrollment === 'none' ? 'your card' : 'your linked card'} and add {{currencyPlural}} to ${ctx.voice.earnedWhere}. ${ctx.hasVIP ? 'Opt in to our emails to earn {{currentEarning2}}, and make {{vipDines}} qualifying dines in a year to reach VIP: every dine after them earns {{currentEarning3}}.' : 'Opt in to our emails to earn {{currentEarning2}}.'}`),
    title('Tips for earning more'),
    body('<p>Look for restaurants with a <strong>bonus</strong> tag, review the places you visit, and keep your email preferences on so you never miss an offer.</p>'),
    button('Find restaurants near you', '/search', 'Find restaurants'),
  ];
  if (ctx.reservations) main.splice(main.length - 1, 0, body(`Many restaurants also take reservations right here.${ctx.reservationBonus ? ` Book through us and earn ${ctx.voice.reservationBonus} when you dine.` : ''}`));
  return {
    url: '/how-it-works',
    browser_title: 'How it works | {{partnerName2}}',
    banner_text: 'Earn {{currencyPlural}} every time you dine out',
    banner: banner(ctx, 'how-it-works', { welcome: true, prospect: true, alt: 'Illustration of a restaurant meal' }),
    main_column: main,
    side_column: sideColumn(ctx),
    disclaimer: earnDisclaimer(ctx),
    stage: 'live',
  };
}

/** An earn page's carousels show where a dine earns today: the search's 'benefits available' filter (issue 25). */
const EARNING = { benefitsFor: 'true' } as const;

function earnPage(ctx: Ctx, page: 'new-member-bonus' | 'reservations' | 'vip-upgrade' | 'this-is-big' | 'how-it-works', variant = 0): Record<string, unknown> {
  const common = { side_column: sideColumn(ctx), disclaimer: earnDisclaimer(ctx), stage: 'live' };
  // Where members register themselves, the bonus is offered on the joining success page, the overview and the home page.
  const register = ctx.autoEnroll ? '' : ' Register for the bonus where we offer it once you\u2019ve joined: on the welcome page, at the top of your account overview or on your home page.';
  switch (page) {
    case 'new-member-bonus':
      return {
        url: '/earn/new-member-bonus',
        browser_title: 'New member bonus | {{partnerName2}}',
        banner_text: variant === 0 ? `Welcome! Earn ${ctx.welcome.amount} on your first dine` : `Welcome season: earn ${ctx.welcome.amount} on your first dine`,
        banner: banner(ctx, 'earn-nmb', { welcome: true, prospect: true, alt: 'Illustration of a celebratory dinner' }),
        main_column: [
          title('A warm welcome to {{programName1}}'),
          body(variant === 0
            ? `Join, link a card and complete a qualifying dine of ${ctx.welcome.minSpend} or more within ${ctx.welcome.days} days of joining. We\u2019ll add ${ctx.welcome.amount} to ${ctx.voice.earnedWhere}, on top of the {{currencyPlural}} you earn on every meal.${register}`
            : `New this season: join, link a card, then complete a qualifying dine of ${ctx.welcome.minSpend} or more within ${ctx.welcome.days} days of joining, and we\u2019ll add ${ctx.welcome.amount} on top of your everyday {{currencyPlural}}.${register}`),
          ...(ctx.autoEnroll ? [body('Nothing to register: joining registers you for the bonus.')] : []),
          button('Find a restaurant', '/search'),
          carousel(`Popular for a first dine in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating', ...EARNING }),
        ],
        ...common,
      };
    case 'reservations':
      return {
        url: '/earn/reservations',
        browser_title: 'Reservation bonus | {{partnerName2}}',
        banner_text: `Book a table, earn ${ctx.voice.reservationBonus}`,
        banner: banner(ctx, 'earn-res', { welcome: false, prospect: false, alt: 'Illustration of a reserved table' }),
        main_column: [
          title('Reserve through us and earn more'),
          body(`Book at participating restaurants through {{partnerName2}}, dine, and pay with ${ctx.card}. We\u2019ll add ${ctx.voice.reservationBonus} for each completed reservation.`),
          body('Book online for parties of up to {{maxPartySize}}; for a larger party, call the restaurant. Each restaurant opens its tables 30 to 90 days ahead, and each time it offers says what a dine then earns.'),
          button('Find a table', '/search?reservations=true'),
          carousel('Book a table tonight', { location: ctx.hub, reservations: 'true', sortBy: 'rating', ...EARNING }),
        ],
        ...common,
      };
    case 'vip-upgrade':
      return {
        url: '/earn/vip-upgrade',
        browser_title: 'VIP status | {{partnerName2}}',
        banner_text: 'Go VIP and earn {{currentEarning3}}',
        banner: banner(ctx, 'earn-vip', { welcome: true, prospect: false, alt: 'Illustration of a chef\u2019s tasting menu' }),
        main_column: [
          title('Dine {{vipDines}} times, earn more all year'),
          body('After {{vipDines}} qualifying dines in a calendar year you reach VIP: every qualifying dine after them earns {{currentEarning3}}, for the rest of this year and all of next.'),
          body('VIP is for members who get our emails, so keep your email preferences on. VIP members also get a dedicated support line and early access to seasonal offers.'),
          button('See your progress', '/account/overview'),
          carousel(`Where VIPs dine in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating', ...EARNING, ...(ctx.acclaimed ? { acclaimed: 'true' } : {}) }),
        ],
        ...common,
      };
    case 'this-is-big':
      return {
        url: '/earn/this-is-big',
        browser_title: 'Cash back is here | {{partnerName2}}',
        banner_text: 'Cha-ching! Cash back is here.',
        banner: banner(ctx, 'earn-big', { welcome: false, prospect: true, alt: 'Illustration of a festive meal' }),
        main_column: [
          title('Now every meal out pays you back'),
          body(ctx.enrollment === 'none'
            ? `{{programName1}} now pays {{memberEarning}} at participating restaurants, every time you pay with ${ctx.card}.`
            : '{{programName1}} now pays {{memberEarning}} at participating restaurants. Link a card once and it works every time you pay.'),
          button('Start earning', '/search'),
          carousel(`Cash back near ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating', ...EARNING }),
        ],
        ...common,
      };
    case 'how-it-works':
      return {
        url: '/earn/how-it-works',
        browser_title: 'Earning explained | {{partnerName2}}',
        banner_text: 'How your {{currencyPlural}} add up',
        banner: banner(ctx, 'earn-hiw', { welcome: false, prospect: false, alt: 'Illustration of a shared meal' }),
        main_column: [
          title('Every qualifying dine counts'),
          body(`A qualifying dine is a purchase at a participating restaurant paid with ${ctx.card}. You earn on {{earnBasis}}.`),
          body('Most {{currencyPlural}} show up in your activity within a few days; some restaurants take up to two weeks to confirm a visit.'),
          button('See how it works', '/how-it-works'),
        ],
        ...common,
      };
  }
}

/** What each earn page is called on the /earn overview. */
const EARN_PAGE_LINKS: Record<EarnPage, { title: string; text: string }> = {
  'new-member-bonus': { title: 'New member bonus', text: 'A welcome bonus on your first qualifying dine.' },
  'reservations': { title: 'Reservation bonus', text: 'Extra {{currencyPlural}} when you book a table through us.' },
  'vip-upgrade': { title: 'VIP status', text: 'Make {{vipDines}} qualifying dines in a year, and every dine after them earns {{currentEarning3}}.' },
  'this-is-big': { title: 'Cash back is here', text: 'Every meal out now pays you back.' },
  'how-it-works': { title: 'Earning explained', text: 'What counts as a qualifying dine, and when your {{currencyPlural}} show up.' },
  'topgolf-bonus': { title: 'Topgolf bonus', text: 'Bonus {{currencyPlural}} on a round at Topgolf.' },
};

/** §2 /earn: the partner's ways to earn, each linking to its earn page, and restaurants to try. */
function earnOverview(ctx: Ctx, pages: readonly EarnPage[]): Record<string, unknown> {
  const main: TextBlock[] = [title('Ways to earn more with {{programName1}}')];
  for (const p of pages) {
    main.push(title(EARN_PAGE_LINKS[p].title), body(EARN_PAGE_LINKS[p].text), link(`Read more: ${EARN_PAGE_LINKS[p].title}`, `/earn/${p}`));
  }
  main.push(carousel(`Top rated in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating', ...EARNING }));
  return {
    url: '/earn',
    browser_title: 'Ways to earn | {{partnerName2}}',
    banner_text: 'More ways to earn {{currencyPlural}}',
    banner: banner(ctx, 'earn-overview', { welcome: true, prospect: true, alt: 'Illustration of friends sharing dishes' }),
    main_column: main,
    side_column: sideColumn(ctx),
    disclaimer: earnDisclaimer(ctx),
    stage: 'live',
  };
}

/** §2 /earn/topgolf-bonus, for the partner that runs the promotion (american in the demo). */
function topgolfPage(ctx: Ctx): Record<string, unknown> {
  return {
    url: '/earn/topgolf-bonus',
    browser_title: 'Topgolf bonus | {{partnerName2}}',
    banner_text: `Tee it up: ${ctx.voice.reservationBonus} at Topgolf`,
    banner: banner(ctx, 'earn-topgolf', { welcome: true, prospect: true, alt: 'Illustration of a driving range at dusk' }),
    main_column: [
      title('Swing, snack, earn'),
      body(`Pay for food, drinks or bays at a participating Topgolf venue with ${ctx.card} and earn ${ctx.voice.reservationBonus} on top of your usual {{currencyPlural}}, once per calendar month.`),
      body('Nothing to register: the bonus follows your first qualifying visit each month automatically.'),
      button('Find restaurants near you', '/search'),
    ],
    side_column: sideColumn(ctx),
    disclaimer: `${earnDisclaimer(ctx)} The Topgolf bonus applies to one qualifying visit per calendar month at participating venues.`,
    stage: 'live',
  };
}

type EarnPage = 'new-member-bonus' | 'reservations' | 'vip-upgrade' | 'this-is-big' | 'how-it-works' | 'topgolf-bonus';

/** The partner that runs the demo Topgolf promotion. */
const TOPGOLF_PARTNERS: ReadonlySet<string> = new Set(['american']);

function earnDetailItems(ctx: Ctx, partner: ContentPartner): ContentRow[] {
  const candidates: ('this-is-big' | 'reservations' | 'vip-upgrade' | 'how-it-works')[] = [];
  if (partner.generalModalType === 'cash_back_launch') candidates.push('this-is-big');
  if (ctx.reservationBonus) candidates.push('reservations');
  if (ctx.hasVIP) candidates.push('vip-upgrade');
  candidates.push('how-it-works');
  // A site without members has no new-member bonus to explain.
  const pages: Exclude<EarnPage, 'topgolf-bonus'>[] = ctx.enrollment === 'none' ? candidates.slice(0, 2) : ['new-member-bonus', ...candidates.slice(0, 2)];
  const overview: EarnPage[] = TOPGOLF_PARTNERS.has(ctx.code) ? [...pages, 'topgolf-bonus'] : pages;
  return [
    item('earn_details', 'how-it-works', howItWorks(ctx), 0),
    ...pages.map((p, i) => item('earn_details', `earn-${p}`, earnPage(ctx, p), i + 1)),
    ...(TOPGOLF_PARTNERS.has(ctx.code) ? [item('earn_details', 'earn-topgolf-bonus', topgolfPage(ctx), pages.length + 1)] : []),
    // Sites without members have no offers to gather: their /earn is not found.
    ...(ctx.enrollment !== 'none' ? [item('earn_details', 'earn', earnOverview(ctx, overview), pages.length + 2)] : []),
  ];
}

// ---------------------------------------------------------------- earn_banner

function earnBannerItems(ctx: Ctx): ContentRow[] {
  const rows: ContentRow[] = [];
  if (ctx.enrollment !== 'none') {
    rows.push(item('earn_banner', 'new-member-bonus', {
      kind: 'bonus',
      code: 'NEWMBR',
      // Words for every stage (the card adds the terms, the deadline and the stage's sentence, and
      // Register while Eligible); {{bonusAmount}} is the member's bonus, filled on the card.
      text: ['Welcome bonus: {{bonusAmount}} on top of your usual {{currencyPlural}}'],
      app_text: 'Welcome bonus: {{bonusAmount}}',
      app_only_bonus: false,
      image: ctx.art('thumb', 'nmb'),
      user_states: ['card_member', 'non_card_member'],
      order: 1,
      days_to_display: 90,
    }, 0));
    // The partner's own bonuses of §4 (bonuses.ts): joined through single sign-on, or through a friend's link.
    for (const b of bonusCatalogue({ code: ctx.code, enrollmentType: ctx.enrollment }).filter((x) => x.kind === 'injected')) {
      rows.push(item('earn_banner', `bonus-${b.code.toLowerCase()}`, {
        kind: 'bonus',
        code: b.code,
        // The heading only: the card gives the terms and deadline from the member's bonus.
        text: [`${INJECTED_BONUS_TITLES[b.code] ?? 'Your bonus'}: {{bonusAmount}}`],
        app_text: `${INJECTED_BONUS_TITLES[b.code] ?? 'Your bonus'}: {{bonusAmount}}`,
        app_only_bonus: false,
        image: ctx.art('thumb', `bonus-${b.code}`),
        user_states: ['card_member', 'non_card_member'],
        order: 2,
        days_to_display: 90,
      }, 5));
    }
  }
  // Only bonus banners (§2: the overview's 'available' and 'activated' bonuses). Earn and
  // enrollment kinds are not written: no screen shows them (issue 25), the earn rate is on the
  // tiles and restaurant pages, and joining is offered by the home page and the top bar.
  return rows;
}

// ---------------------------------------------------------------- popup

function popupItems(ctx: Ctx, partner: ContentPartner): ContentRow[] {
  const rows: ContentRow[] = [
    item('popup', 'acclaimed_2', {
      title: 'Unlock acclaimed restaurants',
      body_text: 'Earn at this restaurant and other critics\u2019 picks by opting in to emails from {{programName1}}. It takes seconds, and you can opt out any time.',
      cta_text: 'Update my email preferences',
      cta_url: '/account/user_profile',
    }, 0),
    item('popup', 'acclaimed_3', {
      title: 'A VIP table',
      body_text: ctx.hasVIP
        ? 'This restaurant earns {{currencyPlural}} for VIP members. Make {{vipDines}} qualifying dines this year to reach VIP and unlock it.'
        : `This restaurant earns {{currencyPlural}} for our most active members. Keep dining with ${ctx.card} to unlock it.`,
      cta_text: ctx.hasVIP ? 'How to reach VIP' : 'Find restaurants',
      cta_url: ctx.hasVIP ? '/earn/vip-upgrade' : '/search',
    }, 1),
  ];
  if (partner.generalModalType === 'cash_back_launch') {
    rows.push(item('popup', 'general', {
      title: 'Cha-ching! Cash back is here.',
      body_text: ctx.enrollment === 'none'
        ? `Meals out now earn {{memberEarning}} with {{programName1}}. Pay with ${ctx.card} and we\u2019ll do the rest.`
        : 'Meals out now earn {{memberEarning}} with {{programName1}}. Link a card and we\u2019ll do the rest.',
      cta_text: 'LEARN MORE',
      cta_url: '/earn/this-is-big',
    }, 2));
  } else if (partner.generalModalType) {
    rows.push(item('popup', 'general', {
      title: 'Something new on the menu',
      body_text: 'We\u2019ve made earning {{currencyPlural}} even easier. Take a look at what\u2019s new.',
      cta_text: 'See what\u2019s new',
      cta_url: '/how-it-works',
    }, 2));
  }
  if (ctx.kind === 'airline' && ctx.enrollment === 'sso' && ctx.code === 'delta') {
    rows.push(item('popup', 'sso_temporary', {
      title: 'Signing in just got simpler',
      body_text: 'Joining and signing in is now even easier! Simply use your {{programName2}} account login.',
      cta_text: 'Sign in/Join Now',
      cta_url: '/Login',
    }, 3));
  }
  return rows;
}

// ---------------------------------------------------------------- sidebar
//
// No 'sidebar' items (issue 25): §3 names the content page but no screen for it, and what the
// demo once put there repeated other pages (the earn rate of the tiles; the missing-rewards
// banner of Reviews & History, with its claim form). The page is still loaded with the others.

// ---------------------------------------------------------------- drafts

/** Unpublished edits, shown only to a draft preview session the operator console starts (with ?preview=1) on partners that allow CMS preview. */
function draftItems(ctx: Ctx): ContentRow[] {
  const published = homeItems(ctx)[0];
  const anonymousFields = { ...(published?.fields ?? {}) };
  return [
    item('home', 'anonymous', {
      ...anonymousFields,
      title: 'Your table is waiting, and so are your {{currencyPlural}}',
      banner_text: `Coming soon: earn ${ctx.welcome.amount} twice when you join this season.`,
      banner: banner(ctx, 'home-anonymous-draft', { welcome: false, prospect: true, alt: 'Illustration of a summer dinner on a terrace' }),
    }, 0, 'draft'),
    item('announcement_banner', 'announcement', {
      banner_copy: [{ copy: 'Preview: summer dining season starts soon, with bonus {{currencyPlural}} every week. ' }, { copy: 'Take a look', url: '/earn/new-member-bonus', new_tab: false }],
      tooltip_copy: 'Draft copy for review. Dates and amounts are not final.',
    }, 0, 'draft'),
    item('earn_details', 'earn-new-member-bonus', earnPage(ctx, 'new-member-bonus', 1), 1, 'draft'),
  ];
}

/**
 * Every CMS item for one partner, written with copy tokens, for the content names a screen reads
 * (docs/content-model.md; no 'sidebar'), plus draft rows for partners with cmsPreview.
 */
export function buildContent(partner: ContentPartner): ContentRow[] {
  const ctx = context(partner);
  const rows = [
    ...defaultItems(ctx),
    ...homeItems(ctx),
    ...discoverItems(ctx),
    ...activationItems(ctx),
    ...surveyItems(ctx),
    ...accountCenterItems(ctx),
    ...announcementItems(ctx),
    ...earnDetailItems(ctx, partner),
    ...earnBannerItems(ctx),
    ...popupItems(ctx, partner),
  ];
  if (partner.cmsPreview) rows.push(...draftItems(ctx));
  return rows;
}
