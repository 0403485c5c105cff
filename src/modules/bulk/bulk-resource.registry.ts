import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { BulkAdapter, type BulkResourceAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { BULK_RESOURCES, type BulkResource, isBulkResource } from './domain/bulk-resources.js';

/**
 * The adapters of the resources an import or export takes, by the name `?resource=` gives. Each
 * owning module provides its own (`@BulkAdapter()`, src/common/bulk/bulk-resource.adapter.ts) and
 * this finds them at start: the bulk module stands above the owners without importing their
 * entities or services, and a resource the API lists (domain/bulk-resources.ts) without an adapter,
 * or an adapter of a name it does not list, stops the start.
 */
@Injectable()
export class BulkResourceRegistry implements OnModuleInit {
  private readonly adapters = new Map<BulkResource, BulkResourceAdapter>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: BulkAdapter.KEY })) {
      const adapter = wrapper.instance as BulkResourceAdapter;
      if (!isBulkResource(adapter.resource))
        throw new Error(`${wrapper.name} adapts "${adapter.resource}", which is not a bulk resource (domain/bulk-resources.ts)`);
      if (this.adapters.has(adapter.resource)) throw new Error(`Two bulk adapters of "${adapter.resource}"`);
      this.adapters.set(adapter.resource, adapter);
    }
    const missing = BULK_RESOURCES.filter((r) => !this.adapters.has(r));
    if (missing.length) throw new Error(`No bulk adapter of ${missing.join(', ')}: its owning module provides one`);
  }

  /** The adapter of `resource` (a stored job's name, checked when the job was made). */
  get(resource: string): BulkResourceAdapter {
    const adapter = isBulkResource(resource) ? this.adapters.get(resource) : undefined;
    if (!adapter) throw new Error(`No bulk adapter of "${resource}"`);
    return adapter;
  }
}
