import { Command, CommandRunner, Option } from 'nest-commander';
import { type CliFlags, jsonOption, printError, printResult, progress } from '../../cli/cli-output.js';
import { ProgressReport } from '../../cli/cli-progress.js';
import { type MoveStep, StoreMover } from './store-mover.service.js';
import { StoreChangeError } from './stores.service.js';

interface MoveFlags extends CliFlags {
  to?: string;
}

/** What each step of a move says as it starts. */
const STEPS: Record<Exclude<MoveStep['step'], 'copy'>, string> = {
  drain: "Caught up; waiting for the store's background work in hand…",
  freeze: "Holding the store's writes (503 with Retry-After) until the last change is across…",
  verify: 'Comparing the rows and checksums of every table on both sides…',
  switch: 'Switching the directory to the new cluster…',
  clean: 'Switched. Removing the replication objects and the rows left on the old cluster…',
};

@Command({
  name: 'store:move',
  arguments: '<handle>',
  description: "Move a store's data to another PostgreSQL cluster (--to NAME) while it serves, with logical replication",
})
export class StoreMoveCommand extends CommandRunner {
  constructor(private readonly mover: StoreMover) {
    super();
  }

  async run([handle]: string[], flags: MoveFlags): Promise<void> {
    if (!flags.to?.trim()) return printError(flags, '--to is required: the cluster to move the store to');
    const bar = new ProgressReport(process.stderr, `store:move ${handle}`, 'tables copied');
    let said = '';
    const report = (s: MoveStep) => {
      if (flags.json) return;
      if (s.step === 'copy') {
        if (!said) progress(`Copying the store's rows to ${flags.to} (PostgreSQL's logical replication)…`);
        said = 'copy';
        return bar.update(s.ready, s.total);
      }
      if (said === 'copy' && process.stderr.isTTY) process.stderr.write('\n');
      said = s.step;
      progress(STEPS[s.step]);
    };
    try {
      const done = await this.mover.move(handle, flags.to.trim(), report);
      printResult(
        flags,
        done,
        () =>
          `Moved store "${done.handle}" from ${done.from} to ${done.to}: ${done.rows} rows in ${done.tables} tables; ` +
          `copy ${done.copy_ms} ms, catch-up ${done.catch_up_ms} ms, writes held ${done.frozen_ms} ms.`,
      );
    } catch (err) {
      if (err instanceof StoreChangeError) return printError(flags, err.message);
      throw err;
    }
  }

  @Option({ flags: '--to <cluster>', description: 'the cluster to move it to: home or one DATABASE_CLUSTERS names' })
  parseTo(v: string) {
    return v;
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
