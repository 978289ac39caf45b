import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, runMigrations } from '../db/client';
import { staff } from '../db/schema';
import { DEMO_STAFF } from '../demo/staff';
import { createStaff, resetStaff, staffSealingKey } from './staff';
import { totpCode } from './totp';

/**
 * The console's command line (issue 27, docs/features/console.md), for any environment with the
 * app's configuration (DATABASE_URL, OPS_HOST, OPS_SECRET_KEY…). On the embedded database, stop
 * the server first (one process owns it).
 *
 *   npm run ops -- create-admin --email <e-mail> [--name "<name>"]   prints a one-time setup link
 *   npm run ops -- reset --email <e-mail>                            a new setup link (lost phone or password)
 *   npm run ops -- code --email <demo staff e-mail>                  the demo staff's current code (outside production)
 */
const USAGE = 'Usage: npm run ops -- create-admin --email <e-mail> [--name "<name>"] | reset --email <e-mail> | code --email <demo staff e-mail>';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]) {
  const [command] = args;
  const email = option(args, '--email')?.trim().toLowerCase();
  if (!email || !['create-admin', 'reset', 'code'].includes(command ?? '')) throw new Error(USAGE);
  const config = loadConfig();
  if (command === 'code') {
    const demo = DEMO_STAFF.find((s) => s.email === email);
    if (config.env === 'production' || !demo) throw new Error('Codes are shown for the demo staff only, outside production (docs/demo-staff.md).');
    console.log(totpCode(demo.totpSecret));
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const key = await staffSealingKey(database.db, config.opsSecretKey);
    if (command === 'create-admin') {
      const { setupLink } = await createStaff(database.db, key, { email, name: option(args, '--name') ?? email, role: 'administrator', allPartners: true, partnerIds: [], origin: config.opsOrigin });
      console.log(`Administrator ${email} created. Open this link within 72 hours to set the password and the second factor (it works once):\n${setupLink}`);
      return;
    }
    const [row] = await database.db.select().from(staff).where(eq(staff.email, email));
    if (!row) throw new Error(`There is no console account ${email}.`);
    console.log(`${email} must set up again (password and second factor). Link, 72 hours, once:\n${await resetStaff(database.db, key, { staffId: row.id, origin: config.opsOrigin })}`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
