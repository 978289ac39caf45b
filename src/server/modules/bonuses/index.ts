/**
 * Public entry of the bonuses module for other server modules: bonus programmes: the active
 * bonuses of a member, auto-enrolment and the award rows the engine writes. Other modules import
 * from here, never from the module's files (eslint.config.js).
 */
export { activeProgrammes, ENROLMENT_COLUMNS, enrolmentOf, enrolmentsOf, insertAwards, liveAwardsOf, revokeAwards, saveEnrolments, type Enrolment, type ProgrammeRow, type RawEnrolment } from './bonuses.repo';
export { addToYearRewards, autoEnrolNewMember, bonusesOf, keepProgrammes, type KeptProgrammes } from './bonuses.service';
