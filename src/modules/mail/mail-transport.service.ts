import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { isEmailAddress } from '../../common/validation/email.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  to: string;
  bcc: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Stable per delivery, so a message that is retried keeps its identity. */
  messageId: string;
}

/**
 * The From of every message: MAIL_FROM as written when it names its sender (`Name <address>`),
 * otherwise its address (or MAIL_FROM's default one) under the store's name (STORE_NAME).
 */
export function mailSender(mailFrom: string | null, storeName: string): string | { name: string; address: string } {
  const value = mailFrom ?? 'no-reply@localhost';
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(value);
  if (named && named[1] !== '') return value;
  return { name: storeName, address: named ? named[2].trim() : value.trim() };
}

/** A recipient the store will not write to, as an SMTP server's permanent refusal of RCPT TO (isPermanentRefusal). */
function refusedRecipient(address: string): Error {
  const response = `553 5.1.3 ${JSON.stringify(address)} is not an e-mail address the store writes to`;
  return Object.assign(new Error(response), { responseCode: 553, command: 'RCPT TO', response });
}

/**
 * Sends through SMTP when SMTP_URL is set (a pool of SMTP_POOL_SIZE connections kept open), otherwise writes each message as
 * an `.eml` file in DATA_DIR/outbox, the development mailbox.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly transporter: Transporter;
  private readonly outboxDir: string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly stores: StoreDirectory,
  ) {
    if (config.smtpUrl) {
      // Timeouts well under the delivery lease: a server that hangs fails the attempt (and it is
      // retried) instead of holding a worker for nodemailer's default ten minutes.
      // One options object: a second argument to createTransport is the messages' defaults, where
      // pool and timeouts were once ignored (every message opened its own connection).
      this.transporter = nodemailer.createTransport({
        url: config.smtpUrl,
        pool: true,
        maxConnections: config.smtpPoolSize,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      this.outboxDir = null;
    } else {
      this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = join(config.dataDir, 'outbox');
    }
  }

  async send(message: OutgoingMessage): Promise<string> {
    // Every recipient passes the one address check before anything goes out: an address stored before
    // the check was this strict is refused here, as a server would refuse it (permanently), never
    // rewritten by the mailer into another address or another header.
    const bad = [message.to, ...message.bcc].find((address) => !isEmailAddress(address));
    if (bad !== undefined) throw refusedRecipient(bad);
    const store = this.stores.current();
    const info = (await this.transporter.sendMail({
      // The sender of the store the mail is for.
      from: mailSender(store.mail_from, store.name),
      to: message.to,
      bcc: message.bcc.length ? message.bcc : undefined,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments,
      messageId: message.messageId,
    })) as { messageId: string; message?: Buffer; rejected?: unknown[]; rejectedErrors?: Error[] };
    // With blind copies a refused recipient does not fail the send (the copies went out): the
    // delivery is still not delivered, and fails with the server's answer for its recipient.
    const to = message.to.toLowerCase();
    if (info.rejected?.some((r) => typeof r === 'string' && r.toLowerCase() === to)) {
      const refusal = info.rejectedErrors?.find((e) => String((e as { recipient?: string }).recipient).toLowerCase() === to);
      throw refusal ?? new Error(`Recipient ${message.to} was refused`);
    }
    if (this.outboxDir && info.message) {
      mkdirSync(this.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.messageId.replace(/[^\w.-]/g, '')}.eml`;
      writeFileSync(join(this.outboxDir, name), info.message);
    }
    return info.messageId;
  }

  onModuleDestroy(): void {
    this.transporter.close();
  }
}
