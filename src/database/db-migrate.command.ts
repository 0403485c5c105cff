import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CliFlags, printResult, progress } from '../cli/cli-output.js';
import { Clusters } from './clusters/clusters.js';
import { runPendingMigrations } from './migrate.js';

@Command({ name: 'db:migrate', description: 'Apply pending migrations, on the home cluster and every one DATABASE_CLUSTERS names' })
export class DbMigrateCommand extends CommandRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clusters: Clusters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async run(_args: string[], flags: CliFlags): Promise<void> {
    if (!flags.json) progress('Applying pending migrations…');
    const applied = await runPendingMigrations(this.dataSource, this.config.databaseDirectUrl);
    const names = applied.map((m) => m.name);
    const others = Object.entries(await this.clusters.migrate()).map(([cluster, ran]) => ({ cluster, applied: ran.map((m) => m.name) }));
    await this.clusters.place();
    const said = (list: string[]) => (list.length ? `Applied: ${list.join(', ')}` : 'The schema is up to date.');
    printResult(flags, others.length ? { applied: names, clusters: others } : { applied: names }, () =>
      [said(names), ...others.map((o) => `Cluster ${o.cluster}: ${said(o.applied)}`)].join('\n'),
    );
  }

  @Option({ flags: '--json', description: 'print exactly one JSON object' })
  parseJson() {
    return true;
  }
}
