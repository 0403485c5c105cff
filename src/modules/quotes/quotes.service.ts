import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { requireEmbedReads } from '../../common/auth/resource-scopes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { assertIfMatch, assertIfMatchLazy } from '../../common/http/etag.js';
import { Page } from '../../common/http/envelope.js';
import { FileBody } from '../../common/http/file-body.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, paginationOf, toPage } from '../../common/paging/page-request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { TransactionRunner } from '../../database/transaction.js';
import { QuotePdfs } from '../quote-documents/quote-pdf.renderer.js';
import { BuyerQuotesService } from './buyer-quotes.service.js';
import { ProductsService } from '../catalog/products/products.service.js';
import { CustomerGroupsService } from '../customers/customer-groups.service.js';
import { CustomersRepository } from '../customers/customers.repository.js';
import { presentCustomerRecord, presentGroup } from '../customers/customers.presenter.js';
import { QUOTE_DELIVERY, QuoteOutboxService } from './quote-outbox.service.js';
import { JobWakeups } from '../../common/jobs/job-wakeups.service.js';
import { changedValues, sameIdSet, sameItems } from './domain/quote-changes.js';
import { effectiveStatus, finalQuoteError, reopenError } from './domain/quote-status.js';
import { quoteRecipients } from './domain/recipients.js';
import type { QuoteCreate, QuoteItemInput, QuoteListQuery, QuotePatch } from './dto/quote.input.js';
import type { SendQuoteInput } from './dto/send-quote.input.js';
import { type EventTypeOf, EventRecorder } from '../webhooks/event-recorder.service.js';
import type { QuoteForOrder } from './quote-for-order.types.js';
import { type PricedQuote, type PricingCustomer, QuotePricer, pricingCustomer } from './quote-pricer.service.js';
import { type QuoteJson, presentDelivery, presentQuote } from './quotes.presenter.js';
import { BuyerQuotesRepository } from './repositories/buyer-quotes.repository.js';
import { DeliveriesRepository } from './repositories/deliveries.repository.js';
import type { Coupon } from '../customers/coupons/coupon.entity.js';
import type { QuoteItem } from './quote-item.entity.js';
import type { PricingContext } from './repositories/pricing-context.repository.js';
import { PricingContextRepository } from './repositories/pricing-context.repository.js';
import { type QuoteFilter, QuoteReadsRepository, type QuoteSet } from './repositories/quote-reads.repository.js';
import { type QuoteValues, QuoteWritesRepository, STORED_ITEM_FIELDS } from './repositories/quote-writes.repository.js';
import { asReplacement } from '../../common/crud/replacement.js';
import { QUOTE_DELIVERY_LIST, QUOTE_LIST } from './quotes.lists.js';

/** The embeds of other groups' resources (they need that group's read scope). */
const FOREIGN_EMBEDS = { customer: 'customer' };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** What the buyer decided on the cart page. */
export type BuyerDecision = 'accepted' | 'declined';

/**
 * What a buyer's decision came to: made now, the quote decided before (nothing changes), expired,
 * changed since the page was shown (its revision moved), no such quote.
 */
export type DecisionOutcomeKind = 'done' | 'already-decided' | 'expired' | 'changed' | 'not-found';

const randomCartLinkId = () => Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

@Injectable()
export class QuotesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly pricer: QuotePricer,
    private readonly reads: QuoteReadsRepository,
    private readonly writes: QuoteWritesRepository,
    private readonly pricing: PricingContextRepository,
    private readonly deliveryRows: DeliveriesRepository,
    private readonly products: ProductsService,
    private readonly customers: CustomersRepository,
    private readonly groups: CustomerGroupsService,
    private readonly deliveries: QuoteOutboxService,
    private readonly wakeups: JobWakeups,
    private readonly buyerQuotes: BuyerQuotesService,
    private readonly buyerRows: BuyerQuotesRepository,
    private readonly pdfs: QuotePdfs,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventRecorder,
  ) {}

  async list(query: QuoteListQuery) {
    const embed = parseEmbed(query.embed, QUOTE_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const req = pageRequest(query, QUOTE_LIST.sortable);
    const filter: QuoteFilter = { customer_id: query.customer_id, type: query.type, status: query.status };
    const set = await this.reads.page(this.tx.direct, filter, req, embed);
    return new Page(
      this.presentSet(set),
      paginationOf(
        req,
        set.total,
        set.quotes.map((q) => q.row),
      ),
    );
  }

  /** The number and order of the quote of this name, null when there is none (the demo seeds look theirs up by name). */
  async named(name: string): Promise<{ number: string; orderId: number | null } | null> {
    const row = await this.reads.byName(this.tx.direct, name);
    return row && { number: row.number, orderId: row.order_id };
  }

  async get(key: string, query: ItemQuery): Promise<QuoteJson> {
    const embed = parseEmbed(query.embed, QUOTE_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const set = await this.reads.findOne(this.tx.direct, key, embed);
    if (!set) throw ApiError.notFound(`Quote ${key} was not found.`);
    return this.presentSet(set)[0];
  }

  /**
   * POST /quote in six statements, whatever the number of items: BEGIN, the pricing context, one
   * INSERT … RETURNING that writes the quote, its items and groups together, the read of the
   * result, the quote.created event (with its fan-out), COMMIT.
   */
  create(input: QuoteCreate): Promise<QuoteJson> {
    // A transaction: the quote.created event commits with the quote.
    return this.tx.run(async (m) => {
      const quote = await this.insert(m, input);
      await this.recordQuote(m, 'quote.created', quote);
      return quote;
    });
  }

  /**
   * The buyer accepts or declines the quote of a cart link (its page's forms, through the cart
   * module): records `accepted_at` (or `declined_at` and the reason) once; the quote's `status` then
   * reads `accepted` (`declined`). A quote decided before changes nothing, an expired one cannot be
   * decided, and one whose revision is no longer `revision` (when given) is not decided. Only the
   * decision that changed the quote records its event and notices, in its transaction.
   */
  decide(cartLinkId: string, decision: BuyerDecision, revision: number | null, reason: string | null): Promise<DecisionOutcomeKind> {
    return this.tx.run(async (m, afterCommit) => {
      const outcome = await this.buyerRows.decide(m, { cartLinkId, revision, decision, reason });
      if (!outcome) return 'not-found';
      if (outcome.decided) {
        await this.recordDecision(m, outcome.id, decision, afterCommit);
        return 'done';
      }
      // Not decided by this statement: decided already (perhaps by a concurrent request it waited
      // for), expired, or changed since the buyer's page was shown (perhaps by a PATCH it waited
      // for: the outcome is the quote as that change committed it, so the buyer gets the
      // "quote changed" page, never a 303 with nothing recorded).
      if (outcome.status !== 'active') return 'already-decided';
      if (outcome.expired) return 'expired';
      return revision !== null && revision !== outcome.revision ? 'changed' : 'already-decided';
    });
  }

  /**
   * `quote.accepted` or `quote.declined` with the quote as GET shows it, in the decision's
   * transaction (the one place these events are written: the ERP then turns the quote into an order).
   */
  private async recordDecision(m: EntityManager, quoteId: number, decision: BuyerDecision, afterCommit: (fn: () => void) => void) {
    const quote = await this.present(m, quoteId);
    await this.recordQuote(m, decision === 'accepted' ? 'quote.accepted' : 'quote.declined', quote);
    // The notices go through the outbox with the decision: a confirmation to the quote's
    // recipients, a note to STORE_EMAIL; handed to the queue once committed, as send-quote's.
    const customerEmail = quote.customer_id ? await this.customers.emailOf(m, quote.customer_id) : null;
    const groupIds = quote.customer_groups.map((g) => g.id);
    const recipients = quoteRecipients(customerEmail, quote.customer_emails, await this.groups.customerEmailsOfGroups(m, groupIds));
    const rows = await this.deliveries.createNotices(m, quoteId, decision, recipients);
    if (rows.length)
      afterCommit(() =>
        this.wakeups.wake(
          QUOTE_DELIVERY,
          rows.map((r) => r.id),
        ),
      );
  }

  /** A quote event with the quote as GET shows it, in the write's transaction. */
  private recordQuote(m: EntityManager, type: EventTypeOf<'quote'>, quote: QuoteJson): Promise<void> {
    return this.events.record(m, { type, resource: 'quote', resource_id: quote.id, data: quote });
  }

  private async insert(m: EntityManager, input: QuoteCreate): Promise<QuoteJson> {
    const items = input.items ?? [];
    const context = await this.pricing.pricingContext(m, {
      productIds: items.map((i) => i.product_id),
      customerId: input.customer_id ?? null,
      planIds: planIdsOf(input, items),
      cartFields: hasCustomFields(items),
      couponCode: couponInput(input.coupon_code),
      groupCodes: input.customer_groups ?? [],
    });
    const bag = new FieldErrorBag();
    const customer = checkCustomer(context, input.customer_id ?? null, bag);
    const fields = checkFields(context, input, bag);
    const priced = this.pricer.price(context, items, customer, fields.coupon ?? null, bag);
    bag.throwIfAny();
    const id = await this.writes.insertQuote(
      m,
      {
        name: input.name!,
        type: input.type ?? 'draft',
        customer_id: input.customer_id ?? null,
        billing_plan_id: input.x_billing_plan_id ?? null,
        customer_emails: fields.customer_emails ?? null,
        cart_link_id: input.cart_link_id || randomCartLinkId(),
        coupon_code: fields.coupon_code ?? null,
        expires_x_days: input.expires_x_days ?? null,
        ...totals(priced),
      },
      priced.items,
      fields.groupIds ?? [],
    );
    return this.presentSet(await this.reads.byIds(m, [id]))[0];
  }

  /**
   * PUT: the quote becomes the body, through PATCH's path (one lock, one pricing, the same six
   * statements, 409 for a decided quote): its items and groups are the body's (none when left out),
   * other fields left out take what a create gives them (`type` draft, the rest null). A left-out
   * `cart_link_id` keeps the quote's link: the buyer may hold it, and a PUT of the same body again
   * must change nothing.
   */
  replace(key: string, input: QuoteCreate): Promise<QuoteJson> {
    const values = asReplacement(input, this.reads.quotes.columnDefaults());
    return this.update(key, {
      ...values,
      items: input.items ?? [],
      customer_groups: input.customer_groups ?? [],
      cart_link_id: input.cart_link_id ?? undefined,
    });
  }

  /**
   * PATCH: `items`, `customer_groups` and `customer_emails` replace the whole set when present. The
   * quote row is locked first, so concurrent PATCHes of one quote apply one after the other and
   * their item sets never mix. Any change to items, customer or coupon prices the quote again.
   * Six statements: BEGIN, lock + pricing context, the writes, the read, the quote.updated event, COMMIT
   * (a PATCH that changes nothing writes no event).
   */
  update(key: string, input: QuotePatch): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const reprice = input.items !== undefined || input.customer_id !== undefined || input.coupon_code !== undefined;
      const items = input.items ?? [];
      const locked = await this.writes.lockWithContext(m, key, {
        // Priced again without new items: the stored items' products (null), else none.
        productIds: input.items !== undefined ? items.map((i) => i.product_id) : reprice ? null : [],
        customerId: input.customer_id,
        planIds: planIdsOf(input, items),
        cartFields: hasCustomFields(items),
        couponCode: input.coupon_code !== undefined ? couponInput(input.coupon_code) : undefined,
        groupCodes: input.customer_groups ?? [],
      });
      if (!locked) throw ApiError.notFound(`Quote ${key} was not found.`);
      const { current, context } = locked;
      await assertIfMatchLazy(() => this.present(m, current.id));
      const final = finalQuoteError(current.number, effectiveStatus(current), 'change');
      if (final) throw ApiError.conflict(final);
      const bag = new FieldErrorBag();
      const customerId = input.customer_id !== undefined ? input.customer_id : current.customer_id;
      const customer = checkCustomer(context, customerId, bag);
      const fields = checkFields(context, input, bag);
      const couponCode = input.coupon_code !== undefined ? (fields.coupon_code ?? null) : current.coupon_code;
      const coupon = input.coupon_code !== undefined ? (fields.coupon ?? null) : context.coupon;
      let priced: PricedQuote | null = null;
      // Ids of the stored items when they are priced again without being replaced.
      let keptIds: number[] | null = null;
      if (reprice) {
        let toPrice = input.items;
        if (toPrice === undefined) {
          keptIds = locked.items.map((i) => i.id);
          toPrice = locked.items.map(toItemInput);
        }
        priced = this.pricer.price(context, toPrice, customer, coupon, bag);
      }
      bag.throwIfAny();

      const values: QuoteValues = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.customer_id !== undefined) values.customer_id = input.customer_id;
      if (input.x_billing_plan_id !== undefined) values.billing_plan_id = input.x_billing_plan_id;
      if (input.customer_emails !== undefined) values.customer_emails = fields.customer_emails ?? null;
      if (input.coupon_code !== undefined) values.coupon_code = couponCode;
      if (input.cart_link_id !== undefined) values.cart_link_id = input.cart_link_id || randomCartLinkId();
      if (input.expires_x_days !== undefined) values.expires_x_days = input.expires_x_days;
      if (priced) Object.assign(values, totals(priced));
      // Only what differs from the stored quote is written: a PATCH that changes nothing changes
      // nothing (not updated_at, not the ETag, not the revision, no event).
      const changes = changedValues(current as unknown as Record<string, unknown>, values);
      const rows = (items: unknown[]) => items as Record<string, unknown>[];
      const itemsChanged = priced !== null && !sameItems(rows(locked.items), rows(priced.items), STORED_ITEM_FIELDS);
      const groupsChanged = fields.groupIds !== undefined && !sameIdSet(locked.groupIds, fields.groupIds);
      if (Object.keys(changes).length === 0 && !itemsChanged && !groupsChanged) return this.present(m, current.id);
      await this.writes.updateQuote(m, current.id, changes, {
        ...(itemsChanged && keptIds ? { prices: { ids: keptIds, items: priced!.items } } : itemsChanged ? { items: priced!.items } : {}),
        ...(groupsChanged ? { groupIds: fields.groupIds } : {}),
      });
      const updated = await this.present(m, current.id);
      await this.recordQuote(m, 'quote.updated', updated);
      return updated;
    });
  }

  remove(key: string): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const current = await this.reads.quotes.find(m, key, { lock: true });
      const presented = await this.present(m, current.id);
      assertIfMatch(presented);
      const final = finalQuoteError(current.number, presented.status, 'delete');
      if (final) throw ApiError.conflict(final);
      await this.writes.deleteQuote(m, current.id);
      await this.recordQuote(m, 'quote.deleted', presented);
      return presented;
    });
  }

  /**
   * send-quote (docs/api.md#sending-a-quote): one outbox row per recipient in one transaction; the jobs are handed
   * to the queue only after the commit. The commit is the promise: the hand-over is not waited
   * for, so a Redis that is away never holds the answer (the worker's sweep enqueues what it missed).
   */
  async send(key: string, input: SendQuoteInput) {
    return this.tx.run(async (m, afterCommit) => {
      const quote = await this.reads.quotes.find(m, key, { lock: true });
      const status = effectiveStatus(quote);
      if (status === 'expired') throw ApiError.conflict(`Quote ${quote.number} has expired and cannot be sent.`);
      const final = finalQuoteError(quote.number, status, 'send');
      if (final) throw ApiError.conflict(final);
      const customerEmail = quote.customer_id ? await this.customers.emailOf(m, quote.customer_id) : null;
      const groupIds = await this.reads.groupIdsOf(m, quote.id);
      const recipients = quoteRecipients(customerEmail, quote.customer_emails, await this.groups.customerEmailsOfGroups(m, groupIds));
      if (recipients.length === 0) {
        throw ApiError.field('recipients', 'the quote has no one to send to: set customer_id, customer_emails or customer_groups');
      }
      const rows = await this.deliveries.createDeliveries(m, quote.id, recipients, input.message?.trim() || null, input.bcc ?? [], {
        attachPdf: input.attach_pdf ?? false,
      });
      await this.recordQuote(m, 'quote.sent', await this.present(m, quote.id));
      afterCommit(() =>
        this.wakeups.wake(
          QUOTE_DELIVERY,
          rows.map((r) => r.id),
        ),
      );
      return { quote_id: quote.id, deliveries: rows.map((r) => ({ id: r.id, recipient: r.recipient, status: 'queued' })) };
    });
  }

  /**
   * `POST /quote/{id|number}/reopen`: an accepted or declined quote is open again (`active`, its
   * decision cleared), so the seller can change and send it; `quote.reopened` records it. An
   * ordered quote never reopens.
   */
  reopen(key: string): Promise<QuoteJson> {
    return this.tx.run(async (m) => {
      const current = await this.reads.quotes.find(m, key, { lock: true });
      await assertIfMatchLazy(() => this.present(m, current.id));
      const refused = reopenError(current.number, effectiveStatus(current));
      if (refused) throw ApiError.conflict(refused);
      await this.writes.setStatus(m, current.id, { status: 'active' });
      const reopened = await this.present(m, current.id);
      await this.recordQuote(m, 'quote.reopened', reopened);
      return reopened;
    });
  }

  /**
   * A quote locked for its conversion into an order, with its lines and their products' names and
   * SKUs now: the orders module's first step of `POST /quote/{id}/order`, in its transaction.
   */
  async lockForOrder(m: EntityManager, key: string): Promise<QuoteForOrder> {
    const locked = await this.reads.quotes.find(m, key, { lock: true });
    const set = await this.reads.byIds(m, [locked.id]);
    const { row, items } = set.quotes[0];
    const products = new Map(set.products.map((p) => [p.row.id, p.row]));
    return {
      id: row.id,
      number: row.number,
      status: effectiveStatus(row),
      order_id: row.order_id,
      customer_id: row.customer_id,
      customer_emails: row.customer_emails,
      coupon_code: row.coupon_code,
      subtotal: row.subtotal,
      total_discount: row.total_discount,
      total_tax: row.total_tax,
      total: row.total,
      lines: items.map((i) => ({
        position: i.position,
        product_id: i.product_id,
        variant_id: i.variant_id,
        name: products.get(i.product_id)?.name ?? null,
        sku: products.get(i.product_id)?.sku ?? null,
        options: i.options as Record<string, string>,
        extras: i.extras.map((x) => ({ sku: x.sku, name: x.name, price: x.price })),
        quantity: i.quantity,
        price: i.price,
        discount: i.discount,
        tax: i.tax,
        total: i.total,
      })),
    };
  }

  /** The quote became order `orderId`: `ordered` for good, with `quote.ordered` (the orders module's last step). */
  async markOrdered(m: EntityManager, quoteId: number, orderId: number): Promise<void> {
    await this.writes.setStatus(m, quoteId, { status: 'ordered', orderId });
    await this.recordQuote(m, 'quote.ordered', await this.present(m, quoteId));
  }

  /** `GET /quote/{id|number}/pdf`: the PDF the buyer gets from the cart page. */
  async pdf(key: string): Promise<FileBody> {
    const quote = await this.buyerQuotes.byKey(key);
    if (!quote) throw ApiError.notFound(`Quote ${key} was not found.`);
    return new FileBody('application/pdf', await this.pdfs.render(quote), `quote-${quote.number}.pdf`, quote.updatedAt);
  }

  async listDeliveries(key: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    // The quote is looked up before the sort is checked: an unknown quote is a 404 whatever the query.
    const quote = await this.reads.quotes.find(m, key);
    const req = pageRequest(query, QUOTE_DELIVERY_LIST.sortable);
    const rows = await this.deliveryRows.deliveries.page(m, req, { where: { quote_id: quote.id } });
    return toPage(req, rows, (page) => page.map(presentDelivery));
  }

  /** A quote as the contract shows it, in one statement. */
  private async present(m: EntityManager, id: number): Promise<QuoteJson> {
    return this.presentSet(await this.reads.byIds(m, [id]))[0];
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
        this.stores.current().store_url,
      ),
    );
  }
}

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

/** The customer a quote will have, from the pricing context; a missing one is reported at customer_id. */
function checkCustomer(context: PricingContext, id: number | null, bag: FieldErrorBag): PricingCustomer | null {
  if (id === null) return null;
  const customer = pricingCustomer(context);
  if (!customer) bag.add('customer_id', 'does not exist');
  return customer;
}

/** The quote-level references (billing plan, groups, coupon, e-mails), checked against the pricing context. */
function checkFields(context: PricingContext, input: QuotePatch, bag: FieldErrorBag) {
  const out: { groupIds?: number[]; coupon_code?: string | null; coupon?: Coupon | null; customer_emails?: string[] | null } = {};
  if (typeof input.x_billing_plan_id === 'number' && !(context.plans ?? []).includes(input.x_billing_plan_id)) {
    bag.add('x_billing_plan_id', 'does not exist');
  }
  if (input.customer_groups !== undefined) {
    const codes = [...new Set(input.customer_groups)];
    const byCode = new Map((context.groups ?? []).map((g) => [g.api_code, g.id]));
    input.customer_groups.forEach((code, i) => {
      if (!byCode.has(code)) bag.add(`customer_groups.${i}`, 'is not the api_code of a customer group');
    });
    out.groupIds = codes.map((c) => byCode.get(c)).filter((id): id is number => id !== undefined);
  }
  const coupon = couponInput(input.coupon_code);
  if (coupon) {
    out.coupon = context.coupon;
    out.coupon_code = context.coupon?.code ?? null;
    if (!out.coupon_code) bag.add('coupon_code', 'does not match a coupon');
  } else if (input.coupon_code !== undefined) {
    out.coupon_code = null;
    out.coupon = null;
  }
  if (input.customer_emails !== undefined) {
    out.customer_emails = input.customer_emails === null ? null : QuotePricer.checkEmails(input.customer_emails, bag);
  }
  return out;
}

/** A coupon code as looked up: trimmed, and blank means none. */
function couponInput(code: string | null | undefined): string | null {
  return code === undefined || code === null || code.trim() === '' ? null : code.trim();
}

/** Billing plans referenced by the quote and its items. */
function planIdsOf(input: QuotePatch, items: QuoteItemInput[]): number[] {
  const ids = items.map((i) => i.x_billing_plan_id).filter((id): id is number => typeof id === 'number');
  if (typeof input.x_billing_plan_id === 'number') ids.push(input.x_billing_plan_id);
  return [...new Set(ids)];
}

const hasCustomFields = (items: QuoteItemInput[]) => items.some((i) => i.custom_fields && Object.keys(i.custom_fields).length > 0);

function totals(p: PricedQuote) {
  return { subtotal: p.subtotal, total_discount: p.total_discount, total_tax: p.total_tax, total: p.total };
}
