import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreDirectory } from '../stores/store-directory.js';
import type { QuoteDelivery } from './quote-delivery.entity.js';
import { DeliveriesRepository } from './repositories/deliveries.repository.js';

/** The job kind that sends the outbox's rows: its wake-up, after the transaction that wrote them commits. */
export const QUOTE_DELIVERY = 'quote-delivery';

/**
 * The outbox of quote e-mails: its rows are written in the transaction of a send-quote request or
 * a buyer's decision; the quote delivery job kind (DeliveriesService, in QuoteDeliveryModule)
 * sends them.
 */
@Injectable()
export class QuoteOutboxService {
  constructor(
    private readonly repository: DeliveriesRepository,
    private readonly stores: StoreDirectory,
  ) {}

  /** Writes one queued row per recipient, in the caller's transaction. */
  async createDeliveries(
    m: EntityManager,
    quoteId: number,
    recipients: string[],
    message: string | null,
    bcc: string[],
    options: { attachPdf?: boolean } = {},
  ): Promise<QuoteDelivery[]> {
    // Blind copies ride with the first message only: one copy per address and send, and none for
    // an address that is a recipient already.
    const taken = new Set(recipients.map((r) => r.toLowerCase()));
    const blindCopies = [...new Map(bcc.map((b) => [b.toLowerCase(), b.trim()])).entries()]
      .filter(([k]) => !taken.has(k))
      .map(([, b]) => b);
    return this.repository.insertDeliveries(
      m,
      recipients.map((recipient, i) => ({
        quote_id: quoteId,
        recipient,
        message,
        bcc: i === 0 ? blindCopies : [],
        attach_pdf: options.attachPdf ?? false,
      })),
    );
  }

  /**
   * The notices of a buyer's decision (docs/api.md, The buyer's page), in the decision's transaction: a confirmation
   * to each of the quote's recipients and a note to STORE_EMAIL (when set). They go out as
   * send-quote's deliveries do (outbox row → job → render → send).
   */
  async createNotices(
    m: EntityManager,
    quoteId: number,
    decision: 'accepted' | 'declined',
    recipients: string[],
  ): Promise<QuoteDelivery[]> {
    const rows = recipients.map((recipient) => ({
      quote_id: quoteId,
      recipient,
      message: null,
      bcc: [],
      attach_pdf: false,
      kind: `buyer-${decision}` as const,
    }));
    const storeEmail = this.stores.current().store_email;
    if (storeEmail) {
      rows.push({
        quote_id: quoteId,
        recipient: storeEmail,
        message: null,
        bcc: [],
        attach_pdf: false,
        kind: `store-${decision}` as never,
      });
    }
    return rows.length ? this.repository.insertDeliveries(m, rows) : [];
  }
}
