import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { cardNetworkInbox } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { insertInboxEvents } from './card-network.repo';

/**
 * A crash (kill -9, `npm run test:faults`) can leave events received but not applied. The
 * restarted instance applies them as soon as it is ready, not when the next event arrives or the
 * dead process's lease on the `card-network-apply` job runs out (two minutes).
 */
let database: Database | undefined;
let close: (() => Promise<void>) | undefined;

afterAll(async () => {
  await close?.();
  await database?.close();
});

it('applies what the inbox holds when the instance starts', async () => {
  database = await createTestDatabase();
  await insertInboxEvents(database.db, [{
    id: 'left-by-a-crash-1', type: 'auth', transactionId: 'crash-txn-1', cardToken: 'ntk_no_such_card', amountCents: 4200, currency: 'USD',
    merchantLocationId: 'loc-none', localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false,
  }]);
  const config = loadConfig({ NODE_ENV: 'test' }, { clientDir: path.resolve('src/server/test/fixtures/client') });
  const app = await buildApp({ config, db: database.db });
  close = () => app.close();
  await app.ready();
  await app.cardNetwork.applier.idle();
  const [row] = await database.db.select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, 'left-by-a-crash-1'));
  expect(row?.processedAt).not.toBeNull();
  expect(row?.outcome).toBe('unknownCard');
}, 60_000);
