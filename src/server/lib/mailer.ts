import nodemailer, { type SentMessageInfo, type Transport, type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type MailMessage = {
  /** The partner the e-mail is sent for: its name is the sender's display name, its staging tools list it. */
  partner: { id: number; name: string };
  /** The member the message is for, if any (kept with the outbox copy). */
  memberId?: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/** What the outbox transport needs besides the standard message fields. */
type OutboxData = { to?: unknown; subject?: unknown; text?: unknown; html?: unknown; partnerId?: unknown; memberId?: unknown };

/**
 * The default transport: every message becomes a row of the outbox table, so recovery mails and
 * the like are real, inspectable messages on a machine with no mail server.
 */
export function outboxTransport(db: Db): Transport<SentMessageInfo> {
  return {
    name: 'outbox',
    version: '1',
    send(mail, callback) {
      const data = mail.data as OutboxData;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      if (typeof data.partnerId !== 'number') {
        callback(new Error('The outbox transport needs the partner of the message.'), { envelope: mail.message.getEnvelope(), messageId: '' });
        return;
      }
      db.insert(outbox).values({
        partnerId: data.partnerId,
        memberId: typeof data.memberId === 'number' ? data.memberId : null,
        toAddress: text(data.to),
        subject: text(data.subject),
        textBody: text(data.text),
        htmlBody: typeof data.html === 'string' ? data.html : null,
      }).returning({ id: outbox.id })
        .then(([row]) => callback(null, { envelope: mail.message.getEnvelope(), messageId: `outbox-${row?.id ?? 0}` }))
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), { envelope: mail.message.getEnvelope(), messageId: '' }));
    },
  };
}

/** The mail settings of AppConfig (config.ts), named here so lib/ does not import the app's config. */
export type MailSettings = { smtpUrl: string | undefined; mailFrom: string };

/**
 * nodemailer with the outbox transport, or SMTP when SMTP_URL is set. Nothing here logs: message
 * bodies carry single-use links and must never reach a log line.
 */
export function createMailer(opts: { db: Db; config: MailSettings }): Mailer {
  const { db, config } = opts;
  const transporter: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport(outboxTransport(db));
  return {
    send: async (message) => {
      await transporter.sendMail({
        from: { name: message.partner.name, address: config.mailFrom },
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        // Read by the outbox transport only; SMTP ignores unknown fields.
        partnerId: message.partner.id,
        memberId: message.memberId,
      } as Parameters<Transporter['sendMail']>[0]);
    },
    close: () => transporter.close(),
  };
}

/** Escapes text for the HTML part of an e-mail. */
export { escapeHtml } from './html';
