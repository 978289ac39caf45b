/**
 * Public entry of the cards feature for other features: the card calls and results, and the
 * re-enrolment form (loaded lazily by the account's re-enrolment page). The add-card form and the
 * card list are imported by routes/ from their files.
 */
export { useAddCards, useCards, useDeleteCard, CARDS_QUERY_KEY, type Card, type CardRegistration } from './api';
export { readRegistration, linkedMessage, failedCardLine } from './card-results';
export { canAddCards, MEMBER_LIMIT_NOTICE } from './card-selection';
export { ReEnrolmentCardForm } from './components/re-enrolment-card-form';
