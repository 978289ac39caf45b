import { hash, verify } from '@node-rs/argon2';
import { cutPassword } from '#shared/rules/password';

/** argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** §5: only the first 56 characters count, at sign-up, update and sign-in alike. */
export function hashPassword(password: string): Promise<string> {
  return hash(cutPassword(password), OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, cutPassword(password));
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-1');
  return dummy;
}
