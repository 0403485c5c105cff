/**
 * No row has the key a request named (Table.find, a repository's lookup by `{id|key}`). The database
 * layer knows nothing of HTTP: the exception filter turns this into the 404 envelope with this
 * message (`Product ABC was not found.`).
 */
export class RowNotFoundError extends Error {
  constructor(
    readonly label: string,
    readonly key: string,
  ) {
    super(`${label} ${key} was not found.`);
    this.name = 'RowNotFoundError';
  }
}
