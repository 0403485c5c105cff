import { Command } from 'nest-commander';
import { printError, printResult } from '../../cli/cli-output.js';
import { type StoreFlags, StoreSettingsCommand, settingsOf } from './store-settings.options.js';
import { StoreChangeError, StoresService } from './stores.service.js';

@Command({
  name: 'store:update',
  arguments: '<handle>',
  description: "Change a store's settings and hosts (--host replaces the list; --host '' empties it)",
})
export class StoreUpdateCommand extends StoreSettingsCommand {
  constructor(private readonly stores: StoresService) {
    super();
  }

  async run([handle]: string[], flags: StoreFlags): Promise<void> {
    const given = settingsOf(flags);
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
}
