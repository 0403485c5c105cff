import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { timestamp } from '../../common/format/format.js';
import { formatMoney } from '../../common/money/money.js';
import { Product } from '../catalog/product.entity.js';
import { MailTransport } from '../mail/mail-transport.js';
import { TemplateRenderer } from '../mail/template-renderer.js';
import { QuoteDelivery } from './quote-delivery.entity.js';
import { QuoteItem } from './quote-item.entity.js';
import { Quote } from './quote.entity.js';
import { DELIVERY_MAX_ATTEMPTS, backoffMs } from './send-quote.queue.js';

export type DeliveryOutcome = 'sent' | 'skipped' | 'retry' | 'failed';

/**
 * The outbox of quote e-mails. Rows are written with the send-quote request; `deliver` is the one
 * handler both the Bull worker and the in-process outbox run: it claims the row, renders, sends,
 * and records the result. A row already sent (or held by a live worker) is skipped, so a job
 * delivered twice sends once.
 */
@Injectable()
export class DeliveriesService {
  private readonly logger = new Logger('Deliveries');

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: MailTransport,
    private readonly templates: TemplateRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes one queued row per recipient, in the caller's transaction. */
  async createDeliveries(
    m: EntityManager,
    quoteId: number,
    recipients: string[],
    message: string | null,
    bcc: string[],
  ): Promise<QuoteDelivery[]> {
    // Blind copies ride with the first message only: one copy per address and send, and none for
    // an address that is a recipient already.
    const taken = new Set(recipients.map((r) => r.toLowerCase()));
    const blindCopies = [...new Map(bcc.map((b) => [b.toLowerCase(), b.trim()])).entries()]
      .filter(([k]) => !taken.has(k))
      .map(([, b]) => b);
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(QuoteDelivery)
      .values(recipients.map((recipient, i) => ({ quote_id: quoteId, recipient, message, bcc: i === 0 ? blindCopies : [] })))
      .returning('*')
      .execute();
    return (result.raw as QuoteDelivery[]).map((r) => m.create(QuoteDelivery, r));
  }

  async deliver(id: number): Promise<DeliveryOutcome> {
    // An UPDATE … RETURNING answers [rows, rowCount] through TypeORM.
    const [claimed] = (await this.dataSource.query(
      `UPDATE quote_deliveries
          SET status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
        WHERE id = $1
          AND (status = 'queued' OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $2)))
        RETURNING *`,
      [id, this.config.deliveryLeaseSeconds],
    )) as [QuoteDelivery[], number];
    const row = claimed[0];
    if (!row) return 'skipped';
    try {
      const mail = await this.render(row);
      const messageId = await this.transport.send({
        to: row.recipient,
        bcc: row.bcc ?? [],
        ...mail,
        messageId: `<quote-${row.quote_id}-delivery-${row.id}@${new URL(this.config.storeUrl).hostname}>`,
      });
      await this.dataSource.transaction(async (m) => {
        await m.query(
          `UPDATE quote_deliveries SET status = 'sent', sent_at = now(), message_id = $2, last_error = NULL, claimed_at = NULL, updated_at = now()
            WHERE id = $1`,
          [row.id, messageId],
        );
        // GREATEST: deliveries of one quote commit in any order; now() is each one's start time.
        await m.query('UPDATE quotes SET last_sent_at = GREATEST(last_sent_at, now()) WHERE id = $1', [row.quote_id]);
      });
      return 'sent';
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const final = row.attempts >= DELIVERY_MAX_ATTEMPTS;
      // One use per parameter: `$2` as both the column value and a CASE operand made PostgreSQL
      // refuse the statement (inconsistent types deduced), which left every failed row `sending`.
      // A null wait makes next_attempt_at null.
      await this.dataSource.query(
        `UPDATE quote_deliveries
            SET status = $2, last_error = $3, claimed_at = NULL, updated_at = now(),
                next_attempt_at = now() + make_interval(secs => $4)
          WHERE id = $1`,
        [
          row.id,
          final ? 'failed' : 'queued',
          reason.slice(0, 2000),
          final ? null : backoffMs(row.attempts, this.config.deliveryBackoffMs) / 1000,
        ],
      );
      this.logger.warn(`Delivery ${row.id} to ${row.recipient} attempt ${row.attempts} failed${final ? ' for good' : ''}: ${reason}`);
      return final ? 'failed' : 'retry';
    }
  }

  /** Deliveries due now: queued ones whose backoff has passed, and claims whose worker died. */
  async due(limit: number, olderThanSeconds = 0): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM quote_deliveries
        WHERE (status = 'queued' AND COALESCE(next_attempt_at, created_at) <= now() - make_interval(secs => $2))
           OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $3))
        ORDER BY id LIMIT $1`,
      [limit, olderThanSeconds, this.config.deliveryLeaseSeconds],
    );
    return rows.map((r) => r.id);
  }

  /** The template's view of a quote: what the e-mail shows. */
  private async render(delivery: QuoteDelivery) {
    const m = this.dataSource.manager;
    const quote = await m.getRepository(Quote).findOneByOrFail({ id: delivery.quote_id });
    const items = await m.getRepository(QuoteItem).find({ where: { quote_id: quote.id }, order: { position: 'ASC', id: 'ASC' } });
    const products = new Map(
      (
        await m
          .getRepository(Product)
          .find({ where: { id: In(items.map((i) => i.product_id)) }, select: { id: true, name: true, sku: true } })
      ).map((p) => [p.id, p]),
    );
    return this.templates.render('shop:send-quote', {
      message: delivery.message,
      quote: {
        name: quote.name,
        number: quote.number,
        cart_link: `${this.config.storeUrl}/cart/${quote.cart_link_id}`,
        expires_at: timestamp(quote.expires_at),
        subtotal: formatMoney(quote.subtotal),
        total_discount: formatMoney(quote.total_discount),
        total_tax: formatMoney(quote.total_tax),
        total: formatMoney(quote.total),
      },
      items: items.map((i) => ({
        name: products.get(i.product_id)?.name ?? `Product ${i.product_id}`,
        sku: products.get(i.product_id)?.sku ?? null,
        quantity: i.quantity,
        price: formatMoney(i.price),
        subtotal: formatMoney(i.subtotal),
        // Only a discounted line shows its discount, so an undiscounted line reads "qty x price = total".
        discount: Number(i.discount) > 0 ? formatMoney(i.discount) : null,
        total: formatMoney(i.total),
      })),
    });
  }
}
