import { createHash } from 'node:crypto';

/** What is stored of a secret token (a session, a sign-in link, a one-time grant): its SHA-256, in hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
