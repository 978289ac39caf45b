/**
 * The API table's addresses (issue 26): every /api call's name, method and path (Fastify syntax,
 * ':name' is one segment). Plain data, free of zod: the client imports it to make its calls
 * (lib/api.ts `call`), the server never directly. The request and response schemas of each call
 * are in ./api.ts, which is keyed by these names and built from these entries, so a path lives
 * here only, and the two tables cannot drift (api.ts does not compile without an entry for every
 * name here, and nothing else). To add a call: a line here, its schemas in api.ts, then
 * `route(app, API.<name>, …)` on the server and `call(API_PATHS.<name>, …)` on the client.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiPath = { readonly method: ApiMethod; readonly path: `/api/${string}` };

const get = <const P extends ApiPath['path']>(path: P) => ({ method: 'GET', path }) as const;
const post = <const P extends ApiPath['path']>(path: P) => ({ method: 'POST', path }) as const;
const put = <const P extends ApiPath['path']>(path: P) => ({ method: 'PUT', path }) as const;
const del = <const P extends ApiPath['path']>(path: P) => ({ method: 'DELETE', path }) as const;

export const API_PATHS = {
  // Session and anti-forgery.
  csrf: get('/api/CSRF'),
  signIn: post('/api/SignIn'),
  signInLink: post('/api/SignInLink'),
  useSignInLink: post('/api/SignInLink/Use'),
  signOut: get('/api/SignOut'),
  /** The console's "View as member" opens here: a one-time grant starts a read-only emulation session (§6). */
  startEmulation: post('/api/Emulation'),
  /** The console's content "Preview" opens here: a one-time grant starts a draft preview session of this partner (§6 cmsPreview). */
  startContentPreview: post('/api/ContentPreview'),
  // Password recovery.
  recover: post('/api/Recover'),
  recoverToken: get('/api/Recover/Token'),
  recoverUpdate: post('/api/Recover/Update'),
  fixCredentials: post('/api/FixCredentials'),
  // Partner site.
  featureFlags: get('/api/feature-flags'),
  defaultUserLocation: get('/api/DefaultUserLocation'),
  cmsPage: get('/api/cms/pages/:contentName/'),
  locationPredictions: get('/api/locations/predictions'),
  impressions: post('/api/Impressions'),
  clientErrors: post('/api/client-errors'),
  captchaChallenge: get('/api/captcha/challenge'),
  // Restaurants.
  merchantSearch: get('/api/v2/Merchants/Search'),
  merchant: get('/api/merchants/:merchantId'),
  merchantReviews: get('/api/merchants/:merchantId/reviews'),
  availability: get('/api/merchants/:merchantId/availability'),
  flexOffer: get('/api/merchants/:merchantId/flex-offers/members/:publicId'),
  // Enrolment.
  signUp: post('/api/Members/Prospects'),
  prospectEmail: post('/api/Members/Prospects/Email'),
  validateEmail: get('/api/Members/Validate/Email'),
  validateZip: get('/api/Members/Validate/Zip'),
  // The member.
  member: get('/api/Member'),
  /** When our team looked at the member's account (issue 27). */
  accountAccess: get('/api/Member/AccountAccess'),
  updateProfile: put('/api/Member'),
  knownVisitor: get('/api/Member/:publicId'),
  activateKnownVisitor: post('/api/Member/Activate'),
  memberCards: get('/api/Member/Cards'),
  addCards: post('/api/Member/Cards'),
  deleteCard: del('/api/Member/Cards'),
  partnerCards: get('/api/Cards/AllPartnerCards'),
  registerBonus: post('/api/Member/Bonus/:code'),
  claims: get('/api/Member/Claims'),
  submitClaim: post('/api/Member/Claims'),
  favorites: get('/api/Member/Favorites'),
  addFavorite: put('/api/Member/Favorites/:merchantId'),
  removeFavorite: del('/api/Member/Favorites/:merchantId'),
  merchantVisits: get('/api/Member/merchants/:merchantId/visits'),
  reservations: get('/api/Member/Reservations'),
  reserve: post('/api/Member/Reservations'),
  confirmReservation: post('/api/Member/Reservations/:id/Confirm'),
  cancelReservation: del('/api/Member/Reservations/:id'),
  dineSummary: get('/api/Member/DineSummary'),
  transactions: get('/api/Member/Transactions'),
  creditBalance: get('/api/Member/StatementCreditBalance'),
  creditRecords: get('/api/Member/TransactionsStatementCredits'),
  // Redemptions (issue 28, docs/features/redemptions.md): cash-back members take money out of their balance.
  redemptionOptions: get('/api/Member/RedemptionOptions'),
  redemptions: get('/api/Member/Redemptions'),
  redeem: post('/api/Member/Redemptions'),
  redemption: get('/api/Member/Redemptions/:redemptionId'),
  redemptionSettings: put('/api/Member/RedemptionSettings'),
  /** The link e-mailed to a changed address confirms it (gift cards go only to a confirmed address). */
  confirmEmail: post('/api/Member/Email/Confirm'),
  /** The member's e-mail address and a change waiting for its link; asking for a change e-mails the link. */
  memberEmail: get('/api/Member/Email'),
  changeEmail: post('/api/Member/Email'),
  reviewStatus: get('/api/reviews/status'),
  reviewableDine: get('/api/reviews/dines/:txnId'),
  createReview: post('/api/reviews'),
  surveyResponse: post('/api/surveys/:surveyId/responses'),
  // Card network (the network's webhook; the staging tools and the simulator call it too).
  cardNetworkEvent: post('/api/card-network/events'),
  /** The gift-card provider's signed webhook (GIFT_CARD_WEBHOOK_PATH; redemptions/provider). */
  giftCardWebhook: post('/api/redemptions/gift-card-webhook'),
  // Staging tools (not registered in production).
  maintenance: get('/api/stgtools/maintenance'),
  setMaintenance: put('/api/stgtools/maintenance'),
  demoMembers: get('/api/stgtools/members'),
  demoPartnerNumbers: get('/api/stgtools/partner-numbers'),
  outbox: get('/api/stgtools/outbox'),
  signInAs: post('/api/stgtools/sign-in-as'),
  setMemberState: put('/api/stgtools/member-state'),
  dineNow: post('/api/stgtools/dines'),
  networkSample: get('/api/stgtools/network-sample'),
  networkRun: get('/api/stgtools/network-run'),
  surveyResponses: get('/api/stgtools/survey-responses'),
  // The operator console (its own origin, server/ops; who may call each: shared/rules/ops-permissions.ts).
  opsCsrf: get('/api/ops/csrf'),
  opsSignIn: post('/api/ops/sign-in'),
  opsSetupInfo: get('/api/ops/setup'),
  opsSetup: post('/api/ops/setup'),
  opsMe: get('/api/ops/me'),
  opsSignOut: post('/api/ops/sign-out'),
  opsPartners: get('/api/ops/partners'),
  opsMemberSearch: get('/api/ops/members'),
  opsMember: get('/api/ops/members/:memberId'),
  opsMemberUnlock: post('/api/ops/members/:memberId/unlock'),
  opsMemberSignInLink: post('/api/ops/members/:memberId/sign-in-link'),
  opsMemberEmulate: post('/api/ops/members/:memberId/emulation'),
  opsMemberResendEmail: post('/api/ops/members/:memberId/emails/:emailId/resend'),
  opsMemberClose: post('/api/ops/members/:memberId/close'),
  opsEmulationEnd: post('/api/ops/emulations/:emulationId/end'),
  opsClaims: get('/api/ops/claims'),
  opsClaimResolve: post('/api/ops/claims/:claimId/resolve'),
  opsClaimCandidates: get('/api/ops/claims/:claimId/candidates'),
  /** Redemptions held for the team (issue 28 item 5), and a supervisor's release or rejection. */
  opsRedemptionHolds: get('/api/ops/redemptions/holds'),
  opsRedemptionDecide: post('/api/ops/redemptions/:redemptionId/decision'),
  opsAdjustmentCreate: post('/api/ops/members/:memberId/adjustments'),
  opsAdjustments: get('/api/ops/adjustments'),
  opsAdjustmentDecide: post('/api/ops/adjustments/:adjustmentId/decision'),
  opsAudit: get('/api/ops/audit'),
  /** An error by the reference code the member read on the error page (issue 27 item 8). */
  opsErrorLookup: get('/api/ops/errors/:reference'),
  opsStaff: get('/api/ops/staff'),
  opsStaffCreate: post('/api/ops/staff'),
  opsStaffUpdate: put('/api/ops/staff/:staffId'),
  /** One partner's figures per UTC day (docs/features/console.md "Reports"), and the same as CSV. */
  opsReport: get('/api/ops/reports/:partner'),
  opsReportCsv: get('/api/ops/reports/:partner/csv'),
  opsCardEvents: get('/api/ops/card-events'),
  opsCardEventApply: post('/api/ops/card-events/:eventId/apply'),
  opsCardEventDismiss: post('/api/ops/card-events/:eventId/dismiss'),
  /** A partner's settings and their history; a change; a second person's decision on a waiting one (docs/features/console.md "Partner settings"). */
  opsSettings: get('/api/ops/settings/:partner'),
  opsSettingsChange: put('/api/ops/settings/:partner'),
  opsSettingsDecide: post('/api/ops/settings-changes/:changeId/decision'),
  // Content (issue 27 item 5): a partner's eleven content pages, drafts, versions, schedules, preview.
  opsContentList: get('/api/ops/content/:partner'),
  opsContentItem: get('/api/ops/content/:partner/:contentName/:slug'),
  opsContentDraft: put('/api/ops/content/:partner/:contentName/:slug/draft'),
  opsContentDraftDiscard: del('/api/ops/content/:partner/:contentName/:slug/draft'),
  opsContentPublish: post('/api/ops/content/:partner/:contentName/:slug/publish'),
  opsContentRollback: post('/api/ops/content/:partner/:contentName/:slug/rollback'),
  opsContentSchedule: post('/api/ops/content/:partner/:contentName/:slug/schedule'),
  opsContentScheduleCancel: post('/api/ops/content-schedules/:scheduleId/cancel'),
  opsContentPreview: post('/api/ops/content/:partner/preview'),
} as const satisfies Record<string, ApiPath>;

export type ApiName = keyof typeof API_PATHS;

/** The console's calls are served on its own origin (server/ops/app.ts), the others on the partner sites. */
export const OPS_API_PREFIX = '/api/ops/';
export const isOpsCall = (path: string) => path.startsWith(OPS_API_PREFIX);
