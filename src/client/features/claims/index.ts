/**
 * Public entry of the claims feature (missing-reward claims, docs/api-claims.md): the claim form
 * and the member's claims, composed by routes/account/claims-route.tsx.
 */
export { ClaimForm } from './components/claim-form';
export { ClaimsList } from './components/claims-list';
