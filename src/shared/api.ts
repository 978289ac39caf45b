import { z } from 'zod';
import { API_PATHS, type ApiName, type ApiPath } from './api-paths';
import { ZAddCardsRequest, ZAddCardsResponse, ZCaptchaChallenge, ZCardList, ZDeleteCardQuery } from './schemas/card';
import { ZBonusCodeParams, ZBonusRegistered } from './schemas/bonuses';
import { ZClaim, ZClaimCandidatesResponse, ZClaimRequest, ZClaimSubmitResponse, ZClaimsResponse, ZResolveClaimRequest, ZReviewClaimsResponse } from './schemas/claims';
import { ZClientErrorRequest, ZClientErrorResponse } from './schemas/client-errors';
import { ZCmsParams, ZCmsQuery, ZCmsResponse } from './schemas/cms';
import { ZCsrfResponse } from './schemas/common';
import { ZFavoriteDeleteResponse, ZFavoriteList, ZFavoriteParams, ZFavoritePutResponse } from './schemas/favorites';
import { ZFlexOffer, ZFlexOfferParams } from './schemas/flex-offers';
import { ZImpressionsRequest, ZImpressionsResponse } from './schemas/impressions';
import { ZLocationPredictionsQuery, ZLocationPredictionsResponse } from './schemas/locations';
import {
  ZActivateRequest, ZEmailChangeRequest, ZFixCredentialsRequest, ZKnownVisitor, ZMember, ZMemberEmail, ZOkResponse, ZProfileUpdateBody, ZProfileUpdateResponse, ZProspectEmailRequest,
  ZProspectSignUpRequest, ZPublicIdParams, ZRecoverRequest, ZRecoverTokenQuery, ZRecoverUpdateRequest, ZSignInLinkRequest, ZSignInLinkUseRequest,
  ZSignInRequest, ZSignInResponse, ZSignOutResponse, ZStartEmulationRequest, ZAccountAccess, ZValidateEmailQuery, ZValidateZipQuery, ZValidationResponse,
} from './schemas/member';
import { ZMerchantDetail, ZMerchantIdParams, ZMerchantSearchRequest, ZMerchantSearchResponse, ZMerchantVisits } from './schemas/merchant';
import { ZDefaultUserLocationResponse, ZFeatureFlagsResponse } from './schemas/partner';
import { ZAvailabilityQuery, ZAvailabilityResponse, ZConfirmReservationRequest, ZReservation, ZReservationIdParams, ZReservationList, ZReservationRequest } from './schemas/reservations';
import { ZCreateReviewRequest, ZCreateReviewResponse, ZMerchantReviewsPage, ZMerchantReviewsQuery, ZReviewableDine, ZReviewStatusQuery, ZReviewStatusResponse, ZReviewTxnParams } from './schemas/reviews';
import { ZCardNetworkEvent, ZCardNetworkReceipt, ZCreditBalance, ZCreditRecordsPage, ZDineSummary, ZPageQuery, ZTransactionsPage } from './schemas/rewards';
import {
  ZDemoMembersResponse, ZDemoPartnerNumbersResponse, ZDineNowRequest, ZDineNowResponse, ZMaintenanceSwitchRequest, ZMaintenanceSwitchResponse,
  ZMemberStateRequest, ZNetworkRun, ZNetworkRunQuery, ZNetworkSample, ZOutboxResponse, ZSignInAsRequest,
} from './schemas/stgtools';
import { ZOpsAdjustment, ZOpsAdjustmentDecision, ZOpsAdjustmentParams, ZOpsAdjustmentRequest, ZOpsAdjustmentsQuery, ZOpsAdjustmentsResponse } from './schemas/ops-adjustments';
import {
  ZOpsAuditQuery, ZOpsAuditResponse, ZOpsClaimParams, ZOpsErrorDetail, ZOpsErrorParams, ZOpsClaimsQuery, ZOpsCsrfResponse, ZOpsEmulationParams, ZOpsEmulationStart, ZOpsMeResponse, ZOpsMemberClosed, ZOpsMemberDetail, ZOpsMemberEmailParams, ZOpsMemberParams, ZOpsMemberSearchQuery,
  ZOpsMemberSearchResponse, ZOpsOk, ZOpsPartnersResponse, ZOpsReasonRequest, ZOpsSetupInfo, ZOpsSetupQuery, ZOpsSetupRequest, ZOpsSignInRequest, ZOpsSignInResponse,
  ZOpsSignOutResponse, ZOpsStaffCreateRequest, ZOpsStaffCreateResponse, ZOpsStaffParams, ZOpsStaffResponse, ZOpsStaffUpdateRequest, ZOpsStaffUpdateResponse,
} from './schemas/ops';
import { ZOpsReport, ZOpsReportCsv, ZOpsReportParams, ZOpsReportQuery } from './schemas/ops-reports';
import {
  ZOpsCardEventApplyRequest, ZOpsCardEventDismissRequest, ZOpsCardEventParams, ZOpsCardEventResult, ZOpsCardEventsQuery, ZOpsCardEventsResponse,
} from './schemas/ops-events';
import { ZOpsSettingsChangeParams, ZOpsSettingsParams, ZOpsSettingsResponse, ZSettingsChange, ZSettingsChangeRequest, ZSettingsChangeResponse } from './schemas/ops-settings';
import {
  ZContentPreviewStart, ZContentPreviewStarted, ZOpsContentDraft, ZOpsContentItem, ZOpsContentItemParams, ZOpsContentList, ZOpsContentPartnerParams, ZOpsContentPreview,
  ZOpsContentPreviewRequest, ZOpsContentRollback, ZOpsContentSchedule, ZOpsContentScheduleParams, ZOpsContentScheduleView,
} from './schemas/ops-content';
import {
  ZEmailConfirmRequest, ZEmailConfirmResponse, ZOpsRedemptionDecided, ZOpsRedemptionDecision, ZOpsRedemptionHoldsQuery, ZOpsRedemptionHoldsResponse, ZOpsRedemptionParams,
  ZRedemption, ZRedemptionOptionsResponse, ZRedemptionParams, ZRedemptionRequest, ZRedemptionSettingsRequest, ZRedemptionsPage,
} from './schemas/redemptions';
import { ZStgSurveyResponsesResponse, ZSurveyParams, ZSurveyResponseCreated, ZSurveyResponseRequest } from './schemas/surveys';

/**
 * The one API table (issue 26): every /api call by name, with its method and path (from
 * ./api-paths.ts, the zod-free half the client imports) and its request and success-answer
 * schemas. The server registers each route from its entry (server/lib/route.ts), the client
 * calls through `call` (client/lib/api.ts), which takes its types from here (types only: this
 * module imports zod and stays out of the client bundle). Error answers, tags, summaries and
 * hooks stay with the route, on the server.
 */

export type SuccessStatus = 200 | 201 | 202;

export type ApiSchemas = {
  /** Path parameters (':name' segments of the path), validated and coerced. */
  readonly params?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** The JSON request body. */
  readonly body?: z.ZodType;
  /** The success answer's body. */
  readonly response: z.ZodType;
  /** The success status(es) the answer comes with; 200 when left out. */
  readonly status?: SuccessStatus | readonly SuccessStatus[];
};

export type ApiEntry = ApiPath & ApiSchemas;

/** Each name of API_PATHS with its schemas, and no other name (a compile error otherwise). */
function withSchemas<const S extends { readonly [K in ApiName]: ApiSchemas }>(
  schemas: S & { readonly [K in Exclude<keyof S, ApiName>]: never },
): { readonly [K in ApiName]: (typeof API_PATHS)[K] & S[K] } {
  return Object.fromEntries(Object.entries(API_PATHS).map(([name, path]) => [name, { ...path, ...schemas[name as ApiName] }])) as never;
}

export const API = withSchemas({
  // Session and anti-forgery.
  csrf: { response: ZCsrfResponse },
  signIn: { body: ZSignInRequest, response: ZSignInResponse },
  signInLink: { body: ZSignInLinkRequest, response: ZOkResponse, status: 202 },
  useSignInLink: { body: ZSignInLinkUseRequest, response: ZSignInResponse },
  signOut: { response: ZSignOutResponse },
  startEmulation: { body: ZStartEmulationRequest, response: ZSignInResponse },
  startContentPreview: { body: ZContentPreviewStart, response: ZContentPreviewStarted },
  // Password recovery.
  recover: { body: ZRecoverRequest, response: ZOkResponse, status: 202 },
  recoverToken: { query: ZRecoverTokenQuery, response: ZOkResponse },
  recoverUpdate: { body: ZRecoverUpdateRequest, response: ZOkResponse },
  fixCredentials: { body: ZFixCredentialsRequest, response: ZSignInResponse },
  // Partner site.
  featureFlags: { response: ZFeatureFlagsResponse },
  defaultUserLocation: { response: ZDefaultUserLocationResponse },
  cmsPage: { params: ZCmsParams, query: ZCmsQuery, response: ZCmsResponse },
  locationPredictions: { query: ZLocationPredictionsQuery, response: ZLocationPredictionsResponse },
  impressions: { body: ZImpressionsRequest, response: ZImpressionsResponse, status: 202 },
  clientErrors: { body: ZClientErrorRequest, response: ZClientErrorResponse, status: 202 },
  captchaChallenge: { response: ZCaptchaChallenge },
  // Restaurants.
  merchantSearch: { query: ZMerchantSearchRequest, response: ZMerchantSearchResponse },
  merchant: { params: ZMerchantIdParams, response: ZMerchantDetail },
  merchantReviews: { params: ZMerchantIdParams, query: ZMerchantReviewsQuery, response: ZMerchantReviewsPage },
  availability: { params: ZMerchantIdParams, query: ZAvailabilityQuery, response: ZAvailabilityResponse },
  flexOffer: { params: ZFlexOfferParams, response: ZFlexOffer },
  // Enrolment.
  signUp: { body: ZProspectSignUpRequest, response: ZSignInResponse, status: 201 },
  prospectEmail: { body: ZProspectEmailRequest, response: ZOkResponse, status: 202 },
  validateEmail: { query: ZValidateEmailQuery, response: ZValidationResponse },
  validateZip: { query: ZValidateZipQuery, response: ZValidationResponse },
  // The member.
  accountAccess: { response: ZAccountAccess },
  member: { response: ZMember },
  updateProfile: { body: ZProfileUpdateBody, response: ZProfileUpdateResponse },
  knownVisitor: { params: ZPublicIdParams, response: ZKnownVisitor },
  activateKnownVisitor: { body: ZActivateRequest, response: ZKnownVisitor },
  memberCards: { response: ZCardList },
  addCards: { body: ZAddCardsRequest, response: ZAddCardsResponse },
  deleteCard: { query: ZDeleteCardQuery, response: z.literal(true) },
  partnerCards: { response: ZCardList },
  registerBonus: { params: ZBonusCodeParams, response: ZBonusRegistered },
  claims: { response: ZClaimsResponse },
  /** 201 with a new claim; 200 when the same claim was already filed. */
  submitClaim: { body: ZClaimRequest, response: ZClaimSubmitResponse, status: [200, 201] },
  favorites: { response: ZFavoriteList },
  /** 201 when added; 200 when it was a favourite already. */
  addFavorite: { params: ZFavoriteParams, response: ZFavoritePutResponse, status: [200, 201] },
  removeFavorite: { params: ZFavoriteParams, response: ZFavoriteDeleteResponse },
  merchantVisits: { params: ZMerchantIdParams, response: ZMerchantVisits },
  reservations: { response: ZReservationList },
  /** 201 with a new reservation; 200 with the one a repeated Idempotency-Key made. */
  reserve: { body: ZReservationRequest, response: ZReservation, status: [200, 201] },
  confirmReservation: { params: ZReservationIdParams, body: ZConfirmReservationRequest.nullish(), response: ZReservation },
  cancelReservation: { params: ZReservationIdParams, response: ZReservation },
  dineSummary: { response: ZDineSummary },
  transactions: { query: ZPageQuery, response: ZTransactionsPage },
  creditBalance: { response: ZCreditBalance },
  creditRecords: { query: ZPageQuery, response: ZCreditRecordsPage },
  redemptionOptions: { response: ZRedemptionOptionsResponse },
  redemptions: { query: ZPageQuery, response: ZRedemptionsPage },
  /** 201 with a new redemption; 200 with the one a repeated Idempotency-Key made. */
  redeem: { body: ZRedemptionRequest, response: ZRedemption, status: [200, 201] },
  redemption: { params: ZRedemptionParams, response: ZRedemption },
  redemptionSettings: { body: ZRedemptionSettingsRequest, response: ZRedemptionOptionsResponse },
  confirmEmail: { body: ZEmailConfirmRequest, response: ZEmailConfirmResponse },
  memberEmail: { response: ZMemberEmail },
  /** 202: the link is on its way to the new address; the address changes when it is opened. */
  changeEmail: { body: ZEmailChangeRequest, response: ZMemberEmail, status: 202 },
  reviewStatus: { query: ZReviewStatusQuery, response: ZReviewStatusResponse },
  reviewableDine: { params: ZReviewTxnParams, response: ZReviewableDine },
  createReview: { body: ZCreateReviewRequest, response: ZCreateReviewResponse },
  surveyResponse: { params: ZSurveyParams, body: ZSurveyResponseRequest, response: ZSurveyResponseCreated, status: 201 },
  // Card network.
  cardNetworkEvent: { body: ZCardNetworkEvent, response: ZCardNetworkReceipt },
  /** The body is the provider's event (parseGiftCardWebhook checks it after the signature). */
  giftCardWebhook: { body: z.unknown(), response: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  // Staging tools.
  maintenance: { response: ZMaintenanceSwitchResponse },
  setMaintenance: { body: ZMaintenanceSwitchRequest, response: ZMaintenanceSwitchResponse },
  demoMembers: { response: ZDemoMembersResponse },
  demoPartnerNumbers: { response: ZDemoPartnerNumbersResponse },
  outbox: { response: ZOutboxResponse },
  signInAs: { body: ZSignInAsRequest, response: ZSignInResponse },
  setMemberState: { body: ZMemberStateRequest, response: ZMember },
  dineNow: { body: ZDineNowRequest, response: ZDineNowResponse },
  networkSample: { response: ZNetworkSample },
  networkRun: { query: ZNetworkRunQuery, response: ZNetworkRun },
  surveyResponses: { response: ZStgSurveyResponsesResponse },
  // The operator console.
  opsCsrf: { response: ZOpsCsrfResponse },
  opsSignIn: { body: ZOpsSignInRequest, response: ZOpsSignInResponse },
  opsSetupInfo: { query: ZOpsSetupQuery, response: ZOpsSetupInfo },
  opsSetup: { body: ZOpsSetupRequest, response: ZOpsOk },
  opsMe: { response: ZOpsMeResponse },
  opsSignOut: { response: ZOpsSignOutResponse },
  opsPartners: { response: ZOpsPartnersResponse },
  opsMemberSearch: { query: ZOpsMemberSearchQuery, response: ZOpsMemberSearchResponse },
  opsMember: { params: ZOpsMemberParams, response: ZOpsMemberDetail },
  opsMemberUnlock: { params: ZOpsMemberParams, body: ZOpsReasonRequest, response: ZOpsOk },
  opsMemberSignInLink: { params: ZOpsMemberParams, body: ZOpsReasonRequest, response: ZOpsOk, status: 202 },
  opsMemberEmulate: { params: ZOpsMemberParams, body: ZOpsReasonRequest, response: ZOpsEmulationStart, status: 201 },
  opsMemberResendEmail: { params: ZOpsMemberEmailParams, body: ZOpsReasonRequest, response: ZOpsOk, status: 202 },
  opsMemberClose: { params: ZOpsMemberParams, body: ZOpsReasonRequest, response: ZOpsMemberClosed },
  opsEmulationEnd: { params: ZOpsEmulationParams, response: ZOpsOk },
  opsClaims: { query: ZOpsClaimsQuery, response: ZReviewClaimsResponse },
  opsClaimResolve: { params: ZOpsClaimParams, body: ZResolveClaimRequest, response: ZClaim },
  opsClaimCandidates: { params: ZOpsClaimParams, response: ZClaimCandidatesResponse },
  opsRedemptionHolds: { query: ZOpsRedemptionHoldsQuery, response: ZOpsRedemptionHoldsResponse },
  opsRedemptionDecide: { params: ZOpsRedemptionParams, body: ZOpsRedemptionDecision, response: ZOpsRedemptionDecided },
  opsAdjustmentCreate: { params: ZOpsMemberParams, body: ZOpsAdjustmentRequest, response: ZOpsAdjustment, status: 201 },
  opsAdjustments: { query: ZOpsAdjustmentsQuery, response: ZOpsAdjustmentsResponse },
  opsAdjustmentDecide: { params: ZOpsAdjustmentParams, body: ZOpsAdjustmentDecision, response: ZOpsAdjustment },
  opsAudit: { query: ZOpsAuditQuery, response: ZOpsAuditResponse },
  opsErrorLookup: { params: ZOpsErrorParams, response: ZOpsErrorDetail },
  opsStaff: { response: ZOpsStaffResponse },
  opsStaffCreate: { body: ZOpsStaffCreateRequest, response: ZOpsStaffCreateResponse, status: 201 },
  opsStaffUpdate: { params: ZOpsStaffParams, body: ZOpsStaffUpdateRequest, response: ZOpsStaffUpdateResponse },
  opsReport: { params: ZOpsReportParams, query: ZOpsReportQuery, response: ZOpsReport },
  /** text/csv, an attachment. */
  opsReportCsv: { params: ZOpsReportParams, query: ZOpsReportQuery, response: ZOpsReportCsv },
  opsCardEvents: { query: ZOpsCardEventsQuery, response: ZOpsCardEventsResponse },
  opsCardEventApply: { params: ZOpsCardEventParams, body: ZOpsCardEventApplyRequest, response: ZOpsCardEventResult },
  opsCardEventDismiss: { params: ZOpsCardEventParams, body: ZOpsCardEventDismissRequest, response: ZOpsCardEventResult },
  opsSettings: { params: ZOpsSettingsParams, response: ZOpsSettingsResponse },
  opsSettingsChange: { params: ZOpsSettingsParams, body: ZSettingsChangeRequest, response: ZSettingsChangeResponse },
  opsSettingsDecide: { params: ZOpsSettingsChangeParams, body: ZOpsAdjustmentDecision, response: ZSettingsChange },
  opsContentList: { params: ZOpsContentPartnerParams, response: ZOpsContentList },
  opsContentItem: { params: ZOpsContentItemParams, response: ZOpsContentItem },
  opsContentDraft: { params: ZOpsContentItemParams, body: ZOpsContentDraft, response: ZOpsContentItem },
  opsContentDraftDiscard: { params: ZOpsContentItemParams, response: ZOpsContentItem },
  opsContentPublish: { params: ZOpsContentItemParams, response: ZOpsContentItem },
  opsContentRollback: { params: ZOpsContentItemParams, body: ZOpsContentRollback, response: ZOpsContentItem },
  opsContentSchedule: { params: ZOpsContentItemParams, body: ZOpsContentSchedule, response: ZOpsContentScheduleView, status: 201 },
  opsContentScheduleCancel: { params: ZOpsContentScheduleParams, response: ZOpsContentItem },
  opsContentPreview: { params: ZOpsContentPartnerParams, body: ZOpsContentPreviewRequest, response: ZOpsContentPreview, status: 201 },
});

export type ApiTable = typeof API;

/** The success statuses of an entry, as a list. */
export function successStatuses(entry: ApiSchemas): readonly SuccessStatus[] {
  const s = entry.status ?? 200;
  return typeof s === 'number' ? [s] : s;
}

// ---------------------------------------------------------------- the types a call is made with

type Schema<E, K extends keyof ApiSchemas> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/**
 * What goes over the wire for query and path values: what the schema accepts, but where it
 * coerces (input `unknown`, e.g. z.coerce.number()) the type it coerces to.
 */
type WireValues<S extends z.ZodType> = { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K] };

/** The table's entry of a method and path (the client holds API_PATHS entries). */
export type EntryOf<P extends ApiPath> = { [K in ApiName]: ApiTable[K] extends { readonly method: P['method']; readonly path: P['path'] } ? ApiTable[K] : never }[ApiName];

/** The request of a call: params, query and body where its entry has them (required where the schema requires anything). */
export type ApiRequest<E> =
  & (Schema<E, 'params'> extends z.ZodType ? { params: WireValues<Schema<E, 'params'>> } : { params?: undefined })
  & (Schema<E, 'query'> extends z.ZodType ? (object extends WireValues<Schema<E, 'query'>> ? { query?: WireValues<Schema<E, 'query'>> } : { query: WireValues<Schema<E, 'query'>> }) : { query?: undefined })
  & (Schema<E, 'body'> extends z.ZodType ? (undefined extends z.input<Schema<E, 'body'>> ? { body?: z.input<Schema<E, 'body'>> } : { body: z.input<Schema<E, 'body'>> }) : { body?: undefined });

/** The success answer of a call, as the client receives it. */
export type ApiResponse<E> = E extends { readonly response: infer S extends z.ZodType } ? z.output<S> : never;
