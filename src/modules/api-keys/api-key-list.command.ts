import { Command, CommandRunner, Option } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult } from '../../cli/cli-output.js';
import { DEFAULT_STORE } from '../stores/store-face.js';
import { StoreChangeError, StoresService } from '../stores/stores.service.js';
import { timestamp } from '../../common/format/format.js';
import { ApiKeysService } from './api-keys.service.js';

@Command({ name: 'api-key:list', description: "List a store's API keys (never their tokens)" })
export class ApiKeyListCommand extends CommandRunner {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly stores: StoresService,
  ) {
    super();
  }

  async run(_args: string[], flags: CliFlags & { store?: string }): Promise<void> {
    let storeId: number;
    try {
      storeId = this.stores.storeByHandle(flags.store ?? DEFAULT_STORE).id;
    } catch (err) {
      if (err instanceof StoreChangeError) return printError(flags, err.message);
      throw err;
    }
    const keys = (await this.keys.list(storeId)).map((k) => ({
      id: k.id,
      name: k.name,
      scopes: k.scopes,
      expires_at: timestamp(k.expires_at),
      revoked_at: timestamp(k.revoked_at),
      last_used_at: timestamp(k.last_used_at),
      created_at: timestamp(k.created_at),
    }));
    printResult(flags, { api_keys: keys }, () =>
      keys.length === 0
        ? 'No API keys.'
        : keys
            .map(
              (k) =>
                `${k.id}\t${k.name}\t${k.scopes.join(',')}\t${k.revoked_at ? `revoked ${k.revoked_at}` : k.expires_at ? `expires ${k.expires_at}` : 'active'}\tlast used ${k.last_used_at ?? 'never'}`,
            )
            .join('\n'),
    );
  }

  @Option({ flags: '--store <handle>', description: 'the store whose keys to list (default: default)' })
  parseStore(v: string) {
    return v;
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
