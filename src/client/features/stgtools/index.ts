/** §2 staging tools (never in production): the current member's state, demo members with 'Sign in as', the outbox. */
export { CurrentMember } from './components/current-member';
export { DemoMembers } from './components/demo-members';
export { Outbox } from './components/outbox';
export { default as stgtoolsStyles } from './components/stgtools.module.css';
