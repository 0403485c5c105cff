import type { DefaultStoreEnv } from '../../config/app-config.js';
import type { Store } from './store.entity.js';

/** The handle of the first store, which holds everything made before there were stores. */
export const DEFAULT_STORE = 'default';

/**
 * A store as every door shows it and uses it (docs/api.md#stores): its settings with their defaults
 * filled in, and for the store `default` the environment's where it sets them.
 */
export interface StoreFace {
  id: number;
  handle: string;
  name: string;
  /** Its address for cart links and e-mails, without a trailing `/`. */
  store_url: string;
  hosts: string[];
  currency: string;
  locale: string;
  mail_from: string | null;
  store_email: string | null;
  status: 'active' | 'closed';
  /** The PostgreSQL cluster its data lives on (docs/api.md#clusters). */
  cluster: string;
}

/**
 * `row` with its hosts as the store shows it. `store_url` left unset is `https://<first host>`;
 * the store `default` without hosts has `fallbackUrl` (STORE_URL, else this api's own address).
 * For `default`, every setting the environment gives wins over the row.
 */
export function storeFace(row: Store, hosts: string[], env: DefaultStoreEnv, fallbackUrl: string): StoreFace {
  const own = row.handle === DEFAULT_STORE ? env : {};
  const storeUrl = own.store_url ?? row.store_url ?? (hosts.length ? `https://${hosts[0]}` : fallbackUrl);
  return {
    id: row.id,
    handle: row.handle,
    name: own.name ?? row.name,
    store_url: storeUrl.replace(/\/+$/, ''),
    hosts,
    currency: own.currency ?? row.currency,
    locale: own.locale ?? row.locale,
    mail_from: own.mail_from ?? row.mail_from,
    store_email: own.store_email ?? row.store_email,
    status: row.status,
    cluster: row.cluster,
  };
}

/**
 * A request's host name as stores list them: `Host` (or a trusted X-Forwarded-Host) without its
 * port, lower case, without a trailing dot; null when it is no host name at all.
 */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const first = header.split(',')[0].trim().toLowerCase();
  // An IPv6 literal keeps its brackets; anything else loses `:port`.
  const host = first.startsWith('[') ? first.slice(0, first.indexOf(']') + 1) : first.replace(/:\d*$/, '');
  const name = host.replace(/\.$/, '');
  return /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*)$/.test(name) && name.length <= 253 ? name : null;
}
