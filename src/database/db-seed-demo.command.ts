import { Command, CommandRunner, Option } from 'nest-commander';
import { type CliFlags, printResult, progress } from '../cli/cli-output.js';
import { DemoSeeder } from '../modules/demo/demo.seeder.js';

@Command({ name: 'db:seed-demo', description: 'Load the demo data (safe to run twice)' })
export class DbSeedDemoCommand extends CommandRunner {
  constructor(private readonly seeder: DemoSeeder) {
    super();
  }

  async run(_args: string[], flags: CliFlags): Promise<void> {
    if (!flags.json) progress('Loading demo data…');
    const lines = await this.seeder.seed();
    printResult(flags, { seeded: lines }, () => lines.join('\n'));
  }

  @Option({ flags: '--json', description: 'print exactly one JSON object' })
  parseJson() {
    return true;
  }
}
