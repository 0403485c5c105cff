import { Injectable } from '@nestjs/common';

/**
 * A relation of a product that a module above the catalog owns (reviews), embedded in the product's
 * one read statement: the owner hands out the SQL of its rows for a product aliased `alias` (a JSON
 * expression) and how to present what that expression gave. The catalog never imports the owner:
 * the owner registers here when it starts, so `embed=<name>` exists only in a process that loads it.
 */
export interface ProductEmbed {
  /** The resource it shows, as events name it (`review`): embedding it needs that resource's read scope. */
  resource: string;
  sql(alias: string): string;
  present(value: unknown): unknown;
}

@Injectable()
export class ProductEmbedRegistry {
  private readonly embeds = new Map<string, ProductEmbed>();

  register(name: string, embed: ProductEmbed): void {
    this.embeds.set(name, embed);
  }

  /** The registered embeds, in registration order. */
  entries(): [string, ProductEmbed][] {
    return [...this.embeds];
  }

  get(name: string): ProductEmbed | undefined {
    return this.embeds.get(name);
  }
}
