import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { changesOf } from '../../common/crud/changes.js';
import { deleteById, insertReturning, updateReturning } from '../../database/sql/write.js';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type TaxRateInput, taxRateInput } from './domain/tax.js';
import type { TaxClassCreate, TaxClassPatch } from './dto/tax.input.js';
import { TaxClass } from './tax-class.entity.js';
import { TaxRate } from './tax-rate.entity.js';
import { presentTaxClass, presentTaxRate } from './tax.presenter.js';

const CLASS_EMBEDS = { rates: {} };
const CLASS_SORT = sortableColumns('id', 'name', 'is_default', 'created_at', 'updated_at');

/** Advisory lock key serializing default switches (any int8 unique to this purpose). */
const DEFAULT_SWITCH_LOCK = 7_301_001;

/** Tax classes have no second key: only the id addresses them. */
const classKey = (lock = false) => ({ alt: null, label: 'Tax class', lock });

@Injectable()
export class TaxService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async listClasses(query: ListQuery) {
    const embed = parseEmbed(query.embed, CLASS_EMBEDS);
    const qb = this.dataSource.getRepository(TaxClass).createQueryBuilder('r');
    return toPage(await paginate(qb, query, CLASS_SORT), (rows) => this.presentClasses(this.dataSource.manager, rows, embed));
  }

  async getClass(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, CLASS_EMBEDS);
    const taxClass = await findByKey(this.dataSource.manager, TaxClass, key, classKey());
    return (await this.presentClasses(this.dataSource.manager, [taxClass], embed))[0];
  }

  createClass(input: TaxClassCreate) {
    return this.tx.run(async (m) => {
      if (input.is_default) {
        await this.lockDefaultSwitch(m);
        await this.clearDefault(m, null);
      }
      return presentTaxClass(await insertReturning(m, TaxClass, changesOf(input)));
    });
  }

  updateClass(key: string, input: TaxClassPatch) {
    return this.tx.run(async (m) => {
      // The switch lock comes before the row lock: taken after, it could deadlock with a switch
      // that holds it and waits to clear this very row.
      if (input.is_default) await this.lockDefaultSwitch(m);
      const current = await findByKey(m, TaxClass, key, classKey(true));
      assertIfMatch(presentTaxClass(current));
      if (input.is_default) await this.clearDefault(m, current.id);
      return presentTaxClass(await updateReturning(m, TaxClass, current, changesOf(input)));
    });
  }

  /** Rates go with their class (ON DELETE CASCADE); a class products still use is a 409 (FK RESTRICT). */
  deleteClass(key: string) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, TaxClass, key, classKey(true));
      assertIfMatch(presentTaxClass(current));
      await deleteById(m, TaxClass, current.id);
      return presentTaxClass(current);
    });
  }

  /** The class quotes fall back to when a product has none; null when no class is the default. */
  async defaultClassId(m: EntityManager): Promise<number | null> {
    const row = await m.getRepository(TaxClass).findOne({ select: { id: true }, where: { is_default: true } });
    return row?.id ?? null;
  }

  /**
   * The rates of several classes in one query, as the pure tax rules take them, in the order they
   * apply (priority, then id). Every requested class has an entry; a class without rates maps to [].
   */
  async ratesByClass(m: EntityManager, classIds: number[]): Promise<Map<number, TaxRateInput[]>> {
    const ids = [...new Set(classIds)];
    const result = new Map<number, TaxRateInput[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const rows = await m.getRepository(TaxRate).find({ where: { tax_class_id: In(ids) }, order: { priority: 'ASC', id: 'ASC' } });
    for (const r of rows) {
      result.get(r.tax_class_id)!.push(taxRateInput(r));
    }
    return result;
  }

  /**
   * At most one default class. Switches are serialized by a transaction-scoped advisory lock, and
   * the clearing statement then sees every switch committed before it. Locking the current default
   * row instead is not enough: requests queued on that row all wake to find it no longer default,
   * hold nothing, and race again (and with no default there is no row to lock at all). The partial
   * unique index stays as the safety net.
   */
  private async lockDefaultSwitch(m: EntityManager): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock($1)', [DEFAULT_SWITCH_LOCK]);
  }

  /** Clears the default flag on every class but `keepId`; the caller holds the switch lock. */
  private async clearDefault(m: EntityManager, keepId: number | null): Promise<void> {
    const clear = m
      .createQueryBuilder()
      .update(TaxClass)
      .set({ is_default: false, updated_at: () => 'now()' })
      .where('is_default');
    if (keepId !== null) clear.andWhere('id <> :keepId', { keepId });
    await clear.execute();
  }

  /** One query for the rates of the whole page, whatever its size. */
  private async presentClasses(m: EntityManager, classes: TaxClass[], embed: EmbedSelection) {
    const rates =
      embed.rates && classes.length > 0
        ? groupBy(
            await m.getRepository(TaxRate).find({ where: { tax_class_id: In(classes.map((c) => c.id)) }, order: { id: 'ASC' } }),
            (r) => r.tax_class_id,
          )
        : null;
    return classes.map((c) => presentTaxClass(c, embed.rates ? { rates: rates?.get(c.id) ?? [] } : {}));
  }
}

/** A class's rates, addressed by id within the class of the path. */
@Injectable()
export class TaxRatesService extends ChildResourceService<TaxRate, TaxClass> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: TaxRate,
      owner: 'tax_class_id',
      findOwner: (m, key, lock) => findByKey(m, TaxClass, key, classKey(lock)),
      label: 'Tax rate',
      sort: sortableColumns('id', 'country', 'state', 'zip', 'city', 'rate', 'priority', 'created_at', 'updated_at'),
      present: presentTaxRate,
    });
  }
}
