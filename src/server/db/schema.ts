import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, serial,
  smallint, text, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  StoredCopyTokens, CustomerSupport, PartnerTheme, RouteMeta, StoreLinks, AppAnnouncementModal, NavLinkConfig,
} from '#shared/schemas/partner';
import { PAYOUT_BREAKPOINT_CENTS, VIP_QUALIFYING_DINES, type EarnBasis } from '#shared/constants/rewards';
import type { StaffRole } from '#shared/rules/ops-permissions';
import type { DeliveryKind, HoldReason, RedemptionOption, RedemptionStatus } from '#shared/constants/redemptions';
import type { AdjustmentLimits } from '#shared/rules/adjustments';
import type { ErrorSource } from '#shared/rules/reference-code';
import type { RewardMailSettings } from '#shared/rules/notifications';
import type { ReservationTable, TurnTime, WeeklyShift } from '#shared/rules/reservations';
import type { MerchantHours, MerchantMenuImage, MerchantEvent, MerchantOrderOnline, MerchantReviewsSummary, ReservationProviders } from '#shared/schemas/merchant';

export const enrollmentType = pgEnum('enrollment_type', ['direct', 'sso', 'none']);
export const currencyType = pgEnum('currency_type', ['Dollar', 'Mile', 'Point', 'Credit']);
export const homePage = pgEnum('home_page', ['home', 'discover']);
export const contentStatus = pgEnum('content_status', ['draft', 'published']);

const citext = customType<{ data: string }>({ dataType: () => 'text' });

// Columns many tables share; each call makes a new column.
/** The id of a table that grows with use: bigint, read as a number. */
function bigId() {
  return bigserial('id', { mode: 'number' }).primaryKey();
}
/** The partner the row belongs to; the row goes with the partner. */
function partnerRef() {
  return integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' });
}
/** The member the row belongs to; the row goes with the member. */
function memberRef() {
  return integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' });
}
/**
 * The usual start of a member's own rows: their id, partner and member. The primary key is
 * (id, member_id), given by `memberKey` in the table's extras: member_id is in the keys of every
 * member-owned table, so they could be distributed by member (issue 29, decision 0015).
 */
function memberOwned() {
  return { id: bigserial('id', { mode: 'number' }).notNull(), partnerId: partnerRef(), memberId: memberRef() };
}
/** A member-owned table's primary key (id, member_id), named as PostgreSQL names a primary key. */
function memberKey(table: string, t: { id: AnyPgColumn; memberId: AnyPgColumn }) {
  return primaryKey({ name: `${table}_pkey`, columns: [t.id, t.memberId] });
}
/**
 * A reference from a member's row to another of the same member's rows: (column, member_id) to
 * (id, member_id), so both rows are the member's and the key names the member. Where it says
 * 'set null', the migration's SQL says `ON DELETE SET NULL (column)`: only the reference is
 * cleared, never the row's member (drizzle cannot say so; its snapshot reads 'set null').
 */
function sameMember(name: string, column: AnyPgColumn, memberId: AnyPgColumn, target: { id: AnyPgColumn; memberId: AnyPgColumn }) {
  return foreignKey({ name, columns: [column, memberId], foreignColumns: [target.id, target.memberId] });
}
function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** One row per partner site; every switch of §1/§3 partner config lives here, never in code. */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  code: citext('code').notNull(),
  name: text('name').notNull(),
  /** Extra host names (besides <code>.localhost) that serve this partner. */
  hosts: text('hosts').array().notNull().default([]),
  enrollmentType: enrollmentType('enrollment_type').notNull().default('direct'),
  homePage: homePage('home_page').notNull().default('home'),
  hasDiscoverPage: boolean('has_discover_page').notNull().default(false),
  hasReservationBonus: boolean('has_reservation_bonus').notNull().default(false),
  openTableReservationsEnabled: boolean('open_table_reservations_enabled').notNull().default(false),
  hasFlexOffers: boolean('has_flex_offers').notNull().default(false),
  acclaimedEnabled: boolean('acclaimed_enabled').notNull().default(false),
  acclaimed2Enabled: boolean('acclaimed2_enabled').notNull().default(false),
  hasPWAInstallBanner: boolean('has_pwa_install_banner').notNull().default(false),
  hasPartnerLoadedCards: boolean('has_partner_loaded_cards').notNull().default(false),
  cardTypesAccepted: text('card_types_accepted').array().notNull().default(['AMEX', 'DISC', 'MAST', 'VISA']),
  cmsPreview: boolean('cms_preview').notNull().default(false),
  cmsRoute: text('cms_route').notNull().default('/api/cms'),
  currencyType: currencyType('currency_type').notNull().default('Mile'),
  fullAddressRequired: boolean('full_address_required').notNull().default(false),
  hasAutoEnroll: boolean('has_auto_enroll').notNull().default(false),
  /** §2: the profile and joining forms do not offer the e-mail opt-in (the programme's terms include its e-mails). */
  emailOptInHidden: boolean('email_opt_in_hidden').notNull().default(false),
  hasPPN: boolean('has_ppn').notNull().default(true),
  hasSmsOptIn: boolean('has_sms_opt_in').notNull().default(false),
  hasSmsOptInV2: boolean('has_sms_opt_in_v2').notNull().default(false),
  hasVIP: boolean('has_vip').notNull().default(false),
  generalModalType: text('general_modal_type'),
  routeMeta: jsonb('route_meta').$type<RouteMeta>().notNull().default({}),
  minimumAppVersion: text('minimum_app_version'),
  appAnnouncementModal: jsonb('app_announcement_modal').$type<AppAnnouncementModal | null>(),
  showEarnRate: boolean('show_earn_rate').notNull().default(true),
  /** §2 maintenance notice on this partner's site ('We're Working On It'); MAINTENANCE_MODE turns it on for every partner. */
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  /** Values of the copy tokens of §3 (currency and programme names…); the rate and rule tokens are made from the settings (partner-config.ts). */
  copyStates: jsonb('copy_states').$type<StoredCopyTokens>().notNull(),
  customerSupport: jsonb('customer_support').$type<CustomerSupport>().notNull(),
  vipCustomerSupport: jsonb('vip_customer_support').$type<CustomerSupport | null>(),
  shortCode: text('short_code').notNull().default('97082'),
  hasMerchantFavourites: boolean('has_merchant_favourites').notNull().default(false),
  /** 'checkCharacter' = the §5 partner-number algorithm; 'none' = any 7 alphanumerics. */
  partnerNumberValidator: text('partner_number_validator').notNull().default('checkCharacter'),
  /** Miles/points per $1 by tier 0-3 (OptedOut, NonActivated, OptedIn, VIP). */
  earnRates: jsonb('earn_rates').$type<[number, number, number, number]>().notNull().default([1, 1, 3, 5]),
  /** What a dine earns on (rules/rewards/policy.ts basisCents): 'wholeBill' (tax and tip included) or 'preTip'. */
  earnBasis: text('earn_basis').$type<EarnBasis>().notNull().default('wholeBill'),
  theme: jsonb('theme').$type<PartnerTheme>().notNull(),
  logoSvg: text('logo_svg').notNull(),
  logoChain: jsonb('logo_chain').$type<string[]>().notNull().default([]),
  showNetworkLogo: boolean('show_network_logo').notNull().default(true),
  storeLinks: jsonb('store_links').$type<StoreLinks | null>(),
  navLinks: jsonb('nav_links').$type<NavLinkConfig[]>().notNull().default([]),
  /** Default map centre when the browser's location is unknown. */
  defaultLatitude: doublePrecision('default_latitude').notNull().default(40.7577),
  defaultLongitude: doublePrecision('default_longitude').notNull().default(-73.9857),
  /** OpenID Connect issuer for sso partners; null uses the built-in development provider (not in production). */
  ssoIssuer: text('sso_issuer'),
  ssoClientId: text('sso_client_id'),
  ssoClientSecret: text('sso_client_secret'),
  /** Which notification e-mails the partner sends, and to whom (docs/notifications.md); a missing kind uses DEFAULT_REWARD_MAILS. */
  rewardMails: jsonb('reward_mails').$type<RewardMailSettings>().notNull().default({}),
  /** Cash-back partners: a member's balance is paid as a statement credit once it reaches this many cents (rules/partner-features.ts payoutBreakpointCents). */
  payoutBreakpointCents: integer('payout_breakpoint_cents').notNull().default(PAYOUT_BREAKPOINT_CENTS),
  /** The VIP threshold: qualified dines in a calendar year that make an opted-in member VIP (rules/rewards/policy.ts). */
  vipQualifyingDines: integer('vip_qualifying_dines').notNull().default(VIP_QUALIFYING_DINES),
  /** What each console role posts without a second person's approval (rules/adjustments.ts); null: the currency's defaults. */
  adjustmentLimits: jsonb('adjustment_limits').$type<Partial<AdjustmentLimits> | null>(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('partners_code_uq').on(t.code)]);

/** CMS items: one row per (partner, content name, slug, status). */
export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  /** One of the eleven names of §3; the default page is stored as 'default' (requested as '*'). */
  contentName: text('content_name').notNull(),
  slug: text('slug').notNull(),
  status: contentStatus('status').notNull().default('published'),
  sortOrder: integer('sort_order').notNull().default(0),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('content_pages_uq').on(t.partnerId, t.contentName, t.slug, t.status),
  index('content_pages_lookup').on(t.partnerId, t.contentName, t.status),
]);

/** Restaurants of the dining network; shared by every partner site (earning differs by partner). */
export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageBaseUrl: text('image_base_url').notNull(),
  imagePath: text('image_path').notNull(),
  ratingOverall: real('rating_overall').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  priceRange: smallint('price_range').notNull(),
  cuisines: text('cuisines').array().notNull(),
  /** comingSoon | leavingSoon | new, or null. */
  highlight: text('highlight'),
  isNew: boolean('is_new').notNull().default(false),
  address1: text('address1').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  metro: text('metro').notNull(),
  neighborhood: text('neighborhood').notNull().default(''),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  phone: text('phone').notNull().default(''),
  website: text('website'),
  /** 1-3 for acclaimed restaurants (§2 acclaimed v1/v2), else null. */
  acclaimedLevel: smallint('acclaimed_level'),
  campaignCodes: text('campaign_codes').array().notNull().default([]),
  /** False while the restaurant has used up its rewards capacity (the 'benefits available' filter). */
  benefitsAvailable: boolean('benefits_available').notNull().default(true),
  /**
   * A limited-time earn multiplier (2 for a '2X' offer): dines here earn the tier's rate times it
   * (rules/rewards/policy.ts); 1 for none. The tile's bonus tag is made from it.
   */
  earnMultiplier: smallint('earn_multiplier').notNull().default(1),
  reservationProviders: jsonb('reservation_providers').$type<ReservationProviders>().notNull().default({}),
  origin: text('origin').notNull().default('network'),
  /** delivery | dineIn | takeout | onlineOrdering */
  features: text('features').array().notNull().default([]),
  /** breakfast | brunch | lunch | dinner | lateNight */
  mealsServed: text('meals_served').array().notNull().default([]),
  hours: jsonb('hours').$type<MerchantHours>().notNull().default([]),
  menuImages: jsonb('menu_images').$type<MerchantMenuImage[]>().notNull().default([]),
  events: jsonb('events').$type<MerchantEvent[]>().notNull().default([]),
  reviewsSummary: jsonb('reviews_summary').$type<MerchantReviewsSummary | null>(),
  // Qualification data (docs/rewards-engine.md §4): when a dine here earns.
  /** Taking part in the programme (§3 activeMerchant). */
  participating: boolean('participating').notNull().default(true),
  /** First and last local day of participation (YYYY-MM-DD), when known. */
  participationStart: text('participation_start'),
  participationEnd: text('participation_end'),
  /** Reward windows per weekday (0 Sunday … 6 Saturday), minutes after local midnight; null: all day every day. */
  benefitHours: jsonb('benefit_hours').$type<Array<Array<{ start: number; end: number }>> | null>(),
  /** Local dates without rewards (YYYY-MM-DD). */
  blackoutDates: text('blackout_dates').array().notNull().default([]),
  /** Rewarded visits per member per calendar month; null: no limit. */
  monthlyVisitLimit: smallint('monthly_visit_limit'),
  /** Online ordering (the §2 order-online dialog): the ordering page for delivery and for takeout; null: no online orders. */
  orderOnline: jsonb('order_online').$type<MerchantOrderOnline | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * Set by a trigger on every insert and update: the merchant_index_version.version current when
   * the row was written (docs/decisions/0001). Search indexes read the rows stamped since their
   * last look; never written by the application.
   */
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
}, (t) => [
  index('merchants_geo').on(t.latitude, t.longitude), index('merchants_updated').on(t.updatedAt), index('merchants_change_seq').on(t.changeSeq),
  check('merchants_earn_multiplier', sql`${t.earnMultiplier} between 1 and 5`),
]);

/**
 * The merchant table's change marker (one row, id 1), kept by triggers on merchants: `version`
 * goes up with every statement that writes merchants (and NOTIFY merchant_index goes out), and
 * `generation` with every delete or truncate. A search index compares it with what it holds
 * (one primary-key read) instead of scanning the table (docs/decisions/0001).
 */
export const merchantIndexVersion = pgTable('merchant_index_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(1),
}, () => [check('merchant_index_version_one_row', sql`id = 1`)]);

export const impressions = pgTable('impressions', {
  id: bigId(),
  partnerId: partnerRef(),
  eventType: text('event_type').notNull(),
  channel: text('channel').notNull(),
  dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
  userAgent: text('user_agent').notNull(),
  path: text('path'),
  merchantId: integer('merchant_id'),
  createdAt: createdAt(),
}, (t) => [index('impressions_partner_time').on(t.partnerId, t.createdAt)]);

/**
 * Errors with the reference code a visitor was shown (issue 25 item 8), found by that code in the
 * operator console (issue 27 item 8): source 'browser', what the browser reported to POST
 * /api/client-errors (its server-error page's path, no method); source 'server', a 5xx the server
 * answered with "Reference <code>" (the request's id; the API route's pattern and method). No
 * personal data: paths without their query, the error's name and masked first message line, never
 * a body. The partner is null where none was known (a console request), the member where nobody
 * was signed in.
 */
export const clientErrors = pgTable('client_errors', {
  id: bigId(),
  reference: text('reference').notNull(),
  source: text('source').$type<ErrorSource>().notNull().default('browser'),
  partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  /** The page's path (browser) or the API route's pattern, '/api/merchants/:merchantId' (server). */
  route: text('route').notNull(),
  /** The request's method (server errors). */
  method: text('method'),
  name: text('name').notNull(),
  message: text('message').notNull(),
  status: integer('status'),
  /** The request id of the report itself (browser: its log line) or of the failed request (server: the reference). */
  requestId: text('request_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('client_errors_reference').on(t.reference), index('client_errors_created').on(t.createdAt),
  check('client_errors_source', sql`${t.source} in ('browser', 'server')`),
]);

/** Fixed-window rate-limit counters shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type PartnerRow = typeof partners.$inferSelect;
export type NewPartnerRow = typeof partners.$inferInsert;
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
export type ContentPageRow = typeof contentPages.$inferSelect;

/** Server-side secrets generated on first start (HMAC keys), shared by every app instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const memberType = pgEnum('member_type', ['ClosedAccountMember', 'EnrolledCardMember', 'NonCardMember']);
export const interfaceType = pgEnum('interface_type', ['known', 'sso', 'direct']);

/** §3 member; one partner's members are invisible on every other partner's host. */
export const members = pgTable('members', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  publicId: text('public_id').notNull(),
  /** Lower case. Not unique: older accounts may share one (§8 fix credentials). */
  email: text('email').notNull(),
  emailOptIn: boolean('email_opt_in').notNull().default(true),
  passwordHash: text('password_hash'),
  partnerNumber: text('partner_number'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  /** Digits only. */
  phoneNumber: text('phone_number').notNull().default(''),
  smsOptIn: boolean('sms_opt_in').notNull().default(false),
  /**
   * The member's last SMS consent (TCPA-style record, rules/sms-consent.ts): when it was given, the
   * version and exact wording of the consent confirmed, and the screen it was given on. Kept after
   * an opt-out as the record of what was agreed.
   */
  smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
  smsConsentVersion: text('sms_consent_version'),
  smsConsentText: text('sms_consent_text'),
  smsConsentSource: text('sms_consent_source').$type<'join' | 'profile' | 'demo'>(),
  familyId: text('family_id'),
  joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
  enrollmentSource: text('enrollment_source').notNull().default('web'),
  memberType: memberType('member_type').notNull().default('NonCardMember'),
  tierLevel: smallint('tier_level').notNull().default(2),
  diningProgress: jsonb('dining_progress').$type<MemberDiningProgress>().notNull().default({ status: 'Building', dinesRequired: 12, remainingDines: 12, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0 }),
  activeBonuses: jsonb('active_bonuses').$type<MemberBonus[]>().notNull().default([]),
  interfaceType: interfaceType('interface_type').notNull().default('direct'),
  hasWebProfile: boolean('has_web_profile').notNull().default(true),
  active: boolean('active').notNull().default(true),
  ssoSubject: text('sso_subject'),
  /**
   * When the e-mail address last changed by its confirmation link (members/email-change.ts); null:
   * never. Redemptions hold an e-mailed gift card for a while after it (HOLD_WINDOWS_DAYS.emailChanged).
   */
  emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
  referral: jsonb('referral').$type<Record<string, string>>().notNull().default({}),
  /** Cash-back partners: pay the balance as a statement credit at the breakpoint (issue 28; on by default). */
  autoStatementCredit: boolean('auto_statement_credit').notNull().default(true),
  /**
   * Bumped by whatever takes money out of the member's cash-back balance (a redemption, a payout's
   * statement credit): a redemption is written only if it is still the value read with the
   * balance, so two of them can never both spend the same money (redemptions.service.ts). Not a
   * balance: the balance is only ever the sum of the ledger.
   */
  ledgerSeq: integer('ledger_seq').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('members_public_id_uq').on(t.publicId),
  index('members_partner_email').on(t.partnerId, t.email),
  uniqueIndex('members_partner_number_uq').on(t.partnerId, t.partnerNumber),
  uniqueIndex('members_partner_sso_uq').on(t.partnerId, t.ssoSubject),
  /** The target of (member, partner) foreign keys: a row of one partner can never name another partner's member. */
  uniqueIndex('members_id_partner_uq').on(t.id, t.partnerId),
  // The console's look-up (server/ops/members.ts): e-mail and name by their start, phone by its last ten digits.
  index('members_partner_email_prefix').on(t.partnerId, sql`${t.email} text_pattern_ops`),
  index('members_partner_name_prefix').on(t.partnerId, sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
  index('members_partner_last_name_prefix').on(t.partnerId, sql`lower(${t.lastName}) text_pattern_ops`),
  index('members_partner_phone').on(t.partnerId, sql`right(regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g'), 10)`),
]);

/** Server-side sessions: the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable('sessions', {
  id: text('id').notNull(),
  partnerId: partnerRef(),
  memberId: memberRef(),
  staySignedIn: boolean('stay_signed_in').notNull().default(false),
  userAgent: text('user_agent').notNull().default(''),
  /** The ID token of a single sign-on session: the id_token_hint that ends the provider's session at sign-out. */
  ssoIdToken: text('sso_id_token'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** An operator console emulation (§6, issue 27): its id, who (the team as the member reads it), and its hard end; read only. */
  emulationId: text('emulation_id'),
  emulatedBy: text('emulated_by'),
  emulationEndsAt: timestamp('emulation_ends_at', { withTimezone: true }),
  /**
   * With read replicas: the primary's WAL position after this session's last change (db/replicas.ts).
   * The member's reads go to a replica only once it has replayed this far: they always see their own writes.
   */
  writeLsn: text('write_lsn'),
}, (t) => [memberKey('sessions', t), index('sessions_member').on(t.memberId), index('sessions_expires').on(t.expiresAt)]);

/** Failed sign-ins per typed identifier (e-mail or partner number), known or not: the lockout. */
export const loginFailures = pgTable('login_failures', {
  partnerId: partnerRef(),
  /** The account counted (an e-mail or partner number); '' for a client's count across accounts. */
  identifier: text('identifier').notNull(),
  /** '' for the account's count; 'device:…' or 'address:…' for a client's (lockout/lockout.ts). */
  client: text('client').notNull().default(''),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull().defaultNow(),
  /** An account: locked for password sign-in until then. A client: no attempt before then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.partnerId, t.identifier, t.client] })]);

/** Single-use e-mailed links: password recovery, sign-in and e-mail changes (the table holds the token's SHA-256). */
export const recoveryTokens = pgTable('recovery_tokens', {
  id: text('id').notNull(),
  /**
   * 'reset' sets a new password (/recover/update); 'signIn' signs in once (/login/link);
   * 'emailChange' makes newEmail the member's address (/confirm-email).
   */
  purpose: text('purpose').$type<'reset' | 'signIn' | 'emailChange'>().notNull().default('reset'),
  partnerId: partnerRef(),
  memberId: memberRef(),
  /** 'emailChange' only: the address asked for (lower case); it becomes the member's when the link is opened. */
  newEmail: text('new_email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  memberKey('recovery_tokens', t),
  // A member's links (the hourly cap, a pending e-mail change).
  index('recovery_tokens_member').on(t.memberId, t.createdAt),
  check('recovery_tokens_new_email', sql`(${t.purpose} = 'emailChange') = (${t.newEmail} is not null)`),
]);

/** E-mails sent by the default transport: kept here and shown in the staging tools. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  /** The member the e-mail is for, when it is for one: staging tools show only demo members' and the viewer's own mail. */
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: createdAt(),
}, (t) => [index('outbox_partner_time').on(t.partnerId, t.createdAt)]);

/** Prospects: e-mails left on the home page or at the start of joining. */
export const prospects = pgTable('prospects', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  email: text('email').notNull(),
  referral: jsonb('referral').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('prospects_partner_email').on(t.partnerId, t.email)]);

export type MemberDiningProgress = { status: 'Building' | 'QualifiedAndBuilding' | 'Qualified' | 'Renewing' | 'Complete'; dinesRequired: number; remainingDines: number; dollarsRequired: number; remainingDollars: number; ytdMilesOrDollars: number };
export type MemberBonus = { code: string; bonusStatus: 'Eligible' | 'Enrolled' | 'Qualified'; createDateUtc: string; isNewMemberBonus: boolean; description: string; memberIsEligibleForNMB: boolean };
export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

export const cardBrand = pgEnum('card_brand', ['Visa', 'Amex', 'Mastercard', 'Discover']);

/**
 * Linked payment cards. Never the number: brand, last four, a description and a keyed
 * fingerprint (HMAC-SHA-256 of the number) that finds the same card again without revealing it.
 */
export const memberCards = pgTable('member_cards', {
  id: serial('id').notNull(),
  partnerId: partnerRef(),
  memberId: memberRef(),
  cardType: cardBrand('card_type').notNull(),
  lastFour: text('last_four').notNull(),
  description: text('description').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** The card network's token of this card, given when it is linked (our stand-in for enrolment with the network): card events name it. */
  networkToken: text('network_token').notNull().default(sql`'ntk_' || replace(gen_random_uuid()::text, '-', '')`),
  /** Which fingerprint key made it (card-crypto.ts fingerprintKeyId): key rotation shows what is left on an old key. */
  fingerprintKeyId: text('fingerprint_key_id'),
  /** Set when the card came from the partner's own list (partner-loaded cards). */
  partnerCardId: integer('partner_card_id'),
  directFileFeedOptIn: boolean('direct_file_feed_opt_in').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  memberKey('member_cards', t),
  // Rules across members (one member per card and partner, one card per network token) stay
  // unique over the whole table (decision 0015).
  uniqueIndex('member_cards_partner_fingerprint_uq').on(t.partnerId, t.fingerprint),
  uniqueIndex('member_cards_network_token_uq').on(t.networkToken),
  index('member_cards_member').on(t.memberId),
  /** The console's look-up by a card's last four. */
  index('member_cards_partner_last_four').on(t.partnerId, t.lastFour),
]);

/** Cards a partner already knows for a member (partners with hasPartnerLoadedCards). */
export const partnerCards = pgTable('partner_cards', {
  id: serial('id').notNull(),
  partnerId: partnerRef(),
  memberId: memberRef(),
  cardType: cardBrand('card_type').notNull(),
  lastFour: text('last_four').notNull(),
  description: text('description').notNull(),
  /** Keyed fingerprint of the partner's card number, so linking it stores the same fingerprint. */
  fingerprint: text('fingerprint').notNull(),
}, (t) => [memberKey('partner_cards', t), index('partner_cards_member').on(t.memberId)]);

/** Captcha solutions already used (ALTCHA): a solution is accepted once. */
export const captchaSolutions = pgTable('captcha_solutions', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type MemberCardRow = typeof memberCards.$inferSelect;
export type PartnerCardRow = typeof partnerCards.$inferSelect;

/**
 * Scheduled background jobs (jobs/scheduler.ts): one row per job. An instance runs a job only after
 * claiming it here (locked_until), so with several instances each run happens once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

// ---------------------------------------------------------------------------------------------
// Rewards (docs/rewards-engine.md)

/** A merchant location as the card network names it (a MID); several may lead to one restaurant. */
export const merchantNetworkLocations = pgTable('merchant_network_locations', {
  locationId: text('location_id').primaryKey(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
}, (t) => [index('merchant_network_locations_merchant').on(t.merchantId)]);

/**
 * Every card-network event id ever received, with when (decision 0012): the inbox's global
 * idempotency. The inbox is partitioned by month and its old months are dropped, so its own keys
 * cannot say whether an id was seen; this small table is never partitioned nor pruned, and
 * receipt writes it in the same statement as the inbox row (card-network.repo.ts).
 */
export const cardNetworkEventIds = pgTable('card_network_event_ids', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The inbox's foreign key (event_id, received_at) names this pair: with the primary key, one inbox row per event id.
  unique('card_network_event_ids_event_time_uq').on(t.eventId, t.receivedAt),
]);

/**
 * Card-network events as received (one idempotent insert each); the engine applies them after.
 * PARTITION BY RANGE (received_at), one partition a month plus a default one (migration 0047,
 * decision 0012; drizzle cannot say so): the card-network-partitions job makes months ahead and
 * drops months past CARD_EVENTS_RETENTION_DAYS that hold nothing pending or for the console.
 */
export const cardNetworkInbox = pgTable('card_network_inbox', {
  // A key of its own (not unique alone: a unique key of a partitioned table includes received_at).
  id: bigserial('id', { mode: 'number' }).notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null until the engine has applied it. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
  /** applied | duplicate | unknownCard | unknownLocation | parked (a refund waiting for its purchase) | review (for an operator) | … */
  outcome: text('outcome'),
  note: text('note'),
  /**
   * Dismissed in the operator console (a parked refund, a failed event or one in review that
   * nobody should apply): when, by whom and why. The row keeps its outcome and note; it is never
   * deleted, and the console's queue no longer lists it (docs/features/console.md, Card events).
   */
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  dismissedBy: integer('dismissed_by').references(() => staff.id),
  dismissedReason: text('dismissed_reason'),
}, (t) => [
  primaryKey({ name: 'card_network_inbox_pkey', columns: [t.id, t.receivedAt] }),
  // One row per event id: unique with its time here, and the time is the one card_network_event_ids holds for the id.
  uniqueIndex('card_network_inbox_event_uq').on(t.eventId, t.receivedAt),
  foreignKey({ name: 'card_network_inbox_event_id_fk', columns: [t.eventId, t.receivedAt], foreignColumns: [cardNetworkEventIds.eventId, cardNetworkEventIds.receivedAt] }),
  index('card_network_inbox_pending').on(t.id).where(sql`processed_at is null`),
  /** Missing-reward claims look up the events of one card (docs/api-claims.md). */
  index('card_network_inbox_card_token').on(sql`(${t.body}->>'cardToken')`),
  /** The console's queue of card events for a person (parked refunds, events in review, failed ones), oldest first. */
  index('card_network_inbox_attention').on(t.receivedAt, t.id).where(sql`outcome in ('parked', 'review', 'failed') and dismissed_at is null`),
]);

/**
 * One row per purchase, never partitioned (decision 0014): what must be unique across all of the
 * dines' months. The purchase's id (referenced by the tables that name a dine), its transaction ids
 * (a purchase resent a year later is still the same purchase) and its member and time (the key the
 * dine's row in its month refers to). Written by the database itself, by triggers of `dines`
 * (migration 0048): an insert adds the row, a changed alias transaction id follows, a delete
 * removes it (and the tables naming the dine react as their foreign keys say).
 */
export const dineIds = pgTable('dine_ids', {
  id: bigint('id', { mode: 'number' }).notNull(),
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  transactionId: text('transaction_id').notNull(),
  aliasTransactionId: text('alias_transaction_id'),
}, (t) => [
  // No foreign key of its own to members: its dine's row has one (cascade), and the dine's delete
  // takes its key row (a trigger), so a member who goes takes both; one check fewer per purchase.
  memberKey('dine_ids', t),
  // The dine's row names this triple: with the primary key, one dines row per id, of its member, in its month.
  unique('dine_ids_member_time_uq').on(t.id, t.memberId, t.occurredAt),
  uniqueIndex('dine_ids_transaction_uq').on(t.transactionId),
  uniqueIndex('dine_ids_alias_transaction_uq').on(t.aliasTransactionId).where(sql`alias_transaction_id is not null`),
]);

/**
 * One purchase: its authorisation and clearing, refunds, and whether and how much it earned.
 * PARTITION BY RANGE (occurred_at), one partition a UTC month plus a default one (migration 0048,
 * decision 0014; drizzle cannot say so); the card-network-partitions job makes months ahead. Its
 * unique keys (the id, the transaction ids) live in dine_ids, which other tables reference.
 */
export const dines = pgTable('dines', {
  // Unique through dine_ids (a unique key of a partitioned table must include occurred_at).
  id: bigserial('id', { mode: 'number' }).notNull(),
  /** With memberId, one foreign key to members (id, partner_id): the member is the partner's own. */
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  /** The card; null once the member deleted it (the dine and its last four stay). */
  cardId: integer('card_id'),
  cardLastFour: text('card_last_four').notNull(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  locationId: text('location_id').notNull(),
  transactionId: text('transaction_id').notNull(),
  /**
   * The purchase's other transaction id, when its authorisation and clearing came with different
   * ones (matched by card, place, time and amount): refunds and repeats name either.
   */
  aliasTransactionId: text('alias_transaction_id'),
  authCode: text('auth_code'),
  authAmountCents: integer('auth_amount_cents'),
  clearedAmountCents: integer('cleared_amount_cents'),
  refundedCents: integer('refunded_cents').notNull().default(0),
  /** The tip the network reported with the clearing (preTip partners earn without it). */
  tipCents: integer('tip_cents'),
  onlineOrder: boolean('online_order').notNull().default(false),
  subtotalCents: integer('subtotal_cents'),
  /** Merchant-local date (YYYY-MM-DD) and minutes after midnight of the purchase. */
  localDate: text('local_date').notNull(),
  localMinutes: smallint('local_minutes').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  authorisedAt: timestamp('authorised_at', { withTimezone: true }),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  /** Pending | Awarded | Deferred | Forfeit | Paid (§3). */
  status: text('status').notNull(),
  /** Why it did not earn (NOT_EARNED_REASONS key), when it did not. */
  reason: text('reason'),
  /** Counted as a qualified dine (progress, monthly visit limit). */
  qualified: boolean('qualified').notNull().default(false),
  tierAtDine: smallint('tier_at_dine'),
  rate: real('rate'),
  /** The reward in the partner's unit (miles, points, or cents for cash partners). */
  reward: integer('reward').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  sameMember('dines_card_id_member_fk', t.cardId, t.memberId, memberCards).onDelete('set null'),
  // One check per dine instead of two (partner, member), and tenancy kept by the database.
  // member_id in every key of a member's history, so it could later be distributed by member.
  primaryKey({ name: 'dines_pkey', columns: [t.id, t.memberId, t.occurredAt] }),
  foreignKey({ name: 'dines_id_fk', columns: [t.id, t.memberId, t.occurredAt], foreignColumns: [dineIds.id, dineIds.memberId, dineIds.occurredAt] }).onDelete('cascade'),
  foreignKey({ name: 'dines_member_partner_fk', columns: [t.memberId, t.partnerId], foreignColumns: [members.id, members.partnerId] }).onDelete('cascade'),
  // Lookups by a transaction id; their uniqueness is dine_ids'.
  index('dines_transaction').on(t.transactionId),
  index('dines_alias_transaction').on(t.aliasTransactionId).where(sql`alias_transaction_id is not null`),
  index('dines_member_time').on(t.memberId, t.occurredAt),
  index('dines_card_merchant_time').on(t.cardId, t.merchantId, t.occurredAt),
  index('dines_pending').on(t.status, t.authorisedAt).where(sql`status = 'Pending'`),
  /** The deferred-rewards sweep (Deferred → Awarded once activated, Forfeit after 14 days). */
  index('dines_deferred').on(t.memberId, t.clearedAt).where(sql`status = 'Deferred'`),
  /** The reward-notifications job looks at the last 30 days' dines only (docs/notifications.md). */
  index('dines_occurred').on(t.occurredAt),
]);

/**
 * The refunds applied to a purchase, one row per network refund (docs/rewards-engine.md §3). A
 * refund is one network transaction, named by its own transactionId: the same refund resent under
 * any number of new event ids finds its row here and is applied once. `dines.refunded_cents` is
 * the sum of a dine's rows, capped at its cleared amount once cleared.
 */
export const dineRefunds = pgTable('dine_refunds', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  /** With memberId, one foreign key to members (id, partner_id), as on dines. */
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  dineId: bigint('dine_id', { mode: 'number' }).notNull(),
  refundTransactionId: text('refund_transaction_id').notNull(),
  /** The refund as the network sent it, in positive cents. */
  amountCents: integer('amount_cents').notNull(),
  /** The inbox event that carried it first. */
  eventId: text('event_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  memberKey('dine_refunds', t),
  sameMember('dine_refunds_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('cascade'),
  foreignKey({ name: 'dine_refunds_member_partner_fk', columns: [t.memberId, t.partnerId], foreignColumns: [members.id, members.partnerId] }).onDelete('cascade'),
  uniqueIndex('dine_refunds_transaction_uq').on(t.partnerId, t.refundTransactionId),
  index('dine_refunds_dine').on(t.dineId),
]);

/**
 * Refunds that arrived before their purchase (feeds reorder): parked here, nothing debited, and
 * applied by the engine when the purchase arrives (by the transaction id they name, else by card,
 * restaurant, amount and time), or aged out by the sweep PARKED_REFUND_DAYS after their date
 * (the inbox row then says why). Open rows are the ones with `resolved_at` null.
 */
export const parkedRefunds = pgTable('parked_refunds', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  /** The card it was made on; null once the member deleted the card. */
  cardId: integer('card_id'),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  locationId: text('location_id').notNull(),
  refundTransactionId: text('refund_transaction_id').notNull(),
  /** The purchase it names, when the network named one. */
  originalTransactionId: text('original_transaction_id'),
  /** Positive cents. */
  amountCents: integer('amount_cents').notNull(),
  /** Merchant-local date of the refund, and its instant. */
  localDate: text('local_date').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  /** The inbox event that carried it (its outcome says 'parked', then what became of it). */
  eventId: text('event_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** applied (its purchase arrived: `dine_id`) | expired (no purchase in time) | requeued (sent to the engine again from the console) | dismissed (in the console, with a reason). */
  resolution: text('resolution'),
  dineId: bigint('dine_id', { mode: 'number' }),
}, (t) => [
  memberKey('parked_refunds', t),
  sameMember('parked_refunds_card_id_member_fk', t.cardId, t.memberId, memberCards).onDelete('set null'),
  sameMember('parked_refunds_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  foreignKey({ name: 'parked_refunds_member_partner_fk', columns: [t.memberId, t.partnerId], foreignColumns: [members.id, members.partnerId] }).onDelete('cascade'),
  /** The engine loads a chunk's members' open parked refunds. */
  index('parked_refunds_open_member').on(t.memberId).where(sql`resolved_at is null`),
  /** One open parking per network refund; the sweep finds the old ones. */
  uniqueIndex('parked_refunds_open_uq').on(t.partnerId, t.refundTransactionId).where(sql`resolved_at is null`),
  index('parked_refunds_open_time').on(t.occurredAt).where(sql`resolved_at is null`),
]);

/**
 * One row per reward, never partitioned (decision 0014): the reward's id (referenced by claims,
 * adjustments and reviews), its member and time (the key its row in member_rewards refers to), and
 * the dine of an S reward, unique: one settle reward per dine. Written by triggers of
 * `member_rewards` (migration 0048), like dine_ids.
 */
export const memberRewardIds = pgTable('member_reward_ids', {
  id: bigint('id', { mode: 'number' }).notNull(),
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** The dine of an S reward (null for every other kind). */
  settleDineId: bigint('settle_dine_id', { mode: 'number' }),
}, (t) => [
  memberKey('member_reward_ids', t),
  // Its member through its reward's row, as for dine_ids.
  unique('member_reward_ids_member_time_uq').on(t.id, t.memberId, t.createdAt),
  // One S reward per dine: the dine is its member's, so the member completes the key.
  uniqueIndex('member_reward_ids_settle_uq').on(t.settleDineId, t.memberId),
]);

/**
 * What a member sees on Reviews & History (§3 Transaction): a dine's reward, adjustments, bonuses.
 * PARTITION BY RANGE (created_at), one partition a UTC month plus a default one (migration 0048,
 * decision 0014); its unique keys live in member_reward_ids.
 */
export const memberRewards = pgTable('member_rewards', {
  // Unique through member_reward_ids.
  id: bigserial('id', { mode: 'number' }).notNull(),
  /** With memberId, one foreign key to members (id, partner_id), as on dines. */
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  /** The dine, for S rows and refund adjustments. */
  dineId: bigint('dine_id', { mode: 'number' }),
  /** S settle, B bonus, A adjustment, M manual, J bonus adjustment, + corporate. */
  sourceCode: text('source_code').notNull(),
  /** In the partner's unit; negative for an adjustment that takes back. */
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  reason: text('reason'),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The statement credit or partner posting that paid it. */
  payoutRef: text('payout_ref'),
}, (t) => [
  sameMember('member_rewards_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  primaryKey({ name: 'member_rewards_pkey', columns: [t.id, t.memberId, t.createdAt] }),
  foreignKey({ name: 'member_rewards_id_fk', columns: [t.id, t.memberId, t.createdAt], foreignColumns: [memberRewardIds.id, memberRewardIds.memberId, memberRewardIds.createdAt] }).onDelete('cascade'),
  foreignKey({ name: 'member_rewards_member_partner_fk', columns: [t.memberId, t.partnerId], foreignColumns: [members.id, members.partnerId] }).onDelete('cascade'),
  index('member_rewards_member_time').on(t.memberId, t.createdAt),
  // The engine finds a dine's S reward; one per dine is member_reward_ids_settle_uq.
  index('member_rewards_dine_settle').on(t.dineId).where(sql`source_code = 'S'`),
  index('member_rewards_awarded').on(t.partnerId, t.status).where(sql`status = 'Awarded'`),
]);

/** Per member and calendar year: qualified dines and rewards (progress, dine summary, VIP). */
export const memberProgress = pgTable('member_progress', {
  memberId: memberRef(),
  year: smallint('year').notNull(),
  partnerId: partnerRef(),
  qualifiedDines: integer('qualified_dines').notNull().default(0),
  rewards: integer('rewards').notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.memberId, t.year] })]);

/**
 * The cash-back ledger (issue 28, decision 0011): append-only (a trigger of migration 0040 refuses
 * UPDATE and DELETE). A cash-back member's balance is the sum of their entries, never a column
 * written on its own. `earned`, `changed` and `reversed` entries are written by the database
 * itself, by a trigger on member_rewards, whenever a reward of a Dollar or Credit partner enters,
 * changes within or leaves the balance (Awarded or Paid), whatever code path made the change;
 * `redeemed` and `returned` ones by the redemption that reserves and gives back its amount, in the
 * transaction that changes its status (each at most once per redemption).
 */
export const balanceEntries = pgTable('balance_entries', {
  ...memberOwned(),
  /** Signed cents: positive into the balance, negative out of it. */
  amountCents: integer('amount_cents').notNull(),
  /** earned | changed | reversed | redeemed | returned */
  kind: text('kind').$type<'earned' | 'changed' | 'reversed' | 'redeemed' | 'returned'>().notNull(),
  rewardId: bigint('reward_id', { mode: 'number' }),
  redemptionId: bigint('redemption_id', { mode: 'number' }),
  createdAt: createdAt(),
}, (t) => [
  memberKey('balance_entries', t),
  index('balance_entries_member').on(t.memberId, t.id),
  // The payout job's look for money given back (payouts.ts membersToPay).
  index('balance_entries_returned').on(t.createdAt).where(sql`kind = 'returned'`),
  uniqueIndex('balance_entries_redemption_uq').on(t.redemptionId, t.kind, t.memberId).where(sql`redemption_id is not null`),
]);

/**
 * §3 redemptions (issue 28; the spec's credit record): money out of a cash-back member's balance,
 * a statement credit to a linked card (chosen by the member, or the automatic one the payout job
 * makes at the breakpoint) or a gift card by e-mail. Its amount is reserved by a `redeemed` ledger
 * entry in the transaction that inserts it; `rejected` and `error` give it back with a `returned`
 * entry in the transaction that sets them.
 */
export const redemptions = pgTable('redemptions', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  /** The public id (rd_…; cr_… for automatic statement credits): the provider's external_id, the URL's id. */
  creditId: text('credit_id').notNull(),
  partnerId: partnerRef(),
  memberId: memberRef(),
  /** statementCredit | visa | mastercard | tremendous (REDEMPTION_OPTIONS) */
  option: text('option').$type<RedemptionOption>().notNull().default('statementCredit'),
  /** Card | Email (§3 delivery kinds) */
  delivery: text('delivery').$type<DeliveryKind>().notNull().default('Card'),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull().default(0),
  /** card | other */
  targetType: text('target_type').notNull(),
  /** Where it goes, masked: "Visa ending in 1111", or the e-mail address a gift card goes to. */
  targetLabel: text('target_label').notNull(),
  benefitProcessor: text('benefit_processor').notNull(),
  /** The linked card a statement credit goes to (null for gift cards, or once the card is removed). */
  cardId: integer('card_id'),
  /** Gift cards: the address the claim link goes to (the member's confirmed address when it was made). */
  recipientEmail: text('recipient_email'),
  /** pending | pending_received | completed | rejected | error */
  status: text('status').$type<RedemptionStatus>().notNull(),
  /** Why it was rejected or failed, in words the member reads. */
  note: text('note'),
  /** Made by the payout job at the member's breakpoint. */
  automatic: boolean('automatic').notNull().default(false),
  /** The member's Idempotency-Key (unique per member). */
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
  /** Held for the team (HOLD_REASONS); not sent until released. */
  holdReason: text('hold_reason').$type<HoldReason>(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  releasedBy: text('released_by'),
  /** The provider's order (gift cards). */
  providerOrderId: text('provider_order_id'),
  /** Sending: attempts so far, the next try, the last retryable error (never a body or a link). */
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  memberKey('redemptions', t),
  sameMember('redemptions_card_id_member_fk', t.cardId, t.memberId, memberCards).onDelete('set null'),
  uniqueIndex('redemptions_credit_uq').on(t.creditId),
  index('redemptions_member').on(t.memberId, t.createdAt),
  uniqueIndex('redemptions_member_key_uq').on(t.memberId, t.idempotencyKey).where(sql`idempotency_key is not null`),
  index('redemptions_to_send').on(t.nextAttemptAt, t.id).where(sql`status = 'pending' and (hold_reason is null or released_at is not null)`),
  index('redemptions_open').on(t.status, t.id).where(sql`status in ('pending', 'pending_received')`),
  index('redemptions_partner_time').on(t.partnerId, t.createdAt),
]);

export type RedemptionRow = typeof redemptions.$inferSelect;

/** Gift-card provider webhooks received, by the provider's event id: a repeated event has one effect. */
export const giftCardWebhookEvents = pgTable('gift_card_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  resourceId: text('resource_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in partner ledger: what a partner's file or API would receive (one posting per reward). */
export const partnerLedgerPostings = pgTable('partner_ledger_postings', {
  ...memberOwned(),
  rewardId: bigint('reward_id', { mode: 'number' }).notNull(),
  partnerNumber: text('partner_number'),
  amount: integer('amount').notNull(),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [memberKey('partner_ledger_postings', t), uniqueIndex('partner_ledger_postings_reward_uq').on(t.rewardId, t.memberId)]);

/**
 * Verified reviews (issue 10, docs/api-reviews.md): one per dine, written by its diner within the
 * §5 review window. The member and the dine may go (account deleted); the review and the
 * restaurant's figures stay.
 */
export const merchantReviews = pgTable('merchant_reviews', {
  id: bigId(),
  partnerId: partnerRef(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  dineId: bigint('dine_id', { mode: 'number' }),
  /** The Reviews & History row reviewed (an S or M reward of the dine). */
  memberRewardId: bigint('member_reward_id', { mode: 'number' }),
  /** The row's sourceTransactionId, as GET /api/reviews/status is asked about it. */
  transactionId: text('transaction_id').notNull(),
  food: smallint('food').notNull(),
  service: smallint('service').notNull(),
  ambience: smallint('ambience').notNull(),
  value: smallint('value').notNull(),
  /** The mean of the four ratings. */
  overall: real('overall').notNull(),
  comment: text('comment').notNull().default(''),
  /** First name and last initial at the time of writing ('Sam K.'), or '' when the member has no name. */
  authorName: text('author_name').notNull(),
  /** The dine's restaurant-local date (YYYY-MM-DD). */
  dinedOn: text('dined_on').notNull(),
  createdAt: createdAt(),
}, (t) => [
  // The review outlives its member (member_id set null), and then names no dine of theirs: a
  // foreign key with a null column is not checked.
  sameMember('merchant_reviews_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  sameMember('merchant_reviews_member_reward_id_member_fk', t.memberRewardId, t.memberId, memberRewardIds).onDelete('set null'),
  uniqueIndex('merchant_reviews_dine_uq').on(t.dineId).where(sql`dine_id is not null`),
  index('merchant_reviews_merchant_time').on(t.merchantId, t.createdAt, t.id),
  index('merchant_reviews_member_txn').on(t.memberId, t.transactionId),
]);

/**
 * Per restaurant with verified reviews: the figures it had before its first one (the seeded or
 * imported ratings) and the sums of its verified reviews; merchants.rating_overall, rating_count
 * and reviews_summary.recommendPercent are blended from them (docs/api-reviews.md).
 */
export const merchantReviewTotals = pgTable('merchant_review_totals', {
  merchantId: integer('merchant_id').primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
  baseCount: integer('base_count').notNull(),
  baseRating: real('base_rating').notNull(),
  /** Diners of the base figures who recommend it (from its recommendPercent). */
  baseRecommend: integer('base_recommend').notNull(),
  reviewCount: integer('review_count').notNull().default(0),
  overallSum: doublePrecision('overall_sum').notNull().default(0),
  foodSum: integer('food_sum').notNull().default(0),
  serviceSum: integer('service_sum').notNull().default(0),
  ambienceSum: integer('ambience_sum').notNull().default(0),
  valueSum: integer('value_sum').notNull().default(0),
  /** Verified reviews with an overall of 4 or more. */
  recommendCount: integer('recommend_count').notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [index('merchant_review_totals_updated').on(t.updatedAt)]);

// ---------------------------------------------------------------------------------------------
// Missing-reward claims (docs/api-claims.md)

/**
 * A member's claim for a dine missing from Reviews & History: what they said (card, restaurant,
 * local date, amount) and what matching against the card-network inbox found.
 */
export const rewardClaims = pgTable('reward_claims', {
  ...memberOwned(),
  /** The card claimed with; null once the member deleted it (brand and last four stay). */
  cardId: integer('card_id'),
  cardType: text('card_type').notNull(),
  cardLastFour: text('card_last_four').notNull(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id),
  /** Restaurant-local date of the dine (YYYY-MM-DD). */
  dineDate: text('dine_date').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** Submitted | Matched | NotFound | InReview | Resolved */
  status: text('status').notNull(),
  /** What matching found (CLAIM_FINDINGS), shown with the status. */
  finding: text('finding'),
  /** The dine's not-earned reason (NOT_EARNED_REASONS key), when the match did not earn. */
  reason: text('reason'),
  matchScore: smallint('match_score'),
  /** The inbox event matched, and the purchase it belongs to: `dine:<id>` or `txn:<transaction id>`; one claim per purchase. */
  matchedEventId: text('matched_event_id'),
  purchaseKey: text('purchase_key'),
  dineId: bigint('dine_id', { mode: 'number' }),
  /** Why an operator must look at it (review queue). */
  reviewNote: text('review_note'),
  /** awarded | rejected, by an operator. */
  resolution: text('resolution'),
  resolutionNote: text('resolution_note'),
  /** The M (manual) reward an award made. */
  rewardId: bigint('reward_id', { mode: 'number' }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  memberKey('reward_claims', t),
  sameMember('reward_claims_card_id_member_fk', t.cardId, t.memberId, memberCards).onDelete('set null'),
  sameMember('reward_claims_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  sameMember('reward_claims_reward_id_member_fk', t.rewardId, t.memberId, memberRewardIds).onDelete('set null'),
  index('reward_claims_member_time').on(t.memberId, t.createdAt),
  uniqueIndex('reward_claims_purchase_uq').on(t.purchaseKey).where(sql`purchase_key is not null`),
  uniqueIndex('reward_claims_same_uq').on(t.memberId, t.cardLastFour, t.merchantId, t.dineDate, t.amountCents),
  index('reward_claims_open').on(t.status, t.id).where(sql`status in ('Submitted', 'InReview')`),
]);

/**
 * Notification e-mails (docs/notifications.md): one row per mail a member is owed, unique by kind
 * and subject (the dine, or the moved card), so each goes once however many workers look. The row
 * is claimed ('sending') before the mail is handed to the mailer and marked 'sent' after; a member
 * who may not get it (closed account, the partner's setting) gets a 'skipped' row with the reason.
 */
export const notifications = pgTable('notifications', {
  ...memberOwned(),
  /** dineSeen | dineAwarded | dineNotEarned | cardMoved (NOTIFICATION_KINDS). */
  kind: text('kind').notNull(),
  /** What it is about: the dine's id, or the id the moved card had. Unique with the kind. */
  subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
  dineId: bigint('dine_id', { mode: 'number' }),
  /** What the mail needs beyond the dine (a moved card: brand and last four). */
  payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
  /** pending | sending | sent | skipped | failed */
  status: text('status').notNull(),
  /** Why a skipped row was not sent (SkipReason). */
  skipReason: text('skip_reason'),
  attempts: smallint('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** A pending row is not tried before this (after a failed send). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [
  memberKey('notifications', t),
  sameMember('notifications_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('cascade'),
  uniqueIndex('notifications_kind_subject_uq').on(t.kind, t.subjectId, t.memberId),
  index('notifications_pending').on(t.nextAttemptAt, t.id).where(sql`status = 'pending'`),
  index('notifications_member').on(t.memberId, t.createdAt),
]);

// ---------------------------------------------------------------------------------------------
// Bonuses (docs/api-bonuses.md)

/**
 * A partner's bonus programmes (§4 Bonus): the new-member bonus (registered for from its banner),
 * the injected bonuses (members who joined through a given source within a window) and the
 * reservation bonus (awarded per honoured reservation). Codes are stored upper case.
 */
export const bonusProgrammes = pgTable('bonus_programmes', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  code: text('code').notNull(),
  /** newMember | injected | reservation (BONUS_KINDS). */
  kind: text('kind').notNull(),
  /** In the partner's unit: miles or points, cents on Dollar and Credit partners. */
  amount: integer('amount').notNull(),
  /** The qualifying dine's reward basis must reach this. */
  minSpendCents: integer('min_spend_cents').notNull().default(0),
  /** The qualifying dine must happen within this many hours of joining. */
  windowHours: integer('window_hours').notNull(),
  /** Injected bonuses: only members whose enrollment_source is this; null: any member. */
  enrollmentSource: text('enrollment_source'),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('bonus_programmes_partner_code_uq').on(t.partnerId, t.code)]);

/** A member's stage of a bonus (§3 bonus stages): a row once registered (Enrolled) or awarded (Qualified). */
export const memberBonuses = pgTable('member_bonuses', {
  ...memberOwned(),
  bonusId: integer('bonus_id').notNull().references(() => bonusProgrammes.id, { onDelete: 'cascade' }),
  /** Eligible | Enrolled | Qualified */
  status: text('status').notNull(),
  createdAt: createdAt(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
  updatedAt: updatedAt(),
}, (t) => [memberKey('member_bonuses', t), uniqueIndex('member_bonuses_member_bonus_uq').on(t.memberId, t.bonusId)]);

/**
 * Bonuses awarded, each with its B reward. At most one award not taken back per member, bonus and
 * award key ('once'; the reservation bonus: 'reservation:<id>'): the engine and the reservation
 * hook award exactly once however often they run.
 */
export const bonusAwards = pgTable('bonus_awards', {
  ...memberOwned(),
  bonusId: integer('bonus_id').notNull().references(() => bonusProgrammes.id, { onDelete: 'cascade' }),
  awardKey: text('award_key').notNull(),
  /** The qualifying dine (none for a reservation bonus awarded without one). */
  dineId: bigint('dine_id', { mode: 'number' }),
  /** The B reward (member_rewards). */
  rewardId: bigint('reward_id', { mode: 'number' }).notNull(),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
  /** Set when a refund of the qualifying dine took it back. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
}, (t) => [
  memberKey('bonus_awards', t),
  sameMember('bonus_awards_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  uniqueIndex('bonus_awards_live_uq').on(t.memberId, t.bonusId, t.awardKey).where(sql`revoked_at is null`),
  index('bonus_awards_dine').on(t.dineId),
]);

// ---------------------------------------------------------------------------------------------
// Table reservations (docs/api-reservations.md)

/**
 * How a restaurant takes reservations: which provider ('native', our own engine, or 'openTable'
 * with its restaurant id) and, for ours, the booking rules, the floor plan (tables) and the weekly
 * shifts. A restaurant without a row takes none. One row per restaurant keeps the seed to one
 * statement and an availability answer to one row plus the day's reservations.
 */
export const reservationSettings = pgTable('reservation_settings', {
  merchantId: integer('merchant_id').primaryKey().references(() => merchants.id, { onDelete: 'cascade' }),
  /** native | openTable */
  provider: text('provider').notNull().default('native'),
  /** The provider's id of the restaurant (OpenTable rid); null for ours. */
  providerRef: text('provider_ref'),
  minParty: smallint('min_party').notNull().default(1),
  /** Largest party booked online; larger parties call the restaurant. */
  maxParty: smallint('max_party').notNull().default(6),
  /** Issue 24: dates are offered from the restaurant's today to this many days ahead (30–90; rules/reservations.ts bookingWindow). */
  bookingWindowDays: smallint('booking_window_days').notNull().default(60),
  /** No booking closer than this to the slot. */
  cutoffMinutes: smallint('cutoff_minutes').notNull().default(60),
  /** Parties and covers that may start in one 15-minute period. */
  pacingParties: smallint('pacing_parties').notNull().default(4),
  pacingCovers: smallint('pacing_covers').notNull().default(16),
  holdMinutes: smallint('hold_minutes').notNull().default(5),
  /** How long a table stays taken, by party size (ascending maxParty; multiples of 15 minutes). */
  turnTimes: jsonb('turn_times').$type<TurnTime[]>().notNull(),
  /** The floor plan: tables numbered 1…n with the party sizes they seat. */
  tables: jsonb('tables').$type<ReservationTable[]>().notNull().default([]),
  /** Service shifts by weekday (0 Sunday … 6 Saturday), minutes after local midnight. */
  shifts: jsonb('shifts').$type<WeeklyShift[]>().notNull().default([]),
  /** Local dates without reservations (YYYY-MM-DD). */
  closedDates: text('closed_dates').array().notNull().default([]),
  updatedAt: updatedAt(),
}, (t) => [check('reservation_settings_booking_window', sql`${t.bookingWindowDays} between 30 and 90`)]);

/**
 * Reservations of members, whatever the provider. held → booked → cancelled; a hold not confirmed
 * by hold_expires_at is expired. The reservation bonus reads member, restaurant, local date and
 * status (a booked reservation honoured by a qualified dine there that day).
 */
export const reservations = pgTable('reservations', {
  ...memberOwned(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
  /** native | openTable */
  provider: text('provider').notNull(),
  /** The provider's confirmation number (ours: the same as confirmation_number). */
  providerRef: text('provider_ref'),
  confirmationNumber: text('confirmation_number').notNull(),
  /** Our engine: the table's number in the floor plan. */
  tableNo: smallint('table_no'),
  partySize: smallint('party_size').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** The restaurant's local date (YYYY-MM-DD) and time (HH:mm) of the slot. */
  localDate: text('local_date').notNull(),
  localTime: text('local_time').notNull(),
  /** held | booked | cancelled | expired */
  status: text('status').notNull(),
  holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
  specialRequest: text('special_request').notNull().default(''),
  /** The Idempotency-Key of the booking call and a hash of its body: the same key again answers this reservation. */
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
}, (t) => [
  memberKey('reservations', t),
  uniqueIndex('reservations_member_key_uq').on(t.memberId, t.idempotencyKey),
  uniqueIndex('reservations_confirmation_uq').on(t.confirmationNumber),
  index('reservations_member').on(t.memberId, t.startsAt),
  index('reservations_merchant_live').on(t.merchantId, t.startsAt).where(sql`status in ('held', 'booked')`),
  index('reservations_merchant_day').on(t.merchantId, t.localDate, t.memberId),
]);

/**
 * Our engine's guarantee against double booking: a reservation takes its table's 15-minute
 * periods, one row each, and the primary key lets only one reservation have a period. Works the
 * same on PostgreSQL and PGlite without an extension (docs/api-reservations.md, "No double
 * booking"). Cancelling or expiring deletes the rows, which frees the table.
 */
export const reservationTableBlocks = pgTable('reservation_table_blocks', {
  merchantId: integer('merchant_id').notNull(),
  tableNo: smallint('table_no').notNull(),
  blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
  reservationId: bigint('reservation_id', { mode: 'number' }).notNull(),
  /** The reservation's member: its key is (id, member_id). */
  memberId: integer('member_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.merchantId, t.tableNo, t.blockStart] }),
  index('reservation_table_blocks_reservation').on(t.reservationId),
  sameMember('reservation_table_blocks_reservation_member_fk', t.reservationId, t.memberId, reservations).onDelete('cascade'),
]);

export type ReservationSettingsRow = typeof reservationSettings.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

/**
 * A member's favourite restaurants (issue 11, docs/api-favorites.md): one row per member and
 * restaurant, so adding twice is one favourite; listed newest first.
 */
export const memberFavorites = pgTable('member_favorites', {
  memberId: memberRef(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.memberId, t.merchantId] }), index('member_favorites_member_time').on(t.memberId, t.createdAt)]);

/**
 * Survey answers (issue 12, docs/api-surveys.md): one row per submitted survey. `surveyId` is the
 * `id` of the partner's `surveys` content item; `answers` maps its question ids to the answers,
 * checked against the questions before the insert. `memberId` is set for a signed-in member;
 * `publicId` is the signed-in member's, or a known visitor's when it names a member of this partner.
 */
export const surveyResponses = pgTable('survey_responses', {
  id: bigId(),
  partnerId: partnerRef(),
  surveyId: text('survey_id').notNull(),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  publicId: text('public_id'),
  answers: jsonb('answers').$type<Record<string, string | number>>().notNull(),
  utmCampaign: text('utm_campaign'),
  utmMedium: text('utm_medium'),
  utmSource: text('utm_source'),
  createdAt: createdAt(),
}, (t) => [
  index('survey_responses_partner_time').on(t.partnerId, t.createdAt, t.id),
  index('survey_responses_member').on(t.memberId),
]);

export type SurveyResponseRow = typeof surveyResponses.$inferSelect;

/**
 * Flex offers (issue 11 item 6, docs/api-flex-offers.md; §3 Flex offer: id, webMessageOfferAmount):
 * an extra reward one member is offered at one restaurant for a few days, on partners with the
 * §1 flex-offers switch. Made by the offers job or the demo seed through the flex-offers service.
 * The engine redeems it on the member's first qualified (Awarded) dine there within its dates: one
 * B reward of `amount` (the partner's unit: miles, points, cents for cash partners), `dineId` and
 * `rewardId` set in the chunk's transaction only while still null, so an offer pays once. A refund
 * that un-qualifies that dine takes the reward back and opens the offer again.
 */
export const flexOffers = pgTable('flex_offers', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  partnerId: partnerRef(),
  merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
  memberId: memberRef(),
  amount: integer('amount').notNull(),
  /** Restaurant-local dates, both included. */
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to').notNull(),
  /** Who made it: 'job' (the offers job), 'demo' (seeded demo data). */
  source: text('source').notNull(),
  createdAt: createdAt(),
  dineId: bigint('dine_id', { mode: 'number' }),
  rewardId: bigint('reward_id', { mode: 'number' }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
}, (t) => [
  memberKey('flex_offers', t),
  sameMember('flex_offers_dine_id_member_fk', t.dineId, t.memberId, dineIds).onDelete('set null'),
  index('flex_offers_member_merchant').on(t.memberId, t.merchantId, t.validTo),
  index('flex_offers_dine').on(t.dineId),
  uniqueIndex('flex_offers_reward_uq').on(t.rewardId, t.memberId),
]);

export type FlexOfferRow = typeof flexOffers.$inferSelect;

// ---------------------------------------------------------------- the operator console (issue 27, docs/features/console.md)

/**
 * Staff of the operator console: e-mail, argon2id password, a required TOTP second factor (its
 * secret sealed with the app's key, lib/sealed.ts), a role of shared/rules/ops-permissions.ts and
 * the partners it works for. 'pending' until the account is set up through its one-time link.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  /** Lower case. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  /** The TOTP secret (base32), sealed (AES-256-GCM); set when the setup link is made, confirmed by the first code. */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  role: text('role').$type<StaffRole>().notNull().default('none'),
  allPartners: boolean('all_partners').notNull().default(false),
  partnerIds: integer('partner_ids').array().notNull().default(sql`'{}'::integer[]`),
  status: text('status').$type<'pending' | 'active' | 'disabled'>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StaffRow = typeof staff.$inferSelect;

/** Console sessions, apart from members': the token's SHA-256; 15 minutes idle, 8 hours at most. */
export const staffSessions = pgTable('staff_sessions', {
  id: text('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** Idle expiry, moved on by use, never past endsAt. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
}, (t) => [index('staff_sessions_staff').on(t.staffId), index('staff_sessions_expires').on(t.expiresAt)]);

/** One-time setup links (the token's SHA-256): the new staff member sets a password and the second factor there. */
export const staffSetupTokens = pgTable('staff_setup_tokens', {
  id: text('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed console sign-ins per account ('account:<email>') and per client ('address:<ip>'): the staff lockout. */
export const staffLoginFailures = pgTable('staff_login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Every staff action (who, role, when, partner, member, what, reason, before and after).
 * Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE, for every role.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  staffId: integer('staff_id'),
  staffEmail: text('staff_email'),
  role: text('role'),
  action: text('action').notNull(),
  partnerId: integer('partner_id'),
  memberId: integer('member_id'),
  target: text('target'),
  reason: text('reason'),
  before: jsonb('before'),
  after: jsonb('after'),
  requestId: text('request_id'),
}, (t) => [index('audit_log_at').on(t.at), index('audit_log_member').on(t.memberId), index('audit_log_staff').on(t.staffId)]);
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * One-time grants of the console's "View as member" (§6, issue 27): the token's SHA-256, good for
 * 2 minutes, used once on the member's partner site to open a read-only emulation session.
 */
export const emulationGrants = pgTable('emulation_grants', {
  id: text('id').notNull(),
  emulationId: text('emulation_id').notNull().unique(),
  staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  /** The team as the member reads it (Customer service…). */
  team: text('team').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [
  memberKey('emulation_grants', t),
]);

/**
 * Reward adjustments requested in the console (issue 27 item 3, rules/adjustments.ts): posted at
 * once within the requester's limit, else waiting for a second person (72 hours). A posted one is
 * a member_rewards row (its source code, its amount), so history, totals and payouts follow;
 * nothing is edited or deleted: a mistake is reversed by a counter-adjustment. One request per
 * (requester, idempotency key): a double click posts once.
 */
export const rewardAdjustments = pgTable('reward_adjustments', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  partnerId: integer('partner_id').notNull(),
  memberId: integer('member_id').notNull(),
  /** M manual, A adjustment, J bonus adjustment, + corporate. */
  sourceCode: text('source_code').notNull(),
  /** In the partner's unit (cents for cash back); negative takes back. */
  amount: integer('amount').notNull(),
  reasonCode: text('reason_code').notNull(),
  /** The staff note (never shown to the member). */
  note: text('note').notNull(),
  /** The adjustment this one reverses (a counter-adjustment), if any. */
  reverses: bigint('reverses', { mode: 'number' }),
  idempotencyKey: text('idempotency_key').notNull(),
  requestedBy: integer('requested_by').notNull().references(() => staff.id),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  /** Posted | PendingApproval | Rejected | Expired. */
  status: text('status').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  decidedBy: integer('decided_by').references(() => staff.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
  rewardId: bigint('reward_id', { mode: 'number' }),
}, (t) => [
  memberKey('reward_adjustments', t),
  sameMember('reward_adjustments_reward_id_member_fk', t.rewardId, t.memberId, memberRewardIds).onDelete('set null'),
  foreignKey({ name: 'reward_adjustments_member_partner_fk', columns: [t.memberId, t.partnerId], foreignColumns: [members.id, members.partnerId] }).onDelete('cascade'),
  uniqueIndex('reward_adjustments_request_uq').on(t.requestedBy, t.idempotencyKey),
  index('reward_adjustments_reverses').on(t.reverses),
  index('reward_adjustments_member').on(t.memberId, t.requestedAt),
  index('reward_adjustments_waiting').on(t.partnerId, t.requestedAt).where(sql`status = 'PendingApproval'`),
]);
export type RewardAdjustmentRow = typeof rewardAdjustments.$inferSelect;

/**
 * The change history of partners' settings made in the console (issue 27 item 6,
 * rules/partner-settings.ts): who, when, why, the fields' values before and after. A change of
 * what members earn waits for a second person (72 hours, never the requester) and applies only
 * when approved; the others apply at once (status Applied). Rows are never deleted.
 */
export const settingsChanges = pgTable('settings_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
  /** The settings changed (rules/partner-settings.ts SETTING_FIELDS). */
  fields: text('fields').array().notNull(),
  /** Their values before (when requested) and after, as the console shows them. */
  before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  reason: text('reason').notNull(),
  requestedBy: integer('requested_by').notNull().references(() => staff.id),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  /** Applied | PendingApproval | Rejected | Expired. */
  status: text('status').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  decidedBy: integer('decided_by').references(() => staff.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
}, (t) => [
  index('settings_changes_partner').on(t.partnerId, t.requestedAt),
  index('settings_changes_waiting').on(t.partnerId, t.requestedAt).where(sql`status = 'PendingApproval'`),
]);
export type SettingsChangeRow = typeof settingsChanges.$inferSelect;

/**
 * Published versions of a content item (issue 27 item 5, server/ops/content.ts): every publish,
 * rollback and scheduled publish of one (partner, content name, slug) adds a version with the
 * fields it published; the content_pages row marked published always holds the newest. Version 1
 * of an item published before versions existed (the demo seed) is its content at the first
 * publish ('initial'). Never updated or deleted: a rollback publishes an earlier version's fields
 * as a new version.
 */
export const contentVersions = pgTable('content_versions', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  /** As stored in content_pages ('default' for the API's '*'). */
  contentName: text('content_name').notNull(),
  slug: text('slug').notNull(),
  version: integer('version').notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** initial | publish | rollback | scheduled. */
  kind: text('kind').notNull(),
  /** For a rollback: the version whose fields it published again. */
  rolledBackFrom: integer('rolled_back_from'),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('content_versions_uq').on(t.partnerId, t.contentName, t.slug, t.version)]);
export type ContentVersionRow = typeof contentVersions.$inferSelect;

/**
 * A publish set for a time (issue 27 item 5): the draft's fields as they were when scheduled,
 * published by the content-publish job when due (status pending → published), or cancelled.
 */
export const contentSchedules = pgTable('content_schedules', {
  id: serial('id').primaryKey(),
  partnerId: partnerRef(),
  contentName: text('content_name').notNull(),
  slug: text('slug').notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
  /** pending | published | cancelled. */
  status: text('status').notNull().default('pending'),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
  /** The version the job published. */
  version: integer('version'),
}, (t) => [index('content_schedules_due').on(t.publishAt).where(sql`status = 'pending'`)]);
export type ContentScheduleRow = typeof contentSchedules.$inferSelect;

/**
 * Draft preview on a partner site (§6 cmsPreview, issue 27 item 5): the console makes a one-time
 * grant (its SHA-256 in `id`, 2 minutes, as for emulation); the partner site's /preview page
 * trades it once for a preview session (its SHA-256 in `session_hash`, an httpOnly cookie) that
 * shows that partner's drafts until `ends_at`. Drafts are shown to nobody else.
 */
export const contentPreviewGrants = pgTable('content_preview_grants', {
  id: text('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
  partnerId: partnerRef(),
  /** Where on the site the window opens (a site path). */
  path: text('path').notNull().default('/'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  sessionHash: text('session_hash').unique(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});
