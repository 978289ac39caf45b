import type { contentPages, NewPartnerRow } from '../db/schema';
import type { TextBlock, FooterLink } from '#shared/schemas/cms';
import { VIP_DINES_REQUIRED, VISIT_METER_MAX } from '#shared/constants/rewards';
import { partnerSeed, type PartnerKind } from './partners';
import { hashString } from '../lib/random';
import { bonusCatalogue } from './bonuses';

/** One CMS item to insert; partnerId is added by the caller. */
export type ContentRow = Omit<typeof contentPages.$inferInsert, 'partnerId'>;

/** The partner settings the copy depends on (a partner row or seed is enough). */
export type ContentPartner = Pick<NewPartnerRow, 'code' | 'name'> & Partial<Pick<NewPartnerRow,
  | 'enrollmentType' | 'currencyType' | 'hasVIP' | 'cmsPreview' | 'hasDiscoverPage' | 'homePage' | 'acclaimedEnabled'
  | 'acclaimed2Enabled' | 'hasReservationBonus' | 'openTableReservationsEnabled' | 'generalModalType' | 'typeformCode'
  | 'hasSmsOptIn' | 'cardTypesAccepted'>>;

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
  welcomeBonus: string;
  referralBonus: string;
  reservationBonus: string;
  earnedWhere: string;
};

/** Tone per partner type; every {{token}} is filled from the partner's copyStates on the client. */
const VOICES: Record<PartnerKind, Voice> = {
  airline: {
    tagline: 'Dining that takes you places',
    promise: 'Every meal out brings your next trip a little closer.',
    goal: 'your next flight',
    welcomeBonus: '1,000 {{bonusCurrencyPlural}}',
    referralBonus: '500 {{bonusCurrencyPlural}}',
    reservationBonus: '50 {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} account',
  },
  hotel: {
    tagline: 'Dine out tonight, check in soon',
    promise: 'Turn dinners, brunches and happy hours into nights away.',
    goal: 'your next stay',
    welcomeBonus: '2,500 {{bonusCurrencyPlural}}',
    referralBonus: '1,000 {{bonusCurrencyPlural}}',
    reservationBonus: '100 {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} account',
  },
  cashback: {
    tagline: 'Eat well. Get paid back.',
    promise: 'Good food now pays you back, with nothing to clip or scan.',
    goal: 'your next payout',
    welcomeBonus: '$10 in {{bonusCurrencyPlural}}',
    referralBonus: '$5 in {{bonusCurrencyPlural}}',
    reservationBonus: '$2 in {{bonusCurrencyPlural}}',
    earnedWhere: 'your {{programName2}} balance',
  },
  credit: {
    tagline: 'Dinner that gives back',
    promise: 'Your meals out add up to credits you can actually use.',
    goal: 'your next statement credit',
    welcomeBonus: '$10 in {{bonusCurrencyPlural}}',
    referralBonus: '$5 in {{bonusCurrencyPlural}}',
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
  /** "Visa, Mastercard or Discover": the brands this partner accepts. */
  cardBrands: string;
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
    cardBrands: cardBrandList(partner.cardTypesAccepted ?? ['VISA', 'MAST', 'AMEX', 'DISC']),
    art: (preset, salt) => {
      const h = hashString(`${partner.code}:${salt}`);
      return `/img/merchants/${preset}/${BANNER_ART[h % BANNER_ART.length]}-${(h >>> 8) % 8 + 1}.svg`;
    },
  };
}

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
    { title: 'Dine and pay with a linked card', text: 'Order what you like and pay the way you always do with a credit or debit card you have linked. No vouchers, codes or special menus.' },
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
  return [
    item('default', 'earn', {
      banner_text: ctx.hasVIP
        ? 'Earn up to {{currentEarning3}} at participating restaurants, bars and clubs.'
        : 'Earn {{currentEarning2}} at participating restaurants, bars and clubs.',
    }, 0),
    item('default', 'footer', {
      primary_links: primary,
      secondary_links: secondary,
      disclaimer: `{{programName1}} is offered by {{partnerName1}}. You earn {{currencyPlural}} on the pre-tax, pre-tip amount of qualifying dines paid with a linked card at participating restaurants. Participating restaurants and offers can change at any time; see the program terms for details.`,
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
  const rate = ctx.hasVIP ? 'up to {{currentEarning3}}' : '{{currentEarning2}}';
  const join = ctx.direct ? 'Join free' : ctx.enrollment === 'sso' ? 'Join now' : 'Find restaurants';
  const joinUrl = ctx.enrollment === 'none' ? '/search' : '/join';
  const anonymous = {
    user_states: ['anonymous', 'known_visitor'],
    banner_text: ctx.enrollment === 'none'
      ? `${ctx.voice.tagline}. Pay with your card at participating restaurants and earn {{currencyPlural}} automatically.`
      : `New members earn ${ctx.voice.welcomeBonus} after their first qualifying dine.`,
    browser_title: '{{partnerName2}} | Earn {{currencyPlural}} when you dine out',
    title: 'Earn {{currencyPlural}} every time you dine out',
    subtitle: `${ctx.voice.promise} Link a card you already use and earn ${rate} at participating restaurants.`,
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
  return [
    item('home', 'anonymous', anonymous, 0), item('home', 'non_card_member', nonCard, 1), item('home', 'card_member', cardMember, 2),
    ...airlineHomeVariants(ctx),
  ];
}

/**
 * §2 new-member promo of a member's home: shown only to new members (an open new-member bonus,
 * rules/home-variant isNewMember). A card member registers for the bonus on the account overview.
 */
function newMemberPromo(ctx: Ctx, hasCard: boolean): TextBlock[] {
  return hasCard
    ? [
      title('Your welcome bonus'),
      body(`As a new member, your first qualifying dine of $25 or more within 30 days of joining earns ${ctx.voice.welcomeBonus} on top of your usual {{currencyPlural}}.`),
      link('Register for your bonus', '/account/overview'),
    ]
    : [
      title('Your welcome bonus'),
      body(`Link a card now: as a new member, your first qualifying dine of $25 or more within 30 days of joining earns ${ctx.voice.welcomeBonus} on top of your usual {{currencyPlural}}.`),
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
      banner_text: `Complete your first qualifying dine of $25 or more within 30 days of joining and we\u2019ll add ${ctx.voice.welcomeBonus} to ${ctx.voice.earnedWhere}.`,
      subtitle: '<a href="/account/overview">Register for the bonus in your account</a>, then pay with a linked card at any participating restaurant.',
      browse_title: 'Pick your first restaurant',
      main_column: [...carousels(ctx, true), button('Register for your bonus', '/account/overview')],
    }), 4),
  ];
  if (ctx.hasVIP) {
    rows.push(
      item('home', 'progress_building', variant('progress_building', 'home-building', 'Illustration of a chef plating a dish', {
        browser_title: 'Dine your way to VIP | {{partnerName2}}',
        title: 'Dine your way to VIP',
        banner_text: `Your ${VIP_DINES_REQUIRED}th qualifying dine this calendar year makes you VIP: it and every one after earn {{currentEarning3}} for the rest of the year and all of next.`,
        subtitle: 'Every qualifying dine paid with a linked card counts, at any participating restaurant, bar or club.',
        browse_title: 'Your next qualifying dine',
        main_column: [...carousels(ctx, true), link('See your VIP progress', '/account/overview')],
      }), 5),
      item('home', 'progress_renewing', variant('progress_renewing', 'home-renewing', 'Illustration of a chef\u2019s tasting menu', {
        browser_title: 'Keep your VIP status | {{partnerName2}}',
        title: 'Keep your VIP status for next year',
        banner_text: `You\u2019re VIP this year, earning {{currentEarning3}}. Complete ${VIP_DINES_REQUIRED} qualifying dines by December 31 to stay VIP through next year.`,
        subtitle: 'Every qualifying dine paid with a linked card counts toward next year.',
        browse_title: 'Picked for you',
        main_column: [...carousels(ctx, true), link('See your VIP progress', '/account/overview')],
      }), 6),
      item('home', 'progress_complete', variant('progress_complete', 'home-complete', 'Illustration of a celebratory toast at a dinner table', {
        browser_title: 'You\u2019re VIP | {{partnerName2}}',
        title: 'You\u2019re VIP through next year',
        banner_text: `You\u2019ve completed this year\u2019s ${VIP_DINES_REQUIRED} qualifying dines, so every qualifying dine earns {{currentEarning3}} for the rest of this year and all of next.`,
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
    greeting: ctx.hasVIP
      ? 'Hungry? Earn {{currentEarning2}}, or {{currentEarning3}} as a VIP, at restaurants near you.'
      : 'Hungry? Earn {{currentEarning2}} at restaurants near you.',
    search_prompt: 'What are you in the mood for?',
    main_column: [
      ...carousels(ctx, true),
      body('Pay with a linked card and the {{currencyPlural}} are added for you. No codes, no receipts to upload.'),
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
      description: `<p>Invite friends to {{programName1}}. When they join and complete their first qualifying dine, you\u2019ll earn <strong>${ctx.voice.referralBonus}</strong>.</p>`,
    },
    link_groups: [
      { title: 'Earn more', links: [{ text: 'How it works', url: '/how-it-works' }, { text: 'Find restaurants', url: '/search' }, ctx.enrollment === 'none' ? { text: 'Ways to earn', url: '/earn/how-it-works' } : { text: 'New member bonus', url: '/earn/new-member-bonus' }] },
      { title: 'Need help?', links: [{ text: 'Frequently asked questions', url: `${ctx.site}/dining/faq` }, { text: 'Contact customer support', url: `${ctx.site}/dining/contact` }] },
    ],
  }, 0)];
}

// ---------------------------------------------------------------- announcement_banner

function announcementItems(ctx: Ctx): ContentRow[] {
  const copy = ctx.reservationBonus
    ? [{ copy: `Book a table through {{partnerName2}} and earn ${ctx.voice.reservationBonus} on top of your usual {{currencyPlural}}. ` }, { copy: 'Here\u2019s how', url: '/earn/reservations', new_tab: false }]
    : ctx.enrollment === 'none'
      ? [{ copy: 'Pay with a linked card at participating restaurants and earn {{currencyPlural}} automatically. ' }, { copy: 'See how earning works', url: '/earn/how-it-works', new_tab: false }]
      : [{ copy: `New here? Earn ${ctx.voice.welcomeBonus} after your first qualifying dine. ` }, { copy: 'See the details', url: '/earn/new-member-bonus', new_tab: false }];
  return [item('announcement_banner', 'announcement', {
    banner_copy: copy,
    tooltip_copy: 'Bonus offers apply to qualifying dines paid with a linked card at participating restaurants. Terms apply.',
  }, 0)];
}

// ---------------------------------------------------------------- earn_details

function earnDisclaimer(): string {
  return 'You earn {{currencyPlural}} on the pre-tax, pre-tip amount of qualifying dines paid with a linked card. Bonus {{currencyPlural}} usually appear within 10 days of the qualifying dine. Participating restaurants and offers can change without notice.';
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
    title('1. Link a card'),
    body(`Add any ${ctx.cardBrands} card you like to use when you eat out. Linking is secure, and you can link more than one card.`),
    title('2. Dine as you normally would'),
    body('Eat in, take out or order online at participating restaurants, bars and clubs. There\u2019s nothing to show and no code to mention: just pay with a linked card.'),
    title('3. Earn {{currencyPlural}} automatically'),
    body(`We spot the qualifying purchase on your linked card and add {{currencyPlural}} to ${ctx.voice.earnedWhere}. ${ctx.hasVIP ? 'Opt in to our emails to earn {{currentEarning2}}, and dine 11 times in a year to reach VIP and earn {{currentEarning3}}.' : 'Opt in to our emails to earn {{currentEarning2}}.'}`),
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
    disclaimer: earnDisclaimer(),
    stage: 'live',
  };
}

function earnPage(ctx: Ctx, page: 'new-member-bonus' | 'reservations' | 'vip-upgrade' | 'this-is-big' | 'how-it-works', variant = 0): Record<string, unknown> {
  const common = { side_column: sideColumn(ctx), disclaimer: earnDisclaimer(), stage: 'live' };
  switch (page) {
    case 'new-member-bonus':
      return {
        url: '/earn/new-member-bonus',
        browser_title: 'New member bonus | {{partnerName2}}',
        banner_text: variant === 0 ? `Welcome! Earn ${ctx.voice.welcomeBonus} on your first dine` : `Welcome season: earn ${ctx.voice.welcomeBonus} on your first dine`,
        banner: banner(ctx, 'earn-nmb', { welcome: true, prospect: true, alt: 'Illustration of a celebratory dinner' }),
        main_column: [
          title('A warm welcome to {{programName1}}'),
          body(variant === 0
            ? `Join, link a card, register for the bonus on your account overview and complete a qualifying dine of $25 or more within 30 days of joining. We\u2019ll add ${ctx.voice.welcomeBonus} to ${ctx.voice.earnedWhere}, on top of the {{currencyPlural}} you earn on every meal.`
            : `New this season: register for the bonus in your account, then complete a qualifying dine of $25 or more within 30 days of joining, and we\u2019ll add ${ctx.voice.welcomeBonus} on top of your everyday {{currencyPlural}}.`),
          button('Find a restaurant', '/search'),
          carousel(`Popular for a first dine in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating' }),
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
          body(`Book at participating restaurants through {{partnerName2}}, dine, and pay with a linked card. We\u2019ll add ${ctx.voice.reservationBonus} for each completed reservation.`),
          body('Reservations are for parties of up to 6 and can be made up to a year ahead.'),
          button('Find a table', '/search?reservations=true'),
          carousel('Book a table tonight', { location: ctx.hub, reservations: 'true', sortBy: 'rating' }),
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
          title(`Dine ${VISIT_METER_MAX} times, earn more all year`),
          body(`After ${VISIT_METER_MAX} qualifying dines in a calendar year you reach VIP: your ${VIP_DINES_REQUIRED}th qualifying dine and every one after it earns {{currentEarning3}}, for the rest of this year and all of next.`),
          body('VIP is for members who get our emails, so keep your email preferences on. VIP members also get a dedicated support line and early access to seasonal offers.'),
          button('See your progress', '/account/overview'),
          carousel(`Where VIPs dine in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating', ...(ctx.acclaimed ? { acclaimed: 'true' } : {}) }),
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
          body('{{programName1}} now pays {{currentEarning2}} at participating restaurants. Link a card once and it works every time you pay.'),
          button('Start earning', '/search'),
          carousel(`Cash back near ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating' }),
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
          body('A qualifying dine is a purchase at a participating restaurant paid with a linked card. Tax and tip are not included in the amount you earn on.'),
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
  'vip-upgrade': { title: 'VIP status', text: 'Earn {{currentEarning3}} once you dine often.' },
  'this-is-big': { title: 'Cash back is here', text: 'Every meal out now pays you back.' },
  'how-it-works': { title: 'Earning explained', text: 'What counts as a qualifying dine, and when {{currencyPlural}} show up.' },
  'topgolf-bonus': { title: 'Topgolf bonus', text: 'Bonus {{currencyPlural}} on a round at Topgolf.' },
};

/** §2 /earn: the partner's ways to earn, each linking to its earn page, and restaurants to try. */
function earnOverview(ctx: Ctx, pages: readonly EarnPage[]): Record<string, unknown> {
  const main: TextBlock[] = [title('Ways to earn more with {{programName1}}')];
  for (const p of pages) {
    main.push(title(EARN_PAGE_LINKS[p].title), body(EARN_PAGE_LINKS[p].text), link(`Read about the ${EARN_PAGE_LINKS[p].title.toLowerCase()}`, `/earn/${p}`));
  }
  main.push(carousel(`Top rated in ${ctx.hubCity}`, { location: ctx.hub, sortBy: 'rating' }));
  return {
    url: '/earn',
    browser_title: 'Ways to earn | {{partnerName2}}',
    banner_text: 'More ways to earn {{currencyPlural}}',
    banner: banner(ctx, 'earn-overview', { welcome: true, prospect: true, alt: 'Illustration of friends sharing dishes' }),
    main_column: main,
    side_column: sideColumn(ctx),
    disclaimer: earnDisclaimer(),
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
      body(`Pay for food, drinks or bays at a participating Topgolf venue with a linked card and earn ${ctx.voice.reservationBonus} on top of your usual {{currencyPlural}}, once per calendar month.`),
      body('Nothing to register: the bonus follows your first qualifying visit each month automatically.'),
      button('Find restaurants near you', '/search'),
    ],
    side_column: sideColumn(ctx),
    disclaimer: `${earnDisclaimer()} The Topgolf bonus applies to one qualifying visit per calendar month at participating venues.`,
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
      text: [`Welcome bonus: earn ${ctx.voice.welcomeBonus} after your first qualifying dine of $25 or more.`, 'Register below, then dine within 30 days.'],
      app_text: `Earn ${ctx.voice.welcomeBonus} on your first dine.`,
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
        text: [b.description, 'Nothing to register: your first qualifying dine with a linked card earns it.'],
        app_text: b.description,
        app_only_bonus: false,
        image: ctx.art('thumb', `bonus-${b.code}`),
        user_states: ['card_member', 'non_card_member'],
        order: 2,
        days_to_display: 90,
      }, 5));
    }
    rows.push(item('earn_banner', 'enroll', {
      kind: 'enrollment',
      text: ['Join {{programName1}} and earn {{currencyPlural}} on your next meal out.'],
      user_states: ['anonymous', 'known_visitor', 'non_card_member'],
      order: 3,
    }, 2));
  }
  rows.push(item('earn_banner', 'earn-rate', {
    kind: 'earn',
    text: ['You earn {{currentEarning2}} at every participating restaurant.', 'Pay with a linked card, and that\u2019s it.'],
    user_states: ['card_member', 'non_card_member'],
    order: 2,
  }, 1));
  if (ctx.hasVIP) {
    // An earn message, not a bonus programme (bonus banners show only for the member's active bonuses).
    rows.push(item('earn_banner', 'vip', {
      kind: 'earn',
      text: ['You\u2019re on your way to VIP: reach 11 dines this year to earn {{currentEarning3}}.'],
      user_states: ['card_member'],
      order: 4,
    }, 3));
  }
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
        ? 'This restaurant earns {{currencyPlural}} for VIP members. Complete 11 qualifying dines this year to unlock it and earn {{currentEarning3}} everywhere.'
        : 'This restaurant earns {{currencyPlural}} for our most active members. Keep dining with a linked card to unlock it.',
      cta_text: ctx.hasVIP ? 'How to reach VIP' : 'Find restaurants',
      cta_url: ctx.hasVIP ? '/earn/vip-upgrade' : '/search',
    }, 1),
  ];
  if (partner.generalModalType === 'cash_back_launch') {
    rows.push(item('popup', 'general', {
      title: 'Cha-ching! Cash back is here.',
      body_text: 'Meals out now earn {{currentEarning2}} with {{programName1}}. Link a card and we\u2019ll do the rest.',
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

function sidebarItems(ctx: Ctx, partner: ContentPartner): ContentRow[] {
  return [
    item('sidebar', 'search', {
      page_text: `<p>Pay with a linked card at any restaurant you see here to earn <strong>{{currentEarning2}}</strong>.${ctx.reservations ? ' Look for the reservation button to book a table.' : ''}</p>`,
    }, 0),
    item('sidebar', 'account', {
      page_text: `<p>Questions about your {{currencyPlural}}? Dines usually appear within a few days. If one is missing after 10 days, <a href="https://${partner.code}.example.com/dining/contact">contact us</a> and we\u2019ll look into it.</p>`,
    }, 1),
  ];
}

// ---------------------------------------------------------------- drafts

/** Unpublished edits, visible only with preview=1 on partners that allow CMS preview. */
function draftItems(ctx: Ctx): ContentRow[] {
  const published = homeItems(ctx)[0];
  const anonymousFields = { ...(published?.fields ?? {}) };
  return [
    item('home', 'anonymous', {
      ...anonymousFields,
      title: 'Your table is waiting, and so are your {{currencyPlural}}',
      banner_text: `Coming soon: earn ${ctx.voice.welcomeBonus} twice when you join this season.`,
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
 * Every CMS item for one partner: all eleven content names of docs/content-model.md, written with
 * copy tokens, plus draft rows for partners with cmsPreview.
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
    ...sidebarItems(ctx, partner),
  ];
  if (partner.cmsPreview) rows.push(...draftItems(ctx));
  return rows;
}
