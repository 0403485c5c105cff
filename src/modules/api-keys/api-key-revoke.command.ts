import { Command, CommandRunner } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult } from '../../cli/cli-output.js';
import { ApiKeysService } from './api-keys.service.js';

@Command({ name: 'api-key:revoke', arguments: '<id>', description: 'Revoke an API key; it stops working at once' })
export class ApiKeyRevokeCommand extends CommandRunner {
  constructor(private readonly keys: ApiKeysService) {
    super();
  }

  async run([idText]: string[], flags: CliFlags): Promise<void> {
    if (!/^\d{1,9}$/.test(idText ?? '')) return printError(flags, 'the key id must be a positive integer');
    const id = Number(idText);
    if (!(await this.keys.revoke(id))) return printError(flags, `no API key with id ${id}`);
    printResult(flags, { id, revoked: true }, () => `Revoked API key ${id}.`);
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
