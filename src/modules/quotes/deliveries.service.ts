import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { TransactionRunner } from '../../database/transaction.js';
import { QuotePdfs } from '../quote-documents/quote-pdf.renderer.js';
import { BuyerQuotesService } from './buyer-quotes.service.js';
import { type MailAttachment, MailTransport } from '../mail/mail-transport.service.js';
import { isPermanentRefusal } from '../mail/domain/smtp-refusal.js';
import { type RenderedMail, TemplateRenderer } from '../quote-documents/mail-template.renderer.js';
import type { DeliveryKind, QuoteDelivery } from './quote-delivery.entity.js';
import { type ClaimedDelivery, DeliveriesRepository } from './repositories/deliveries.repository.js';
import { DELIVERY_MAX_ATTEMPTS, deliveryBackoffMs } from './send-quote.queue.js';
import { deliveryOutcomes } from '../../common/metrics/metrics.js';
import { Semaphore } from '../../common/concurrency/semaphore.js';
import { SentRecorder } from './sent.recorder.js';
import { type ClaimTicket, ClaimKeeper, newClaim } from '../../common/jobs/claim-keeper.js';
import type { JobHandler } from '../../common/jobs/job.engine.js';
import { presentDelivery } from './quotes.presenter.js';
import { mailContext } from '../quote-documents/quote-mail.context.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.service.js';

/** A rendered message, with the files it carries. */
type Mail = RenderedMail & { attachments?: MailAttachment[] };

/** `superseded`: another holder took the delivery over while this one worked on it; its outcome is not recorded here. */
export type DeliveryOutcome = 'sent' | 'skipped' | 'retry' | 'failed' | 'superseded';

/** A delivery to try again after `waitMs` (its row says `queued` with that next_attempt_at). */
export interface DeliveryRetry {
  id: number;
  waitMs: number;
}

export interface DeliveryBatch {
  outcomes: Map<number, DeliveryOutcome>;
  /** Deliveries that failed for now, and early jobs' rows that are not due yet. */
  retries: DeliveryRetry[];
}

/**
 * The job kind of quote e-mails (the outbox rows QuoteOutboxService writes with a send-quote request
 * or a buyer's decision). `deliverBatch` is the one handler every wake-up runs: the worker's Bull
 * consumer with a job's ids, and, without Redis, the api's own engine loop (`pass`) with the rows
 * due. It claims the rows, renders, sends, and records the results. A row already sent (or held by
 * a live worker) is skipped, so a job delivered twice sends once.
 */
@Injectable()
export class DeliveriesService implements JobHandler {
  private readonly logger = new Logger('Deliveries');
  /**
   * A recorder per store with messages being recorded: a store's accepted messages are recorded
   * together, as its work (their events go to its webhooks only). An idle one is dropped, so the
   * map holds the stores sending now, not every store that ever sent.
   */
  private readonly sent = new Map<number, SentRecorder>();
  private readonly sending: Semaphore;

  constructor(
    private readonly repository: DeliveriesRepository,
    private readonly tx: TransactionRunner,
    private readonly transport: MailTransport,
    private readonly templates: TemplateRenderer,
    private readonly buyerQuotes: BuyerQuotesService,
    private readonly events: EventRecorder,
    private readonly pdfs: QuotePdfs,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A few messages per SMTP connection in hand at once: enough to keep every connection busy,
    // few enough that a large batch does not build its whole mail in memory at once.
    this.sending = new Semaphore(config.smtpPoolSize * 4);
  }

  /**
   * Without Redis the api is its own worker: a pass delivers the DELIVERY_BATCH_SIZE oldest due
   * deliveries (woken right after a send, then every second for retries). Answers how many it took.
   */
  async pass(): Promise<number> {
    const ids = await this.due(this.config.deliveryBatchSize);
    if (ids.length === 0) return 0;
    const { outcomes } = await this.deliverBatch(ids);
    return [...outcomes.values()].filter((o) => o !== 'skipped').length;
  }

  /** One delivery (a batch of one): what became of it. */
  async deliver(id: number): Promise<DeliveryOutcome> {
    const batch = await this.deliverBatch([id]);
    return batch.outcomes.get(id) ?? 'skipped';
  }

  /**
   * Delivers the free deliveries among `ids`: one UPDATE claims them all, each quote's e-mail is
   * rendered once, the messages go out together through the transport's pool, and accepted ones
   * are recorded as they are accepted (many to a statement when they come together). While the
   * batch is in hand its claims are renewed (ClaimKeeper), so only a worker that died loses them
   * to another; an outcome is recorded only under the batch's claim token, so a worker that lost
   * its claims (paused past its lease) records none of them. A row not free (sent, held by a live
   * worker, not due yet) is `skipped`.
   */
  async deliverBatch(ids: number[]): Promise<DeliveryBatch> {
    const outcomes = new Map<number, DeliveryOutcome>(ids.map((id) => [id, 'skipped']));
    const retries: DeliveryRetry[] = [];
    const m = this.tx.direct;
    const lease = this.config.deliveryLeaseSeconds;
    const ticket = newClaim();
    const claimed = await this.repository.claim(m, ids, lease, ticket);
    if (claimed.length < ids.length) {
      // A retry job that came a little early: its rows wait for their time again.
      for (const r of await this.repository.notYetDue(m, ids)) retries.push({ id: r.id, waitMs: r.wait_ms });
    }
    if (claimed.length === 0) return { outcomes, retries };
    const keeper = new ClaimKeeper(
      ticket,
      claimed.map((r) => r.id),
      lease,
      (held, token) => this.repository.renewClaims(m, held, token, lease),
      this.logger,
      'delivery',
    );
    const mails = new Map<string, Promise<Mail>>();
    try {
      await Promise.all(
        claimed.map(async (row) => {
          // Rendered, sent and recorded as its store's work: its face, its rows.
          const outcome = await this.stores.runAs(row.store_id, () => this.sendOne(row, ticket, keeper, mails));
          deliveryOutcomes.inc({ outcome: outcome.status });
          outcomes.set(row.id, outcome.status);
          if (outcome.status === 'retry') retries.push({ id: row.id, waitMs: outcome.waitMs });
        }),
      );
    } finally {
      keeper.stop();
    }
    return { outcomes, retries };
  }

  private sentOf(storeId: number): SentRecorder {
    let recorder = this.sent.get(storeId);
    if (!recorder) {
      recorder = new SentRecorder(
        (ids, messageIds, tokens) => this.stores.runAs(storeId, () => this.markSent(ids, messageIds, tokens)),
        () => this.sent.delete(storeId),
      );
      this.sent.set(storeId, recorder);
    }
    return recorder;
  }

  /** An outcome the fence refused: the delivery was taken over, and its new holder records it. */
  private superseded(row: ClaimedDelivery, ticket: ClaimTicket, what: string): { status: 'superseded' } {
    this.logger.warn(
      `Delivery ${row.id} to ${row.recipient}: ${what} not recorded, its claim (${ticket.holder}) was taken over by another holder`,
    );
    return { status: 'superseded' };
  }

  /** Sends one claimed delivery and records the result. */
  private async sendOne(
    row: ClaimedDelivery,
    ticket: ClaimTicket,
    keeper: ClaimKeeper<number>,
    mails: Map<string, Promise<Mail>>,
  ): Promise<{ status: 'sent' | 'failed' | 'superseded' } | { status: 'retry'; waitMs: number }> {
    let messageId: string;
    try {
      // A send's deliveries share quote and message: one rendering for all of them.
      const key = `${row.quote_id}\u0000${row.kind}\u0000${row.attach_pdf ? 1 : 0}\u0000${row.message ?? ''}`;
      let mail = mails.get(key);
      if (!mail) mails.set(key, (mail = this.render(row.quote_id, row.message, row.attach_pdf, row.kind ?? 'quote')));
      const rendered = await mail;
      await this.sending.acquire();
      try {
        messageId = await this.transport.send({
          to: row.recipient,
          bcc: row.bcc ?? [],
          ...rendered,
          messageId: `<quote-${row.quote_id}-delivery-${row.id}@${new URL(this.stores.current().store_url).hostname}>`,
        });
      } finally {
        this.sending.release();
      }
    } catch (err) {
      // nodemailer's message carries the server's reply ("Message failed: 550 5.1.1 …").
      const reason = err instanceof Error ? err.message : String(err);
      // A permanent refusal (5xx to RCPT TO or DATA) would only be refused again: no retry.
      const permanent = isPermanentRefusal(err);
      const final = permanent || row.attempts >= DELIVERY_MAX_ATTEMPTS;
      const waitMs = deliveryBackoffMs(row.attempts, this.config.deliveryBackoffMs);
      // The claim is renewed until its outcome is written (a slow write must not let another
      // worker take it over and send again), then released.
      keeper.settling(row.id);
      let recorded: boolean;
      try {
        recorded = await this.markFailed(row.id, ticket.token, final, reason.slice(0, 2000), final ? null : waitMs / 1000);
      } finally {
        keeper.release(row.id);
      }
      if (!recorded) return this.superseded(row, ticket, `attempt ${row.attempts} failed (${reason}) but was`);
      const end = permanent ? ' for good (permanent refusal)' : final ? ' for good' : '';
      this.logger.warn(`Delivery ${row.id} to ${row.recipient} attempt ${row.attempts} failed${end}: ${reason}`);
      return final ? { status: 'failed' } : { status: 'retry', waitMs };
    }
    // Accepted: from here on a failure to record it leaves the row `sending`, and it is sent again
    // once its lease runs out (at least once, never lost). Until the record is written the claim
    // is renewed: a record waiting behind a slow one must not let a second worker send it again.
    keeper.settling(row.id);
    let recorded: boolean;
    try {
      recorded = await this.sentOf(row.store_id).record(row.id, messageId, ticket.token);
    } finally {
      keeper.release(row.id);
    }
    if (!recorded) return this.superseded(row, ticket, 'accepted message');
    return { status: 'sent' };
  }

  /**
   * A batch of accepted messages marked `sent`, with a `quote.delivery.sent` per delivery, in one
   * transaction: the status update (one statement for the batch, fenced by each claim's token) and
   * the events of the deliveries it recorded (one more). Answers the ids recorded.
   */
  private markSent(ids: number[], messageIds: string[], tokens: string[]): Promise<Set<number>> {
    return this.tx.run(async (m) => {
      const rows = await this.repository.markSent(m, ids, messageIds, tokens);
      if (rows.length)
        await this.events.record(
          m,
          rows.map((r) => deliveryEvent('sent', r)),
        );
      return new Set(rows.map((r) => r.id));
    });
  }

  /**
   * A failed attempt: `queued` again (one statement, no event: the delivery is still on its way) or
   * `failed` for good with its `quote.delivery.failed`, in one transaction. Answers false when the
   * claim `token` no longer holds the delivery (nothing written).
   */
  private async markFailed(id: number, token: string, final: boolean, reason: string, waitSeconds: number | null): Promise<boolean> {
    if (!final) return (await this.repository.markFailed(this.tx.direct, id, token, 'queued', reason, waitSeconds)) !== null;
    return this.tx.run(async (m) => {
      const row = await this.repository.markFailed(m, id, token, 'failed', reason, waitSeconds);
      if (row) await this.events.record(m, deliveryEvent('failed', row));
      return row !== null;
    });
  }

  /** Deliveries due now: queued ones whose backoff has passed, and claims whose worker died. */
  due(limit: number, olderThanSeconds = 0): Promise<number[]> {
    return this.repository.due(this.tx.direct, limit, olderThanSeconds);
  }

  /** Claims whose holder died (its lease ended), with the end of that lease (epoch ms). */
  async expiredClaims(limit: number): Promise<{ id: number; leaseEndedMs: number }[]> {
    const rows = await this.repository.expiredClaims(this.tx.direct, limit);
    return rows.map((r) => ({ id: r.id, leaseEndedMs: Number(r.lease_ended_ms) }));
  }

  /**
   * The message of a delivery, from the one BuyerQuote the cart page shows (one statement), with
   * the quote's PDF (drawn from the same BuyerQuote) when the send asked for it.
   */
  private async render(quoteId: number, message: string | null, attachPdf: boolean, kind: DeliveryKind): Promise<Mail> {
    const quote = await this.buyerQuotes.byId(quoteId);
    if (!quote) throw new Error(`quote ${quoteId} no longer exists`);
    const decision = kind === 'quote' ? null : kind.endsWith('accepted') ? 'accepted' : 'declined';
    const template = kind === 'quote' ? 'shop:send-quote' : kind.startsWith('store-') ? 'shop:store-decision' : 'shop:quote-decision';
    const rendered = this.templates.render(
      template,
      mailContext(quote, {
        message,
        decision,
        cartLink: `${this.stores.current().store_url}/cart/${quote.cartLinkId}`,
        toStore: kind.startsWith('store-'),
      }),
    );
    if (!attachPdf) return rendered;
    const pdf = await this.pdfs.render(quote);
    return { ...rendered, attachments: [{ filename: `quote-${quote.number}.pdf`, contentType: 'application/pdf', content: pdf }] };
  }
}

/** `quote.delivery.<outcome>`; `data` is the delivery as GET /quote/{id}/deliveries lists it. */
function deliveryEvent(outcome: 'sent' | 'failed', row: QuoteDelivery): ChangeEvent {
  return { type: `quote.delivery.${outcome}`, resource: 'quote.delivery', resource_id: row.id, data: presentDelivery(row) };
}
