import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CliFlags, printResult, progress } from '../cli/cli-output.js';
import { runPendingMigrations } from './migrate.js';

@Command({ name: 'db:migrate', description: 'Apply pending migrations' })
export class DbMigrateCommand extends CommandRunner {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async run(_args: string[], flags: CliFlags): Promise<void> {
    if (!flags.json) progress('Applying pending migrations…');
    const applied = await runPendingMigrations(this.dataSource, this.config.databaseDirectUrl);
    const names = applied.map((m) => m.name);
    printResult(flags, { applied: names }, () => (names.length ? `Applied: ${names.join(', ')}` : 'The schema is up to date.'));
  }

  @Option({ flags: '--json', description: 'print exactly one JSON object' })
  parseJson() {
    return true;
  }
}
