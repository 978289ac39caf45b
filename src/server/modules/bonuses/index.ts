/**
 * Public entry of the bonuses module for other server modules: bonus programmes: the active
 * bonuses of a member, auto-enrolment and the award rows the engine writes. Other modules import
 * from here, never from the module's files (eslint.config.js).
 */
export { activeProgrammes, enrolmentsOf, insertAwards, liveAwardsOf, revokeAwards, saveEnrolments, type ProgrammeRow } from './bonuses.repo';
export { activeBonuses, addToYearRewards, autoEnrolNewMember } from './bonuses.service';
