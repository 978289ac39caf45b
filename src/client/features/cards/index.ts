/**
 * Linked cards (§2, §4, §5): the add-card form with the secure frame and invisible captcha, the
 * card list with deletion, the re-enrolment form and the calls behind them.
 */
export { useAddCards, useCards, useDeleteCard, CARDS_QUERY_KEY, type Card, type CardRegistration } from './api';
export { readRegistration, linkedMessage, failedCardLine } from './card-results';
export { canAddCards, MEMBER_LIMIT_NOTICE } from './card-selection';
export { ADD_CARD_FAILED, CARD_OR_PARTNER_REQUIRED, CARD_REQUIRED, LINKING_TEXT, OPT_IN_REQUIRED, TERMS_REQUIRED, VERIFYING_TEXT } from './messages';
export { AddCardForm } from './components/add-card-form';
export type { CardsLinked } from './hooks/use-add-card-form';
export { LinkedCards, DELETE_LAST_TITLE, DELETE_TITLE, SURVEY_LINK_TEXT, deleteFailedMessage, deletedMessage } from './components/linked-cards';
export { ReEnrolmentCardForm } from './components/re-enrolment-card-form';
