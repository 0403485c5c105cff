import { Command, CommandRunner } from 'nest-commander';
import { type CliFlags, jsonOption, printResult } from '../../cli/cli-output.js';
import { StoresService } from './stores.service.js';

@Command({ name: 'store:list', description: 'List the stores of this deployment, with their hosts and the cluster each lives on' })
export class StoreListCommand extends CommandRunner {
  constructor(private readonly stores: StoresService) {
    super();
  }

  async run(_args: string[], flags: CliFlags): Promise<void> {
    const stores = await this.stores.list();
    printResult(flags, { stores }, () =>
      stores
        .map(
          (s) =>
            `${s.id}\t${s.handle}\t${s.status}\t${s.name}\t${s.store_url}\t${s.hosts.length ? s.hosts.join(',') : '(every host no other store lists)'}\t${s.cluster}`,
        )
        .join('\n'),
    );
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
