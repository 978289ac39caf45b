/**
 * The API table's addresses, one export per call (issue 26): its name, method and path (Fastify
 * syntax, ':name' is one segment). Read as the API_PATHS namespace of ./api-paths.ts, never
 * directly: one plain constant per call lets a bundle keep only the calls its code makes (the
 * app's first load carries neither the console's calls nor the account's), where one object
 * would come whole. ./api-paths.ts checks that each is an address.
 */
// Session and anti-forgery.
export const csrf = { method: 'GET', path: '/api/CSRF' } as const;
export const signIn = { method: 'POST', path: '/api/SignIn' } as const;
export const signInLink = { method: 'POST', path: '/api/SignInLink' } as const;
export const useSignInLink = { method: 'POST', path: '/api/SignInLink/Use' } as const;
export const signOut = { method: 'GET', path: '/api/SignOut' } as const;
/** The console's "View as member" opens here: a one-time grant starts a read-only emulation session (§6). */
export const startEmulation = { method: 'POST', path: '/api/Emulation' } as const;
/** The console's content "Preview" opens here: a one-time grant starts a draft preview session of this partner (§6 cmsPreview). */
export const startContentPreview = { method: 'POST', path: '/api/ContentPreview' } as const;
// Password recovery.
export const recover = { method: 'POST', path: '/api/Recover' } as const;
export const recoverToken = { method: 'GET', path: '/api/Recover/Token' } as const;
export const recoverUpdate = { method: 'POST', path: '/api/Recover/Update' } as const;
export const fixCredentials = { method: 'POST', path: '/api/FixCredentials' } as const;
// Partner site.
export const featureFlags = { method: 'GET', path: '/api/feature-flags' } as const;
export const defaultUserLocation = { method: 'GET', path: '/api/DefaultUserLocation' } as const;
export const cmsPage = { method: 'GET', path: '/api/cms/pages/:contentName/' } as const;
export const locationPredictions = { method: 'GET', path: '/api/locations/predictions' } as const;
export const impressions = { method: 'POST', path: '/api/Impressions' } as const;
export const clientErrors = { method: 'POST', path: '/api/client-errors' } as const;
export const captchaChallenge = { method: 'GET', path: '/api/captcha/challenge' } as const;
// Restaurants.
export const merchantSearch = { method: 'GET', path: '/api/v2/Merchants/Search' } as const;
export const merchant = { method: 'GET', path: '/api/merchants/:merchantId' } as const;
export const merchantReviews = { method: 'GET', path: '/api/merchants/:merchantId/reviews' } as const;
export const availability = { method: 'GET', path: '/api/merchants/:merchantId/availability' } as const;
export const flexOffer = { method: 'GET', path: '/api/merchants/:merchantId/flex-offers/members/:publicId' } as const;
// Enrolment.
export const signUp = { method: 'POST', path: '/api/Members/Prospects' } as const;
export const prospectEmail = { method: 'POST', path: '/api/Members/Prospects/Email' } as const;
export const validateEmail = { method: 'GET', path: '/api/Members/Validate/Email' } as const;
export const validateZip = { method: 'GET', path: '/api/Members/Validate/Zip' } as const;
// The member.
export const member = { method: 'GET', path: '/api/Member' } as const;
/** When our team looked at the member's account (issue 27). */
export const accountAccess = { method: 'GET', path: '/api/Member/AccountAccess' } as const;
export const updateProfile = { method: 'PUT', path: '/api/Member' } as const;
export const knownVisitor = { method: 'GET', path: '/api/Member/:publicId' } as const;
export const activateKnownVisitor = { method: 'POST', path: '/api/Member/Activate' } as const;
export const memberCards = { method: 'GET', path: '/api/Member/Cards' } as const;
export const addCards = { method: 'POST', path: '/api/Member/Cards' } as const;
export const deleteCard = { method: 'DELETE', path: '/api/Member/Cards' } as const;
export const partnerCards = { method: 'GET', path: '/api/Cards/AllPartnerCards' } as const;
export const registerBonus = { method: 'POST', path: '/api/Member/Bonus/:code' } as const;
export const claims = { method: 'GET', path: '/api/Member/Claims' } as const;
export const submitClaim = { method: 'POST', path: '/api/Member/Claims' } as const;
export const favorites = { method: 'GET', path: '/api/Member/Favorites' } as const;
export const addFavorite = { method: 'PUT', path: '/api/Member/Favorites/:merchantId' } as const;
export const removeFavorite = { method: 'DELETE', path: '/api/Member/Favorites/:merchantId' } as const;
export const merchantVisits = { method: 'GET', path: '/api/Member/merchants/:merchantId/visits' } as const;
export const reservations = { method: 'GET', path: '/api/Member/Reservations' } as const;
export const reserve = { method: 'POST', path: '/api/Member/Reservations' } as const;
export const confirmReservation = { method: 'POST', path: '/api/Member/Reservations/:id/Confirm' } as const;
export const cancelReservation = { method: 'DELETE', path: '/api/Member/Reservations/:id' } as const;
export const dineSummary = { method: 'GET', path: '/api/Member/DineSummary' } as const;
export const transactions = { method: 'GET', path: '/api/Member/Transactions' } as const;
export const creditBalance = { method: 'GET', path: '/api/Member/StatementCreditBalance' } as const;
export const creditRecords = { method: 'GET', path: '/api/Member/TransactionsStatementCredits' } as const;
// Redemptions (issue 28, docs/features/redemptions.md): cash-back members take money out of their balance.
export const redemptionOptions = { method: 'GET', path: '/api/Member/RedemptionOptions' } as const;
export const redemptions = { method: 'GET', path: '/api/Member/Redemptions' } as const;
export const redeem = { method: 'POST', path: '/api/Member/Redemptions' } as const;
export const redemption = { method: 'GET', path: '/api/Member/Redemptions/:redemptionId' } as const;
export const redemptionSettings = { method: 'PUT', path: '/api/Member/RedemptionSettings' } as const;
/** The link e-mailed to a changed address confirms it (gift cards go only to a confirmed address). */
export const confirmEmail = { method: 'POST', path: '/api/Member/Email/Confirm' } as const;
/** The member's e-mail address and a change waiting for its link; asking for a change e-mails the link. */
export const memberEmail = { method: 'GET', path: '/api/Member/Email' } as const;
export const changeEmail = { method: 'POST', path: '/api/Member/Email' } as const;
export const reviewStatus = { method: 'GET', path: '/api/reviews/status' } as const;
export const reviewableDine = { method: 'GET', path: '/api/reviews/dines/:txnId' } as const;
export const createReview = { method: 'POST', path: '/api/reviews' } as const;
export const surveyResponse = { method: 'POST', path: '/api/surveys/:surveyId/responses' } as const;
// Card network (the network's webhook; the staging tools and the simulator call it too).
export const cardNetworkEvent = { method: 'POST', path: '/api/card-network/events' } as const;
/** The gift-card provider's signed webhook (GIFT_CARD_WEBHOOK_PATH; redemptions/provider). */
export const giftCardWebhook = { method: 'POST', path: '/api/redemptions/gift-card-webhook' } as const;
// Staging tools (not registered in production).
export const maintenance = { method: 'GET', path: '/api/stgtools/maintenance' } as const;
export const setMaintenance = { method: 'PUT', path: '/api/stgtools/maintenance' } as const;
export const demoMembers = { method: 'GET', path: '/api/stgtools/members' } as const;
export const demoPartnerNumbers = { method: 'GET', path: '/api/stgtools/partner-numbers' } as const;
export const outbox = { method: 'GET', path: '/api/stgtools/outbox' } as const;
export const signInAs = { method: 'POST', path: '/api/stgtools/sign-in-as' } as const;
export const setMemberState = { method: 'PUT', path: '/api/stgtools/member-state' } as const;
export const dineNow = { method: 'POST', path: '/api/stgtools/dines' } as const;
export const networkSample = { method: 'GET', path: '/api/stgtools/network-sample' } as const;
export const networkRun = { method: 'GET', path: '/api/stgtools/network-run' } as const;
export const surveyResponses = { method: 'GET', path: '/api/stgtools/survey-responses' } as const;
// The operator console (its own origin, server/ops; who may call each: shared/rules/ops-permissions.ts).
export const opsCsrf = { method: 'GET', path: '/api/ops/csrf' } as const;
export const opsSignIn = { method: 'POST', path: '/api/ops/sign-in' } as const;
export const opsSetupInfo = { method: 'GET', path: '/api/ops/setup' } as const;
export const opsSetup = { method: 'POST', path: '/api/ops/setup' } as const;
export const opsMe = { method: 'GET', path: '/api/ops/me' } as const;
export const opsSignOut = { method: 'POST', path: '/api/ops/sign-out' } as const;
export const opsPartners = { method: 'GET', path: '/api/ops/partners' } as const;
export const opsMemberSearch = { method: 'GET', path: '/api/ops/members' } as const;
export const opsMember = { method: 'GET', path: '/api/ops/members/:memberId' } as const;
export const opsMemberUnlock = { method: 'POST', path: '/api/ops/members/:memberId/unlock' } as const;
export const opsMemberSignInLink = { method: 'POST', path: '/api/ops/members/:memberId/sign-in-link' } as const;
export const opsMemberEmulate = { method: 'POST', path: '/api/ops/members/:memberId/emulation' } as const;
export const opsMemberResendEmail = { method: 'POST', path: '/api/ops/members/:memberId/emails/:emailId/resend' } as const;
export const opsMemberClose = { method: 'POST', path: '/api/ops/members/:memberId/close' } as const;
export const opsEmulationEnd = { method: 'POST', path: '/api/ops/emulations/:emulationId/end' } as const;
export const opsClaims = { method: 'GET', path: '/api/ops/claims' } as const;
export const opsClaimResolve = { method: 'POST', path: '/api/ops/claims/:claimId/resolve' } as const;
export const opsClaimCandidates = { method: 'GET', path: '/api/ops/claims/:claimId/candidates' } as const;
/** Redemptions held for the team (issue 28 item 5), and a supervisor's release or rejection. */
export const opsRedemptionHolds = { method: 'GET', path: '/api/ops/redemptions/holds' } as const;
export const opsRedemptionDecide = { method: 'POST', path: '/api/ops/redemptions/:redemptionId/decision' } as const;
export const opsAdjustmentCreate = { method: 'POST', path: '/api/ops/members/:memberId/adjustments' } as const;
export const opsAdjustments = { method: 'GET', path: '/api/ops/adjustments' } as const;
export const opsAdjustmentDecide = { method: 'POST', path: '/api/ops/adjustments/:adjustmentId/decision' } as const;
export const opsAudit = { method: 'GET', path: '/api/ops/audit' } as const;
/** An error by the reference code the member read on the error page (issue 27 item 8). */
export const opsErrorLookup = { method: 'GET', path: '/api/ops/errors/:reference' } as const;
export const opsStaff = { method: 'GET', path: '/api/ops/staff' } as const;
export const opsStaffCreate = { method: 'POST', path: '/api/ops/staff' } as const;
export const opsStaffUpdate = { method: 'PUT', path: '/api/ops/staff/:staffId' } as const;
/** One partner's figures per UTC day (docs/features/console.md "Reports"), and the same as CSV. */
export const opsReport = { method: 'GET', path: '/api/ops/reports/:partner' } as const;
export const opsReportCsv = { method: 'GET', path: '/api/ops/reports/:partner/csv' } as const;
export const opsCardEvents = { method: 'GET', path: '/api/ops/card-events' } as const;
export const opsCardEventApply = { method: 'POST', path: '/api/ops/card-events/:eventId/apply' } as const;
export const opsCardEventDismiss = { method: 'POST', path: '/api/ops/card-events/:eventId/dismiss' } as const;
/** A partner's settings and their history; a change; a second person's decision on a waiting one (docs/features/console.md "Partner settings"). */
export const opsSettings = { method: 'GET', path: '/api/ops/settings/:partner' } as const;
export const opsSettingsChange = { method: 'PUT', path: '/api/ops/settings/:partner' } as const;
export const opsSettingsDecide = { method: 'POST', path: '/api/ops/settings-changes/:changeId/decision' } as const;
// Content (issue 27 item 5): a partner's eleven content pages, drafts, versions, schedules, preview.
export const opsContentList = { method: 'GET', path: '/api/ops/content/:partner' } as const;
export const opsContentItem = { method: 'GET', path: '/api/ops/content/:partner/:contentName/:slug' } as const;
export const opsContentDraft = { method: 'PUT', path: '/api/ops/content/:partner/:contentName/:slug/draft' } as const;
export const opsContentDraftDiscard = { method: 'DELETE', path: '/api/ops/content/:partner/:contentName/:slug/draft' } as const;
export const opsContentPublish = { method: 'POST', path: '/api/ops/content/:partner/:contentName/:slug/publish' } as const;
export const opsContentRollback = { method: 'POST', path: '/api/ops/content/:partner/:contentName/:slug/rollback' } as const;
export const opsContentSchedule = { method: 'POST', path: '/api/ops/content/:partner/:contentName/:slug/schedule' } as const;
export const opsContentScheduleCancel = { method: 'POST', path: '/api/ops/content-schedules/:scheduleId/cancel' } as const;
export const opsContentPreview = { method: 'POST', path: '/api/ops/content/:partner/preview' } as const;
