import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { refusedAddress } from './domain/addresses.js';

/** A host that may not be reached, with why. */
export class RefusedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Every address `host` resolves to (a literal is its own), checked; rejects with RefusedAddressError when one is not public. */
export function resolvePublic(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }[]> {
  const plain = host.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family !== 0) {
    const why = allowPrivate ? null : refusedAddress(plain);
    return why
      ? Promise.reject(new RefusedAddressError(host, `${plain} is a ${why} address`))
      : Promise.resolve([{ address: plain, family }]);
  }
  return new Promise((resolve, reject) => {
    lookup(plain, { all: true }, (err, addresses) => {
      if (err) return reject(new RefusedAddressError(host, `${plain} does not resolve (${err.code ?? err.message})`));
      if (addresses.length === 0) return reject(new RefusedAddressError(host, `${plain} does not resolve`));
      for (const a of addresses) {
        const why = allowPrivate ? null : refusedAddress(a.address);
        if (why) return reject(new RefusedAddressError(host, `${plain} resolves to ${a.address}, a ${why} address`));
      }
      resolve(addresses);
    });
  });
}

/**
 * The `lookup` of a delivery's request: the connection goes to an address checked by resolvePublic
 * in the same call, so a DNS answer cannot change between the check and the connect.
 */
export function publicLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const usable = wanted.length ? wanted : addresses;
        if (options.all) (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
