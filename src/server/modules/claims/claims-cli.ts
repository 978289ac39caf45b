import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { partners, type PartnerRow } from '../../db/schema';
import { createMailer } from '../../lib/mailer';
import { notify } from './claims.routes';
import { resolveClaim, reviewClaims } from './claims.service';
import { claimWithNames } from './claims.repo';

/**
 * The operator command of the claims review queue (docs/api-claims.md "The review queue"), for any
 * environment, production included: it works on the database directly, as the app's own
 * functions do (the same rules, the same e-mail), with the app's configuration (DATABASE_URL,
 * SMTP_URL, SITE_ORIGIN…). On the embedded database, stop the server first (one process owns it).
 *
 *   node --import tsx src/server/modules/claims/claims-cli.ts list [--partner <code>]
 *   node --import tsx src/server/modules/claims/claims-cli.ts award <claim id> [--note "<text for the member>"]
 *   node --import tsx src/server/modules/claims/claims-cli.ts reject <claim id> --note "<the reason, for the member>"
 */
const USAGE = 'Usage: claims-cli.ts list [--partner <code>] | award <claim id> [--note "<text>"] | reject <claim id> --note "<reason>"';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]) {
  const [command, idText] = args;
  if (command !== 'list' && command !== 'award' && command !== 'reject') throw new Error(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const db = database.db;
  try {
    const all = await db.select().from(partners);
    const byId = new Map<number, PartnerRow>(all.map((p) => [p.id, p]));
    if (command === 'list') {
      const code = option(args, '--partner');
      const partner = code ? all.find((p) => p.code.toLowerCase() === code.toLowerCase()) : undefined;
      if (code && !partner) throw new Error(`There is no partner ${code}.`);
      const claims = await reviewClaims(db, { partners: byId, partnerIds: partner ? [partner.id] : undefined, limit: 500 });
      if (claims.length === 0) console.log('No claims in review.');
      for (const c of claims) {
        console.log([
          `#${c.id}`, c.memberPublicId, c.memberEmail, c.merchantName, c.dineDate, `$${c.amount.toFixed(2)}`,
          `${c.card.cardType} ${c.card.lastFour}`, `score ${c.matchScore ?? '-'}`, c.finding ?? '', `award: ${c.proposedReward}`, c.reviewNote ?? '',
        ].filter(Boolean).join(' | '));
      }
      return;
    }
    const id = Number(idText);
    if (!Number.isInteger(id) || id <= 0) throw new Error(USAGE);
    const row = await claimWithNames(db, id);
    if (!row) throw new Error(`There is no claim ${id}.`);
    const [partner] = await db.select().from(partners).where(eq(partners.id, row.claim.partnerId));
    const note = option(args, '--note');
    if (command === 'reject' && !note?.trim()) throw new Error('Give the member the reason: --note "<reason>".');
    await resolveClaim(db, { partner: partner!, claimId: id, resolution: command, note });
    const mailer = createMailer({ db, config });
    await notify({ db, mailer, config, partner: partner!, claimId: id, log: { error: (o, m) => console.error(m, o) } });
    mailer.close();
    console.log(`Claim ${id} ${command === 'award' ? 'awarded' : 'rejected'}; the member was e-mailed.`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
