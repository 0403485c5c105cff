import { Inject, Injectable, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { BatchKey } from '../batch/batch-body.pipe.js';
import type { UpsertOutcome } from '../batch/batch-result.js';
import { writableFieldsOf } from '../crud/replacement.js';

/** What a batch upsert did to one member. */
export interface UpsertedMember {
  outcome: UpsertOutcome;
  id: number;
}

/** A member as an export writes it: its id (where the export goes on after) and the member its import takes. */
export interface ExportedMember {
  id: number;
  member: object;
}

/** How a 409 about member `i` is worded (an import also learns which member it was). */
export type ConflictWording = (i: number, message: string) => string;

/**
 * A resource's batch PUT (docs/api.md, PUT: replace a resource) as a bulk import or export calls
 * it: the member class and key the route validates with, and the route's own upsert, which joins
 * the caller's transaction (an import's chunk). One rule, three doors: item PUT, batch PUT and an
 * import line all go through it. The module that owns the resource provides it, marked with
 * `@BulkAdapter()`; the bulk module finds every one at start, so it needs no import of the
 * owners' entities or services and they need none of it.
 */
export interface BulkResourceAdapter<T extends object = object> {
  /** The name `?resource=` gives (`customers`); the bulk module refuses a name it does not list. */
  resource: string;
  /** The class a member is validated with, as the batch PUT validates it. */
  member: new () => T;
  /**
   * The compiled file that exports `member` under its class name (`threadFile(import.meta.url,
   * 'dto/customer.input.js')`): the import-line validation threads load the class from there, and
   * nothing else of the app.
   */
  memberFile: string;
  key: BatchKey<T>;
  /** The tables the upsert writes: an import that fills them keeps their planner statistics current. */
  tables: EntityTarget<ObjectLiteral>[];
  /** Upserts `members` (distinct keys, each valid on its own), all or nothing, in request order. */
  upsert(members: T[], conflict: ConflictWording): Promise<UpsertedMember[]>;
  /**
   * The way back (an export): up to `limit` members after id `afterId`, in id order, only those
   * updated at or after `updatedMin` when given, each in the form `upsert` takes, read on `m` in a
   * fixed number of statements whatever `limit`.
   */
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null): Promise<ExportedMember[]>;
}

/** Marks a provider as a `BulkResourceAdapter`: the bulk module finds every module's adapters by it (DiscoveryService). */
export const BulkAdapter = DiscoveryService.createDecorator<void>();

/** The outcomes of a CRUD batch upsert as a bulk job keeps them. */
export const upsertedIds = (rows: { outcome: UpsertOutcome; view: { id: number } }[]): UpsertedMember[] =>
  rows.map((r) => ({ outcome: r.outcome, id: r.view.id }));

/**
 * Views of a page of an export as members (every resource but products, whose member is its
 * writable fields): each view's fields that the member class takes, in the view's order.
 */
export function exportedMembers(member: new () => object, views: { id: number }[]): ExportedMember[] {
  const writable = new Set(writableFieldsOf(member));
  return views.map((view) => ({
    id: view.id,
    member: Object.fromEntries(Object.entries(view).filter(([field]) => writable.has(field))),
  }));
}

/** A resource's service as its bulk adapter uses it: the batch PUT's upsert and an export page of views. */
export interface BulkResourceService<T extends object> {
  upsertMany(members: T[]): Promise<{ outcome: UpsertOutcome; view: { id: number } }[]>;
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null): Promise<{ id: number }[]>;
}

/** What an adapter declares about its resource; the upsert and the export are its service's. */
type BulkResourceDeclaration<T extends object> = Omit<BulkResourceAdapter<T>, 'upsert' | 'exportPage'>;

/**
 * The bulk adapter (a provider, `@BulkAdapter()`) of a resource whose service upserts with
 * `upsertMany` and exports with `exportPage`, its members being the fields of each view that the
 * member class takes. `name` names the class, as in the registry's errors.
 */
export function serviceBulkAdapter<T extends object>(
  name: string,
  service: Type<BulkResourceService<T>>,
  declaration: BulkResourceDeclaration<T>,
): Type<BulkResourceAdapter<T>> {
  @Injectable()
  @BulkAdapter()
  class ServiceBulkAdapter implements BulkResourceAdapter<T> {
    readonly resource = declaration.resource;
    readonly member = declaration.member;
    readonly memberFile = declaration.memberFile;
    readonly key = declaration.key;
    readonly tables = declaration.tables;

    constructor(@Inject(service) private readonly service: BulkResourceService<T>) {}

    async upsert(members: T[]) {
      return upsertedIds(await this.service.upsertMany(members));
    }

    async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
      return exportedMembers(this.member, await this.service.exportPage(m, afterId, limit, updatedMin));
    }
  }
  Object.defineProperty(ServiceBulkAdapter, 'name', { value: name });
  return ServiceBulkAdapter;
}
