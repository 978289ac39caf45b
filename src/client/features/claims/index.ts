/**
 * Public entry of the claims feature (missing-reward claims, docs/api-claims.md): the claim form
 * and the member's claims, composed by routes/account/claims-route.tsx.
 */
export { ClaimForm, CLAIM_FORM_TITLE } from './components/claim-form';
export { ClaimsList, CLAIMS_LIST_TITLE } from './components/claims-list';
export { CLAIMS_QUERY_KEY, useClaims, useSubmitClaim } from './api';
