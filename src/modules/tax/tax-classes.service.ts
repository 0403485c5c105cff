import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changesOf } from '../../common/crud/changes.js';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type ChangeEvent, type EventTypeOf, EventRecorder } from '../webhooks/event-recorder.service.js';
import type { TaxClassCreate, TaxClassPatch } from './dto/tax.input.js';
import type { TaxClass } from './tax-class.entity.js';
import { presentTaxClass } from './tax.presenter.js';
import type { TaxClassView } from './tax.views.js';
import { TaxRepository } from './tax.repository.js';
import { asReplacement } from '../../common/crud/replacement.js';
import { TAX_CLASS_LIST } from './tax.lists.js';

/**
 * Tax classes, addressed by id. At most one is the default: switches are serialized by a
 * transaction-scoped advisory lock, and the clearing statement then sees every switch committed
 * before it. Locking the current default row instead is not enough: requests queued on that row
 * all wake to find it no longer default, hold nothing, and race again (and with no default there
 * is no row to lock at all). The partial unique index stays as the safety net.
 */
@Injectable()
export class TaxClassesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: TaxRepository,
    private readonly events: EventRecorder,
  ) {}

  /** Whether a tax class exists (a reference another module checks). */
  exists(m: EntityManager, id: number): Promise<boolean> {
    return this.repository.classExists(m, id);
  }

  /** Which of `ids` are tax classes, in one statement whatever their number (a batch's references). */
  existingIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    return this.repository.existingClassIds(m, ids);
  }

  async list(query: ListQuery) {
    const embed = parseEmbed(query.embed, TAX_CLASS_LIST.embeds);
    const req = pageRequest(query, TAX_CLASS_LIST.sortable);
    const m = this.tx.direct;
    return toPage(req, await this.repository.classes.page(m, req), (rows) => this.present(m, rows, embed));
  }

  async get(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, TAX_CLASS_LIST.embeds);
    const m = this.tx.direct;
    const taxClass = await this.repository.classes.find(m, key);
    return (await this.present(m, [taxClass], embed))[0];
  }

  create(input: TaxClassCreate) {
    return this.tx.run(async (m) => {
      let cleared: TaxClass[] = [];
      if (input.is_default) {
        await this.repository.lockDefaultSwitch(m);
        cleared = await this.repository.clearDefault(m, null);
      }
      const created = presentTaxClass(await this.repository.classes.insert(m, changesOf(input)));
      await this.record(m, cleared, 'created', created);
      return created;
    });
  }

  update(key: string, input: TaxClassPatch) {
    return this.tx.run(async (m) => {
      // The switch lock comes before the row lock: taken after, it could deadlock with a switch
      // that holds it and waits to clear this very row.
      if (input.is_default) await this.repository.lockDefaultSwitch(m);
      const current = await this.repository.classes.find(m, key, { lock: true });
      assertIfMatch(presentTaxClass(current));
      const cleared = input.is_default ? await this.repository.clearDefault(m, current.id) : [];
      const { row, changed } = await this.repository.classes.change(m, current, changesOf(input));
      const updated = presentTaxClass(row);
      // A PATCH that changes nothing changes nothing: no event (setting the default again clears no other class).
      if (changed || cleared.length) await this.record(m, cleared, 'updated', updated);
      return updated;
    });
  }

  /** PUT: the class becomes the body (`is_default` left out is 0), under PATCH's rules. */
  async replace(key: string, input: TaxClassCreate, query: ItemQuery) {
    const embed = parseEmbed(query.embed, TAX_CLASS_LIST.embeds);
    const replaced = await this.update(key, asReplacement(input, this.repository.classes.columnDefaults()));
    // With embeds, the answer is the class as GET shows it after the write (the event's data stays plain).
    return Object.keys(embed).length ? this.get(String(replaced.id), query) : replaced;
  }

  /** Rates go with their class (ON DELETE CASCADE); a class products still use is a 409 (FK RESTRICT). */
  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.classes.find(m, key, { lock: true });
      assertIfMatch(presentTaxClass(current));
      await this.repository.classes.delete(m, current.id);
      const deleted = presentTaxClass(current);
      await this.record(m, [], 'deleted', deleted);
      return deleted;
    });
  }

  /**
   * `taxclass.<action>` with the class as GET shows it, in the write's transaction; a class that
   * lost the default flag to it (`cleared`) changed too, so its `taxclass.updated` comes first.
   */
  private record(m: EntityManager, cleared: TaxClass[], action: 'created' | 'updated' | 'deleted', view: TaxClassView) {
    const event = (type: EventTypeOf<'taxclass'>, data: TaxClassView): ChangeEvent => ({
      type,
      resource: 'taxclass',
      resource_id: data.id,
      data,
    });
    return this.events.record(m, [...cleared.map((c) => event('taxclass.updated', presentTaxClass(c))), event(`taxclass.${action}`, view)]);
  }

  /** A class for the rates' routes (404 when unknown); locked for their writes. */
  find(m: EntityManager, key: string, lock: boolean): Promise<TaxClass> {
    return this.repository.classes.find(m, key, { lock });
  }

  /** One statement for the rates of the whole page, whatever its size. */
  private async present(m: EntityManager, classes: TaxClass[], embed: EmbedSelection) {
    const rates = embed.rates
      ? groupBy(
          await this.repository.ratesOf(
            m,
            classes.map((c) => c.id),
          ),
          (r) => r.tax_class_id,
        )
      : null;
    return classes.map((c) => presentTaxClass(c, embed.rates ? { rates: rates?.get(c.id) ?? [] } : {}));
  }
}
