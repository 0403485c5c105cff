import type { DataSource, EntityManager, EntityTarget } from 'typeorm';
import { changesOf, deleteById, insertReturning, updateReturning } from './write.js';
import { type EmbedSelection, type EmbedTree, parseEmbed } from '../embed/embed.js';
import { assertIfMatch, assertIfMatchLazy } from '../http/etag.js';
import { type KeyLookup, findByKey } from '../http/identifiers.js';
import type { ItemQuery, ListQuery } from '../paging/list-query.dto.js';
import { type Sortable, paginate, toPage } from '../paging/paginate.js';
import type { TransactionRunner } from '../../database/transaction.js';

type Row = { id: number };
type Values = Record<string, unknown>;

export interface CrudSpec<E extends Row, J> {
  entity: EntityTarget<E>;
  /** How `{id}` / `{id|key}` segments are resolved (lock is added for writes). */
  lookup: Omit<KeyLookup, 'lock'>;
  sort: Sortable;
  embeds?: EmbedTree;
  /** Presents rows (a page, or one) in a fixed number of queries, whatever their count. */
  present(m: EntityManager, rows: E[], embed: EmbedSelection): Promise<J[]>;
  /** Cross-field rules on the row as it will be stored; returns the values to write. */
  check?(m: EntityManager, values: Values, current: E | null): Values | Promise<Values>;
}

/**
 * The top-level CRUD of a resource as architecture.md prescribes it (paginate + sort whitelist,
 * embeds per page, findByKey(lock) + If-Match + RETURNING writes), shared by customers, groups,
 * coupons and billing plans so the four cannot drift apart.
 */
export class CrudResource<E extends Row, J> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly spec: CrudSpec<E, J>,
  ) {}

  async list(query: ListQuery) {
    const embed = parseEmbed(query.embed, this.spec.embeds ?? {});
    const qb = this.dataSource.getRepository(this.spec.entity).createQueryBuilder('r');
    return toPage(await paginate(qb, query, this.spec.sort), (rows) => this.spec.present(this.dataSource.manager, rows, embed));
  }

  async get(key: string, query: ItemQuery): Promise<J> {
    const embed = parseEmbed(query.embed, this.spec.embeds ?? {});
    const row = await this.find(this.dataSource.manager, key, false);
    return this.presentOne(this.dataSource.manager, row, embed);
  }

  create(input: object): Promise<J> {
    return this.tx.run(async (m) => {
      const values = await this.checked(m, changesOf(input), null);
      return this.presentOne(m, await insertReturning(m, this.spec.entity, values));
    });
  }

  update(key: string, input: object): Promise<J> {
    return this.tx.run(async (m) => {
      const current = await this.find(m, key, true);
      await assertIfMatchLazy(() => this.presentOne(m, current));
      const values = await this.checked(m, changesOf(input), current);
      return this.presentOne(m, await updateReturning(m, this.spec.entity, current, values));
    });
  }

  /** Answers with the deleted resource; rows still referenced elsewhere make the delete a 409 (FK RESTRICT). */
  remove(key: string): Promise<J> {
    return this.tx.run(async (m) => {
      const current = await this.find(m, key, true);
      const presented = await this.presentOne(m, current);
      assertIfMatch(presented);
      await deleteById(m, this.spec.entity, current.id);
      return presented;
    });
  }

  find(m: EntityManager, key: string, lock: boolean): Promise<E> {
    return findByKey(m, this.spec.entity, key, { ...this.spec.lookup, lock });
  }

  private async presentOne(m: EntityManager, row: E, embed: EmbedSelection = {}): Promise<J> {
    return (await this.spec.present(m, [row], embed))[0];
  }

  private async checked(m: EntityManager, values: Values, current: E | null): Promise<Values> {
    return this.spec.check ? this.spec.check(m, values, current) : values;
  }
}
