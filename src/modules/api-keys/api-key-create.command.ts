import { Command, CommandRunner, Option } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult } from '../../cli/cli-output.js';
import { ApiKeysService } from './api-keys.service.js';
import { InvalidScopesError } from './invalid-scopes.error.js';
import { DEFAULT_STORE } from '../stores/store-face.js';
import { StoreChangeError, StoresService } from '../stores/stores.service.js';

interface CreateFlags extends CliFlags {
  name?: string;
  scopes?: string[];
  expiresInDays?: number;
  store?: string;
}

@Command({ name: 'api-key:create', description: 'Create an API key; its access token is shown once' })
export class ApiKeyCreateCommand extends CommandRunner {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly stores: StoresService,
  ) {
    super();
  }

  async run(_args: string[], flags: CreateFlags): Promise<void> {
    if (!flags.name?.trim()) return printError(flags, '--name is required');
    // Fails closed: a blank list is a mistake, never a key with every scope.
    if (flags.scopes !== undefined && flags.scopes.length === 0) {
      return printError(flags, '--scopes names no scope: give a comma separated list (omit --scopes for a key with every scope, *)');
    }
    if (
      flags.expiresInDays !== undefined &&
      (!Number.isInteger(flags.expiresInDays) || flags.expiresInDays < 1 || flags.expiresInDays > 36500)
    ) {
      return printError(flags, '--expires-in-days must be a whole number from 1 to 36500');
    }
    try {
      const store = this.stores.storeByHandle(flags.store ?? DEFAULT_STORE, { open: true });
      const key = await this.keys.create({
        name: flags.name.trim(),
        scopes: flags.scopes,
        expiresInDays: flags.expiresInDays,
        storeId: store.id,
      });
      printResult(flags, key, () =>
        [
          `Created API key ${key.id} "${key.name}" with scopes ${key.scopes.join(',')}${key.expires_at ? `, expiring ${key.expires_at} UTC` : ''}.`,
          `Access token: ${key.access_token}`,
          'It is shown only now; the database keeps only its hash. Send it as Authorization: Bearer <token>.',
        ].join('\n'),
      );
    } catch (err) {
      if (err instanceof InvalidScopesError || err instanceof StoreChangeError) return printError(flags, err.message);
      throw err;
    }
  }

  @Option({ flags: '--name <name>', description: 'what the key is for', required: false })
  parseName(v: string) {
    return v;
  }

  @Option({ flags: '--scopes <scopes>', description: 'comma separated scopes (default *)' })
  parseScopes(v: string) {
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  @Option({ flags: '--store <handle>', description: 'the store whose key it is (default: default)' })
  parseStore(v: string) {
    return v;
  }

  @Option({ flags: '--expires-in-days <days>', description: 'days until the key expires' })
  parseExpires(v: string) {
    return /^\d+$/.test(v) ? Number(v) : Number.NaN;
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
