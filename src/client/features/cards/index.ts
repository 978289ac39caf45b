/**
 * Public entry of the cards feature for other features: the card calls and results, and the
 * re-enrolment form (loaded lazily by the account's re-enrolment page). The add-card form and the
 * card list are imported by routes/ from their files.
 */
export { useCards } from './api';
export { ReEnrolmentCardForm } from './components/re-enrolment-card-form';
