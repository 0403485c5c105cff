import { Command, Option } from 'nest-commander';
import { printError, printResult } from '../../cli/cli-output.js';
import { type StoreFlags, StoreSettingsCommand, settingsOf } from './store-settings.options.js';
import { StoreChangeError, StoresService } from './stores.service.js';

interface CreateFlags extends StoreFlags {
  handle?: string;
  cluster?: string;
}

@Command({
  name: 'store:create',
  description: 'Make a store: --handle and --name, its hosts and settings, --cluster for its data; it starts with the three product types',
})
export class StoreCreateCommand extends StoreSettingsCommand {
  constructor(private readonly stores: StoresService) {
    super();
  }

  async run(_args: string[], flags: CreateFlags): Promise<void> {
    const { name, ...settings } = settingsOf(flags);
    if (!flags.handle?.trim()) return printError(flags, '--handle is required');
    if (!name) return printError(flags, '--name is required');
    try {
      const store = await this.stores.create(flags.handle.trim(), name, settings, flags.host ?? [], flags.cluster?.trim() || undefined);
      printResult(
        flags,
        store,
        () =>
          `Created store ${store.id} "${store.handle}": ${store.name}, ${store.store_url}, hosts ${store.hosts.join(',') || '(none)'}, ` +
          `on the cluster ${store.cluster}.\n` +
          `Its keys: api-key:create --store ${store.handle} --name …`,
      );
    } catch (err) {
      if (err instanceof StoreChangeError) return printError(flags, err.message);
      throw err;
    }
  }

  @Option({ flags: '--handle <handle>', description: "the operator's name for it: [a-z0-9-]{1,63}" })
  parseHandle(v: string) {
    return v;
  }

  @Option({
    flags: '--cluster <name>',
    description: 'the PostgreSQL cluster its data lives on: home (default) or one DATABASE_CLUSTERS names',
  })
  parseCluster(v: string) {
    return v;
  }
}
