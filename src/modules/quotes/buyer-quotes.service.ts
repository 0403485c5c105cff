import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { type BuyerFormat, type BuyerQuote, buyerView } from '../quote-documents/buyer-quote.view.js';
import { buyerState } from './domain/quote-status.js';
import { BuyerQuotesRepository, type BuyerQuoteRow, type CartFormKey } from './repositories/buyer-quotes.repository.js';

/**
 * The quote as its buyer reads it (BuyerQuote, from one statement: what the cart page, the PDF
 * and the e-mails show; null when there is no such quote). The buyer's decision on it is
 * QuotesService.decide. The cart module calls both; it holds no statement on quotes.
 */
@Injectable()
export class BuyerQuotesService {
  constructor(
    private readonly repository: BuyerQuotesRepository,
    private readonly tx: TransactionRunner,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How the store of the work in hand shows quotes: its currency, locale and identity (address and phone: STORE_ADDRESS, STORE_PHONE). */
  format(): BuyerFormat {
    const store = this.stores.current();
    return {
      currency: store.currency,
      locale: store.locale,
      seller: { name: store.name, email: store.store_email, address: this.config.storeAddress, phone: this.config.storePhone },
    };
  }

  /** By cart link identifier, compared exactly (the buyer's capability). */
  async byCartLink(cartLinkId: string): Promise<BuyerQuote | null> {
    const record = await this.repository.byCartLink(this.tx.direct, cartLinkId);
    return record && this.view(record);
  }

  /** By `{id|number}`, as the API addresses quotes. */
  async byKey(key: string): Promise<BuyerQuote | null> {
    const record = await this.repository.byKey(this.tx.direct, key);
    return record && this.view(record);
  }

  /** What a cart link's form token is signed over (the quote's id and its link's version); null when no quote has the link. */
  formKey(cartLinkId: string): Promise<CartFormKey | null> {
    return this.repository.formKey(this.tx.direct, cartLinkId);
  }

  async byId(id: number): Promise<BuyerQuote | null> {
    const record = await this.repository.byId(this.tx.direct, id);
    return record && this.view(record);
  }

  /** The buyer's view of a row: where it stands decided here (the expiry rule is the quotes module's), shown as the buyer reads it. */
  private view(row: BuyerQuoteRow): BuyerQuote {
    const { status: _status, ...record } = row;
    return buyerView({ ...record, state: buyerState(row) }, this.format());
  }
}
