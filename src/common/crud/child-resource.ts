import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { changesOf, deleteById, insertReturning, updateReturning } from './write.js';
import { parseEmbed } from '../embed/embed.js';
import { assertIfMatch } from '../http/etag.js';
import { findByKey } from '../http/identifiers.js';
import type { ItemQuery, ListQuery } from '../paging/list-query.dto.js';
import { type Sortable, paginate, toPage } from '../paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';

type Row = ObjectLiteral & { id: number };
type Values = Record<string, unknown>;

export interface ChildConfig<E extends Row, O extends Row> {
  entity: EntityTarget<E>;
  /** Column holding the owner's id (`product_id`, `variant_id`). */
  owner: string;
  /** Finds the owner from its path segment (404 when unknown). */
  findOwner: (m: EntityManager, key: string, lock: boolean) => Promise<O>;
  /** Name in 404 messages. */
  label: string;
  sort: Sortable;
  present: (row: E) => object;
  /** A condition on alias `r` that list rows must meet (e.g. live options only). */
  listWhere?: string;
  /** A second key the row may be addressed by within its owner (a state's `code`); default: id only. */
  alt?: { column: string; caseInsensitive?: boolean };
}

/**
 * The plumbing every nested resource shares (a country's states, a product's variants …): the owner
 * is found from its path segment, the row by id (or its second key) within that owner; writes lock
 * the owner row first, so writes to one owner's parts (and the owner's deletion) are serialized.
 * Subclasses add their rules in `prepare`.
 */
export abstract class ChildResourceService<E extends Row, O extends Row> {
  protected constructor(
    protected readonly dataSource: DataSource,
    protected readonly tx: TransactionRunner,
    protected readonly cfg: ChildConfig<E, O>,
  ) {}

  /** Cross-field and cross-row rules; returns the values to write. `current` is null on create. */
  protected async prepare(_m: EntityManager, _owner: O, values: Values, _current: E | null): Promise<Values> {
    return values;
  }

  /** Runs after every write, in its transaction (e.g. to move the owner's updated_at). */
  protected async afterWrite(_m: EntityManager, _owner: O): Promise<void> {}

  async list(ownerKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const owner = await this.cfg.findOwner(m, ownerKey, false);
    const qb = m.createQueryBuilder(this.cfg.entity, 'r').where(`r.${this.cfg.owner} = :owner`, { owner: owner.id });
    if (this.cfg.listWhere) qb.andWhere(this.cfg.listWhere);
    return toPage(await paginate(qb, query, this.cfg.sort), (rows) => rows.map(this.cfg.present));
  }

  async get(ownerKey: string, key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const owner = await this.cfg.findOwner(m, ownerKey, false);
    return this.cfg.present(await this.findIn(m, owner, key, false));
  }

  create(ownerKey: string, input: object) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const values = await this.prepare(m, owner, changesOf(input), null);
      const row = await insertReturning(m, this.cfg.entity, { ...values, [this.cfg.owner]: owner.id });
      await this.afterWrite(m, owner);
      return this.cfg.present(row);
    });
  }

  update(ownerKey: string, key: string, input: object) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const current = await this.findIn(m, owner, key, true);
      assertIfMatch(this.cfg.present(current));
      const values = await this.prepare(m, owner, changesOf(input), current);
      const row = await updateReturning(m, this.cfg.entity, current, values);
      await this.afterWrite(m, owner);
      return this.cfg.present(row);
    });
  }

  remove(ownerKey: string, key: string) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const current = await this.findIn(m, owner, key, true);
      assertIfMatch(this.cfg.present(current));
      await deleteById(m, this.cfg.entity, current.id);
      await this.afterWrite(m, owner);
      return this.cfg.present(current);
    });
  }

  /** A row by id (or its second key), only within its owner. */
  protected findIn(m: EntityManager, owner: O, key: string, lock: boolean): Promise<E> {
    return findByKey(m, this.cfg.entity, key, {
      alt: this.cfg.alt?.column ?? null,
      caseInsensitive: this.cfg.alt?.caseInsensitive,
      label: this.cfg.label,
      lock,
      where: { [this.cfg.owner]: owner.id },
    });
  }
}
