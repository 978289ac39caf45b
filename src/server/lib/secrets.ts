import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * A named server secret, generated once and kept in the database so that every app instance
 * signs and checks with the same key.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<Buffer> {
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created`);
  return Buffer.from(row.value, 'base64');
}
