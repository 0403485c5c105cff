import { Command, CommandRunner, Option } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult } from '../../cli/cli-output.js';
import { StoreChangeError, StoresService } from './stores.service.js';

interface UpdateFlags extends CliFlags {
  name?: string;
  host?: string[];
  storeUrl?: string;
  currency?: string;
  locale?: string;
  mailFrom?: string;
  storeEmail?: string;
}

/** A value given as `''` clears a setting that may be unset (its default applies again). */
const orNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim());
const trimmed = (v: string | undefined) => v?.trim();

@Command({
  name: 'store:update',
  arguments: '<handle>',
  description: "Change a store's settings and hosts (--host replaces the list; --host '' empties it)",
})
export class StoreUpdateCommand extends CommandRunner {
  constructor(private readonly stores: StoresService) {
    super();
  }

  async run([handle]: string[], flags: UpdateFlags): Promise<void> {
    const values = {
      name: trimmed(flags.name),
      store_url: orNull(flags.storeUrl),
      currency: trimmed(flags.currency),
      locale: trimmed(flags.locale),
      mail_from: orNull(flags.mailFrom),
      store_email: orNull(flags.storeEmail),
    };
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (!Object.keys(given).length && flags.host === undefined)
      return printError(flags, 'nothing to change: give at least one option (--help lists them)');
    try {
      const store = await this.stores.operatorUpdate(handle, given, flags.host ?? null);
      printResult(
        flags,
        store,
        () => `Updated store ${store.id} "${store.handle}": ${store.name}, ${store.store_url}, hosts ${store.hosts.join(',') || '(none)'}.`,
      );
    } catch (err) {
      if (err instanceof StoreChangeError) return printError(flags, err.message);
      throw err;
    }
  }

  @Option({ flags: '--name <name>', description: "the store's name" })
  parseName(v: string) {
    return v;
  }

  @Option({ flags: '--host <hosts>', description: 'comma separated host names, the first one making the default store URL' })
  parseHost(v: string) {
    return v
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
  }

  @Option({ flags: '--store-url <url>', description: "base of cart links ('' for https://<first host>)" })
  parseStoreUrl(v: string) {
    return v;
  }

  @Option({ flags: '--currency <code>', description: 'ISO 4217 code' })
  parseCurrency(v: string) {
    return v;
  }

  @Option({ flags: '--locale <locale>', description: 'BCP 47 locale' })
  parseLocale(v: string) {
    return v;
  }

  @Option({ flags: '--mail-from <sender>', description: 'an address or "Name <address>" (\'\' for no-reply@localhost)' })
  parseMailFrom(v: string) {
    return v;
  }

  @Option({ flags: '--store-email <address>', description: "told what buyers did ('' for nobody)" })
  parseStoreEmail(v: string) {
    return v;
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
