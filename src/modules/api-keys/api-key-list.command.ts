import { Command, CommandRunner } from 'nest-commander';
import { type CliFlags, jsonOption, printResult } from '../../cli/cli-output.js';
import { timestamp } from '../../common/format/format.js';
import { ApiKeysService } from './api-keys.service.js';

@Command({ name: 'api-key:list', description: 'List API keys (never their tokens)' })
export class ApiKeyListCommand extends CommandRunner {
  constructor(private readonly keys: ApiKeysService) {
    super();
  }

  async run(_args: string[], flags: CliFlags): Promise<void> {
    const keys = (await this.keys.list()).map((k) => ({
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

  @jsonOption()
  parseJson() {
    return true;
  }
}
