/**
 * One interruption at a time (issue 25 item 4): the queue every modal, banner and prompt that
 * opens by itself goes through (rules in src/shared/rules/interruptions.ts).
 */
export { InterruptionQueue, useInterruption } from './queue';
