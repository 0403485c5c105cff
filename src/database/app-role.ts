/**
 * The role a store's statements run as (DATABASE_APP_ROLE, default `store_app`): neither owner of
 * the tables, nor superuser, nor BYPASSRLS, so row-level security holds for it. The migrations make
 * it and grant it the store tables; the api and the worker switch to it per transaction
 * (store-scope.ts). A plain lower-case identifier, so it is the same name quoted or not.
 */
export const DEFAULT_APP_ROLE = 'store_app';

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role's name from the environment; a problem with it as a sentence, or the name. */
export function appRoleName(env: Record<string, string | undefined>): { name: string } | { problem: string } {
  const raw = env.DATABASE_APP_ROLE?.trim();
  if (!raw) return { name: DEFAULT_APP_ROLE };
  if (!ROLE_NAME.test(raw))
    return { problem: 'must be a lower-case role name: letters, digits and _, at most 63, not starting with a digit' };
  return { name: raw };
}
