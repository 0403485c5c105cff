import { CommandRunner, Option } from 'nest-commander';
import { type CliFlags, jsonOption } from '../../cli/cli-output.js';

export interface StoreFlags extends CliFlags {
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

/** The settings given, as the store takes them: only those given. */
export function settingsOf(flags: StoreFlags): Record<string, string | null> {
  const values = {
    name: trimmed(flags.name),
    store_url: orNull(flags.storeUrl),
    currency: trimmed(flags.currency),
    locale: trimmed(flags.locale),
    mail_from: orNull(flags.mailFrom),
    store_email: orNull(flags.storeEmail),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
}

/** The options of `store:create` and `store:update`: a store's settings and hosts. */
export abstract class StoreSettingsCommand extends CommandRunner {
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
