import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../database/sql/json.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table, tableOf } from '../../database/table.js';
import { TaxClass } from './tax-class.entity.js';
import { TaxRate } from './tax-rate.entity.js';

/** Advisory lock key serializing default switches (any int8 unique to this purpose). */
const DEFAULT_SWITCH_LOCK = 7_301_001;

/** Every statement of the tax module: tax classes and their rates, and the fragments quotes price with. */
@Injectable()
export class TaxRepository {
  /** Tax classes have no second key: only the id addresses them. */
  readonly classes: Table<TaxClass>;
  /** Within a class, a rate is addressed by its id only. */
  readonly rates: Table<TaxRate>;
  /** A rate of ratesJsonSql with its timestamps as Dates (in place). */
  readonly decodeRate: (row: TaxRate) => TaxRate;

  constructor(private readonly dataSource: DataSource) {
    this.classes = new Table(dataSource, TaxClass, { alt: null, label: 'Tax class' });
    this.rates = new Table(dataSource, TaxRate, { alt: null, label: 'Tax rate' });
    this.decodeRate = jsonRowDecoder(dataSource, TaxRate);
  }

  /** The rates of a page of classes, in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  ratesOf(m: EntityManager, classIds: number[]): Promise<TaxRate[]> {
    return this.rates.whereIn(m, 'tax_class_id', classIds);
  }

  /**
   * Serializes switches of the default class until the transaction ends (a transaction-scoped
   * advisory lock): the clearing statement then sees every switch committed before it.
   */
  @GenerateSql()
  async lockDefaultSwitch(m: EntityManager): Promise<void> {
    await runStatement(m, 'SELECT pg_advisory_xact_lock($1)', [DEFAULT_SWITCH_LOCK]);
  }

  /**
   * Clears the default flag on every class but `keepId` (on all of them when null); the caller holds
   * the switch lock. Answers the classes it cleared (at most one), as they are now.
   */
  @GenerateSql({ name: 'on every class', args: [SqlArg.manager, null] }, { name: 'on every class but one', args: [SqlArg.manager, 1] })
  async clearDefault(m: EntityManager, keepId: number | null): Promise<TaxClass[]> {
    const clear = m
      .createQueryBuilder()
      .update(TaxClass)
      .set({ is_default: false, updated_at: () => 'now()' })
      .where('is_default');
    if (keepId !== null) clear.andWhere('id <> :keepId', { keepId });
    const result = await clear.returning('*').execute();
    return (result.raw as TaxClass[]).map((row) => m.create(TaxClass, row));
  }

  /** The id of the default class, as a scalar subquery (null when no class is the default). A fragment for the quotes' pricing context. */
  @GenerateSql({ args: [] })
  defaultClassIdSql(): string {
    return `(SELECT tc.id FROM ${this.classes.sqlName} tc WHERE tc.is_default LIMIT 1)`;
  }

  /**
   * The rates of the classes `classIdsSelect` selects (a SELECT of class ids in the caller's
   * statement) and of the default class, in the order they apply (priority, then id), as a JSON
   * array of rows (decodeRate decodes each). A fragment for the quotes' pricing context.
   */
  @GenerateSql({ args: ['SELECT 1'] })
  ratesJsonSql(classIdsSelect: string): string {
    return `(SELECT ${jsonArraySql(jsonRowSql(this.dataSource, TaxRate, 'r'), 'r.priority, r.id')} FROM ${this.rates.sqlName} r
        WHERE r.tax_class_id IN (${classIdsSelect}) OR r.tax_class_id = ${this.defaultClassIdSql()})`;
  }

  /** Whether a tax class exists (another module's reference). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  classExists(m: EntityManager, id: number): Promise<boolean> {
    return m.getRepository(TaxClass).existsBy({ id });
  }

  /** Which of `ids` are tax classes, in one statement (a batch's references); none for an empty list. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async existingClassIds(m: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: number }>(m, `SELECT id FROM ${tableOf(this.dataSource, TaxClass)} WHERE id = ANY($1::int[])`, [
      ids,
    ]);
    return new Set(rows.map((r) => r.id));
  }
}
