import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type EmbedSelection, parseEmbed } from '../../common/embed/embed.js';
import { timestamp as timestampOf } from '../../common/format/format.js';
import { ApiError, FieldErrorBag } from '../../common/http/api-error.js';
import { assertIfMatch, assertIfMatchLazy } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, paginationOf } from '../../common/paging/page-sql.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { Page } from '../../common/http/envelope.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ProductsService } from '../catalog/products.service.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { CustomerGroupsService } from '../customers/customer-groups.service.js';
import { CUSTOMER_EMBEDS, CustomersService } from '../customers/customers.service.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';
import { quoteRecipients } from './domain/recipients.js';
import type { QuoteCreate, QuoteItemInput, QuoteListQuery, QuotePatch } from './dto/quote.input.js';
import type { SendQuoteInput } from './dto/send-quote.input.js';
import { QuoteCustomerGroup } from './quote-customer-group.entity.js';
import { QuoteDelivery } from './quote-delivery.entity.js';
import { QuoteItem } from './quote-item.entity.js';
import { type PricedQuote, type PricingCustomer, QuotePricer } from './quote-pricer.js';
import { Quote } from './quote.entity.js';
import { type QuoteFilter, type QuoteSet, QuotesRepository } from './quotes.repository.js';
import { presentCustomerRecord, presentGroup } from '../customers/customers.presenter.js';
import { type QuoteJson, effectiveStatus, presentQuote } from './quotes.presenter.js';

const EMBEDS = { customer: CUSTOMER_EMBEDS };
const SORT = {
  ...sortableColumns('id', 'customer_id', 'name', 'created_at', 'updated_at'),
  x_billing_plan_id: 'billing_plan_id',
};
const DELIVERY_SORT = sortableColumns('id', 'created_at');
const quoteKey = (lock = false) => ({ alt: 'number', caseInsensitive: true, label: 'Quote', lock });

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomCartLinkId = () => Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

@Injectable()
export class QuotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly pricer: QuotePricer,
    private readonly repository: QuotesRepository,
    private readonly products: ProductsService,
    private readonly customers: CustomersService,
    private readonly groups: CustomerGroupsService,
    private readonly deliveries: DeliveriesService,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: QuoteListQuery) {
    const embed = parseEmbed(query.embed, EMBEDS);
    const req = pageRequest(query as ListQuery, SORT);
    const filter: QuoteFilter = { customer_id: query.customer_id, type: query.type, status: query.status };
    // Timestamps are shown to the second, so the bounds take whole seconds: a quote shown as updated
    // at 10:00:00 (stored 10:00:00.6) is inside updated_at_max=10:00:00.
    if (query.updated_at_min) filter.updated_min = wholeSecond(query.updated_at_min);
    if (query.updated_at_max) filter.updated_before = new Date(wholeSecond(query.updated_at_max).getTime() + 1000);
    const set = await this.repository.page(this.dataSource.manager, filter, req, embed);
    return new Page(
      this.presentSet(set),
      paginationOf(
        req,
        set.total,
        set.quotes.map((q) => q.row),
      ),
    );
  }

  async get(key: string, query: ItemQuery): Promise<QuoteJson> {
    const embed = parseEmbed(query.embed, EMBEDS);
    const set = await this.repository.findOne(this.dataSource.manager, key, embed);
    if (!set) throw ApiError.notFound(`Quote ${key} was not found.`);
    return this.presentSet(set)[0];
  }

  create(input: QuoteCreate): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const bag = new FieldErrorBag();
      const customer = await this.checkCustomer(m, input.customer_id ?? null, bag);
      const fields = await this.checkFields(m, input, bag);
      const priced = await this.pricer.price(m, input.items ?? [], customer, fields.coupon_code ?? null, bag);
      bag.throwIfAny();
      const [{ n }] = (await m.query("SELECT nextval('quote_number_seq')::int AS n")) as { n: number }[];
      const days = input.expires_x_days ?? null;
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(Quote)
        .values({
          number: `Q${n}`,
          name: input.name!,
          type: input.type ?? 'draft',
          customer_id: input.customer_id ?? null,
          billing_plan_id: input.x_billing_plan_id ?? null,
          customer_emails: fields.customer_emails ?? null,
          cart_link_id: input.cart_link_id || randomCartLinkId(),
          coupon_code: fields.coupon_code ?? null,
          expires_x_days: days,
          expires_at: days === null ? null : () => `now() + make_interval(days => ${Number(days)})`,
          ...totals(priced),
        })
        .returning('*')
        .execute();
      const quote = m.create(Quote, (inserted.raw as Quote[])[0]);
      await this.writeItems(m, quote.id, priced);
      if (fields.groupIds) await this.writeGroups(m, quote.id, fields.groupIds);
      return (await this.present(m, [quote], {}))[0];
    });
  }

  /**
   * PATCH: `items`, `customer_groups` and `customer_emails` replace the whole set when present. The
   * quote row is locked first, so concurrent PATCHes of one quote apply one after the other and
   * their item sets never mix. Any change to items, customer or coupon prices the quote again.
   */
  update(key: string, input: QuotePatch): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Quote, key, quoteKey(true));
      await assertIfMatchLazy(async () => (await this.present(m, [current], {}))[0]);
      const bag = new FieldErrorBag();
      const customerId = input.customer_id !== undefined ? input.customer_id : current.customer_id;
      const customer = await this.checkCustomer(m, customerId, bag);
      const fields = await this.checkFields(m, input, bag);
      const couponCode = input.coupon_code !== undefined ? (fields.coupon_code ?? null) : current.coupon_code;
      const reprice = input.items !== undefined || input.customer_id !== undefined || input.coupon_code !== undefined;
      let priced: PricedQuote | null = null;
      // Ids of the stored items when they are priced again without being replaced.
      let keptIds: number[] | null = null;
      if (reprice) {
        let items = input.items;
        if (items === undefined) {
          const stored = await this.storedItems(m, current.id);
          keptIds = stored.map((i) => i.id);
          items = stored.map(toItemInput);
        }
        priced = await this.pricer.price(m, items, customer, couponCode, bag);
      }
      bag.throwIfAny();

      const values: Record<string, unknown> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.customer_id !== undefined) values.customer_id = input.customer_id;
      if (input.x_billing_plan_id !== undefined) values.billing_plan_id = input.x_billing_plan_id;
      if (input.customer_emails !== undefined) values.customer_emails = fields.customer_emails ?? null;
      if (input.coupon_code !== undefined) values.coupon_code = couponCode;
      if (input.cart_link_id !== undefined) values.cart_link_id = input.cart_link_id || randomCartLinkId();
      if (input.expires_x_days !== undefined) {
        values.expires_x_days = input.expires_x_days;
        values.expires_at =
          input.expires_x_days === null ? null : () => `created_at + make_interval(days => ${Number(input.expires_x_days)})`;
      }
      if (priced) Object.assign(values, totals(priced));
      if (priced && keptIds) {
        await this.updateItemPrices(m, keptIds, priced);
      } else if (priced) {
        await m.createQueryBuilder().delete().from(QuoteItem).where('quote_id = :id', { id: current.id }).execute();
        await this.writeItems(m, current.id, priced);
      }
      if (fields.groupIds) {
        await m.createQueryBuilder().delete().from(QuoteCustomerGroup).where('quote_id = :id', { id: current.id }).execute();
        await this.writeGroups(m, current.id, fields.groupIds);
      }
      const changed = Object.keys(values).length > 0 || fields.groupIds !== undefined;
      const result = changed
        ? await m
            .createQueryBuilder()
            .update(Quote)
            .set({ ...values, updated_at: () => 'now()' } as never)
            .where('id = :id', { id: current.id })
            .returning('*')
            .execute()
        : null;
      const quote = result ? m.create(Quote, (result.raw as Quote[])[0]) : current;
      return (await this.present(m, [quote], {}))[0];
    });
  }

  remove(key: string): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Quote, key, quoteKey(true));
      const presented = (await this.present(m, [current], {}))[0];
      assertIfMatch(presented);
      await m.createQueryBuilder().delete().from(Quote).where('id = :id', { id: current.id }).execute();
      return presented;
    });
  }

  /**
   * send-quote (CONTRACT §9): one outbox row per recipient in one transaction; the jobs are handed
   * to the queue only after the commit.
   */
  async send(key: string, input: SendQuoteInput) {
    return this.tx.run(async (m, afterCommit) => {
      const quote = await findByKey(m, Quote, key, quoteKey(true));
      if (effectiveStatus(quote) === 'expired') throw ApiError.conflict(`Quote ${quote.number} has expired and cannot be sent.`);
      const customerEmail = quote.customer_id ? ((await this.pricer.customer(m, quote.customer_id))?.email ?? null) : null;
      const groupIds = (await m.getRepository(QuoteCustomerGroup).find({ where: { quote_id: quote.id } })).map((g) => g.customer_group_id);
      const recipients = quoteRecipients(customerEmail, quote.customer_emails, await this.groups.customerEmailsOfGroups(m, groupIds));
      if (recipients.length === 0) {
        throw ApiError.field('recipients', 'the quote has no one to send to: set customer_id, customer_emails or customer_groups');
      }
      const rows = await this.deliveries.createDeliveries(m, quote.id, recipients, input.message?.trim() || null, input.bcc ?? []);
      afterCommit(() => this.dispatcher.dispatch(rows.map((r) => r.id)));
      return { quote_id: quote.id, deliveries: rows.map((r) => ({ id: r.id, recipient: r.recipient, status: 'queued' })) };
    });
  }

  async listDeliveries(key: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const quote = await findByKey(this.dataSource.manager, Quote, key, quoteKey());
    const qb = this.dataSource.getRepository(QuoteDelivery).createQueryBuilder('r').where('r.quote_id = :id', { id: quote.id });
    return toPage(await paginate(qb, query, DELIVERY_SORT), (rows) => rows.map(presentDelivery));
  }

  private async checkCustomer(m: EntityManager, id: number | null, bag: FieldErrorBag): Promise<PricingCustomer | null> {
    if (id === null) return null;
    const customer = await this.pricer.customer(m, id);
    if (!customer) bag.add('customer_id', 'does not exist');
    return customer;
  }

  /** The quote-level references: billing plan, groups, coupon, e-mails. */
  private async checkFields(m: EntityManager, input: QuotePatch, bag: FieldErrorBag) {
    const out: { groupIds?: number[]; coupon_code?: string | null; customer_emails?: string[] | null } = {};
    if (typeof input.x_billing_plan_id === 'number' && !(await m.getRepository(BillingPlan).existsBy({ id: input.x_billing_plan_id }))) {
      bag.add('x_billing_plan_id', 'does not exist');
    }
    if (input.customer_groups !== undefined) {
      const codes = [...new Set(input.customer_groups)];
      const found = codes.length ? await m.getRepository(CustomerGroup).find({ where: { api_code: In(codes) } }) : [];
      const byCode = new Map(found.map((g) => [g.api_code, g.id]));
      input.customer_groups.forEach((code, i) => {
        if (!byCode.has(code)) bag.add(`customer_groups.${i}`, 'is not the api_code of a customer group');
      });
      out.groupIds = codes.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
    }
    if (input.coupon_code !== undefined && input.coupon_code !== null && input.coupon_code.trim() !== '') {
      out.coupon_code = await this.pricer.couponCode(m, input.coupon_code.trim());
      if (!out.coupon_code) bag.add('coupon_code', 'does not match a coupon');
    } else if (input.coupon_code !== undefined) {
      out.coupon_code = null;
    }
    if (input.customer_emails !== undefined) {
      out.customer_emails = input.customer_emails === null ? null : QuotePricer.checkEmails(input.customer_emails, bag);
    }
    return out;
  }

  /** The stored items, in quote order, to price them anew (customer or coupon changed). */
  private storedItems(m: EntityManager, quoteId: number): Promise<QuoteItem[]> {
    return m.getRepository(QuoteItem).find({ where: { quote_id: quoteId }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** New prices for items that stay (their ids only change when `items` is sent), in one statement. */
  private async updateItemPrices(m: EntityManager, ids: number[], priced: PricedQuote): Promise<void> {
    if (ids.length === 0) return;
    const column = (f: (i: PricedQuote['items'][number]) => unknown) => priced.items.map(f);
    await m.query(
      `UPDATE quote_items AS i
          SET variant_id = v.variant_id, price = v.price, subtotal = v.subtotal, discount = v.discount,
              total = v.total, tax = v.tax, updated_at = now()
         FROM unnest($1::int[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
              AS v(id, variant_id, price, subtotal, discount, total, tax)
        WHERE i.id = v.id`,
      [
        ids,
        column((i) => i.variant_id),
        column((i) => i.price),
        column((i) => i.subtotal),
        column((i) => i.discount),
        column((i) => i.total),
        column((i) => i.tax),
      ],
    );
  }

  private async writeItems(m: EntityManager, quoteId: number, priced: PricedQuote): Promise<void> {
    if (priced.items.length === 0) return;
    await m
      .createQueryBuilder()
      .insert()
      .into(QuoteItem)
      .values(priced.items.map((i) => ({ ...i, quote_id: quoteId })) as never)
      .execute();
  }

  private async writeGroups(m: EntityManager, quoteId: number, groupIds: number[]): Promise<void> {
    if (groupIds.length === 0) return;
    await m
      .createQueryBuilder()
      .insert()
      .into(QuoteCustomerGroup)
      .values(groupIds.map((id) => ({ quote_id: quoteId, customer_group_id: id })))
      .execute();
  }

  /** Quotes by id as the contract shows them, in one statement. */
  private async present(m: EntityManager, quotes: Quote[], embed: EmbedSelection): Promise<QuoteJson[]> {
    if (quotes.length === 0) return [];
    void embed;
    return this.presentSet(
      await this.repository.byIds(
        m,
        quotes.map((q) => q.id),
      ),
    );
  }

  /** A quote set of the read queries as the contract shows it. */
  private presentSet(set: QuoteSet): QuoteJson[] {
    const products = new Map(set.products.map((p) => [p.row.id, this.products.presentRecord(p)]));
    const customers = set.customers ? new Map(set.customers.map((c) => [c.row.id, presentCustomerRecord(c)])) : null;
    return set.quotes.map((q) =>
      presentQuote(
        q.row,
        {
          items: q.items,
          products,
          groups: q.groups.map((g) => presentGroup(g.row, g.customers_count)),
          ...(customers ? { customer: q.row.customer_id !== null ? (customers.get(q.row.customer_id) ?? null) : null } : {}),
        },
        this.config.storeUrl,
      ),
    );
  }
}

const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** A stored item as input again. */
function toItemInput(i: QuoteItem): QuoteItemInput {
  return {
    product_id: i.product_id,
    quantity: i.quantity,
    options: i.options,
    x_billing_plan_id: i.x_billing_plan_id,
    is_trial_product: i.is_trial_product,
    extras: i.extras.map((e) => e.sku),
    custom_fields: i.custom_fields,
  };
}

function totals(p: PricedQuote) {
  return { subtotal: p.subtotal, total_discount: p.total_discount, total_tax: p.total_tax, total: p.total };
}

function presentDelivery(d: QuoteDelivery) {
  return {
    id: d.id,
    recipient: d.recipient,
    // A delivery a worker holds right now is still on its way.
    status: d.status === 'sending' ? 'queued' : d.status,
    attempts: d.attempts,
    last_error: d.last_error,
    message_id: d.message_id,
    sent_at: timestampOf(d.sent_at),
    created_at: timestampOf(d.created_at),
  };
}
