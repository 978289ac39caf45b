import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createMailer, type MailSettings, type Mailer } from './mailer';

export type PluginMailer = {
  mailer: Mailer;
  /**
   * Sends after the answer may have gone out (its timing tells nothing): a failure is logged by
   * the error's name and code only, never its message (a database error quotes the query's
   * parameters, i.e. the mail with its live link). Closing the app waits for what is still going.
   */
  inBackground: (log: FastifyBaseLogger, what: string, work: () => Promise<unknown>) => void;
};

/**
 * The mailer of a routes plugin: the app's when given (tests pass one), otherwise its own, closed
 * with the app. One practice for every plugin that sends mail (auth, recovery, cards, claims).
 */
export function pluginMailer(app: FastifyInstance, opts: { db: Db; config: MailSettings; mailer?: Mailer | undefined }): PluginMailer {
  const mailer = opts.mailer ?? createMailer({ db: opts.db, config: opts.config });
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    if (!opts.mailer) mailer.close();
  });
  const inBackground: PluginMailer['inBackground'] = (log, what, work) => {
    const job = work()
      .catch((err: unknown) => {
        const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
        log.error({ name: e?.name, code: e?.code ?? e?.cause?.code }, `${what} could not be sent`);
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  return { mailer, inBackground };
}
