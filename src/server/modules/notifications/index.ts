/**
 * Public entry of the notifications module for other server modules: reward notifications to
 * deliver, card moves to record, and the scheduled job that sends them. Other modules import from
 * here, never from the module's files (eslint.config.js).
 */
export { deliverPending, recordCardMoved, recordRedemptionMail } from './notifications.service';
export { notificationJobs, type NotificationJobConfig } from './jobs';
