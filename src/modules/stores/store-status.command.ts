import { Command, CommandRunner } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult } from '../../cli/cli-output.js';
import { StoreChangeError, StoresService } from './stores.service.js';

/** store:close and store:open: the same change of a store's status, either way. */
async function changeStatus(stores: StoresService, handle: string, status: 'active' | 'closed', flags: CliFlags): Promise<void> {
  try {
    const store = await stores.setStatus(handle, status);
    printResult(flags, store, () =>
      status === 'closed'
        ? `Closed store ${store.id} "${store.handle}": its hosts answer 404 and its keys are refused; its data is kept.`
        : `Opened store ${store.id} "${store.handle}".`,
    );
  } catch (err) {
    if (err instanceof StoreChangeError) return printError(flags, err.message);
    throw err;
  }
}

@Command({
  name: 'store:close',
  arguments: '<handle>',
  description: 'Close a store: its hosts answer 404, its keys are refused, its data is kept',
})
export class StoreCloseCommand extends CommandRunner {
  constructor(private readonly stores: StoresService) {
    super();
  }

  run([handle]: string[], flags: CliFlags): Promise<void> {
    return changeStatus(this.stores, handle, 'closed', flags);
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}

@Command({ name: 'store:open', arguments: '<handle>', description: 'Open a closed store again' })
export class StoreOpenCommand extends CommandRunner {
  constructor(private readonly stores: StoresService) {
    super();
  }

  run([handle]: string[], flags: CliFlags): Promise<void> {
    return changeStatus(this.stores, handle, 'active', flags);
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
