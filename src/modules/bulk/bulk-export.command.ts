import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { CliFileError, fileProblem, openOutput } from '../../cli/cli-files.js';
import { jsonOption, printError, printResult, printUsageError } from '../../cli/cli-output.js';
import { ProgressReport, formatCount } from '../../cli/cli-progress.js';
import { parseTimestamp } from '../../common/format/format.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { type StoreFlags, inNamedStore } from '../stores/store-option.js';
import { BulkJobHandler } from './bulk-job.handler.js';
import type { ExportView } from './bulk.views.js';
import { BULK_RESOURCES, isBulkResource } from './domain/bulk-resources.js';
import { type ExportStatus, isFinished } from './domain/bulk-status.js';
import { ExportsService } from './exports.service.js';

interface ExportFlags extends StoreFlags {
  updatedAtMin?: string;
}

/**
 * `export <resource> [file]` (docs/api.md#bulk-import-and-export): the export of POST /exports, run in this process, its
 * file then written to `file` (complete or not at all) or to stdout (`-` or no file), one member per
 * line in the form its import takes. Progress and the summary go to stderr when stdout carries the
 * file. Exit 1 when the export fails; 2 when the command is given wrongly.
 */
@Command({
  name: 'export',
  arguments: '<resource> [file]',
  description: `Export ${BULK_RESOURCES.join(', ')} as NDJSON (one member per line, as its import takes it) to a file or stdout`,
})
export class BulkExportCommand extends CommandRunner {
  constructor(
    private readonly exports: ExportsService,
    private readonly jobs: BulkJobHandler,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** In the store `--store` names (default `default`): the job, its lines and its members are that store's. */
  run(args: string[], flags: ExportFlags): Promise<void> {
    return inNamedStore(this.stores, flags, () => this.work(args, flags));
  }

  private async work([resource, path]: string[], flags: ExportFlags): Promise<void> {
    if (!isBulkResource(resource)) {
      return printUsageError(flags, `unknown resource "${resource}": one of ${BULK_RESOURCES.join(', ')}`);
    }
    const toStdout = path === undefined || path === '-';
    if (toStdout && flags.json) return printUsageError(flags, '--json needs a file: without one, stdout carries the export');
    let updatedAtMin: Date | undefined;
    if (flags.updatedAtMin !== undefined) {
      const parsed = parseTimestamp(flags.updatedAtMin);
      if (!parsed) return printUsageError(flags, '--updated-at-min must be YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with an offset');
      updatedAtMin = parsed;
    }
    let output: Awaited<ReturnType<typeof openOutput>> | null = null;
    try {
      if (!toStdout) output = await openOutput(path);
    } catch (err) {
      if (err instanceof CliFileError) return printUsageError(flags, err.message);
      throw err;
    }
    try {
      const view = await this.follow((await this.exports.start(resource, updatedAtMin)).id);
      if (view.status !== 'completed') {
        // With --json the export (its status and error) is the one object printed.
        if (flags.json) printResult(flags, view, () => '');
        else printError(flags, `export ${view.id} ${view.status}${view.error ? `: ${view.error}` : ''}`);
        process.exitCode = 1;
        return;
      }
      if (output) {
        const file = output;
        await this.write(view, file.stream).catch((err: unknown) => {
          // A system call that failed is the disk's doing (full, gone, read-only), not the export's.
          throw (err as { syscall?: string }).syscall ? fileProblem(path, err, 'write') : err;
        });
        await file.commit();
      } else if (!(await this.write(view, process.stdout))) return;
      output = null;
      const done = `Export ${view.id} (${view.resource}) completed: ${formatCount(view.lines)} ${view.lines === 1 ? 'line' : 'lines'}`;
      if (toStdout) process.stderr.write(`${done}.\n`);
      else printResult(flags, view, () => `${done}, written to ${path}.`);
    } catch (err) {
      if (err instanceof CliFileError) return printError(flags, err.message);
      throw err;
    } finally {
      await output?.discard();
    }
  }

  /**
   * Runs export `id` here to its end and answers it finished; when another process holds it, it is
   * followed instead (and taken over should that process die). A terminal sees the lines counted.
   */
  private async follow(id: number): Promise<ExportView> {
    const report = new ProgressReport(process.stderr, `export ${id}`, 'lines');
    // The runner says nothing as it goes: its row does, read while it runs (only a terminal shows it).
    const watching = process.stderr.isTTY
      ? setInterval(() => {
          this.exports.get(String(id)).then(
            (v) => report.count(v.lines),
            () => undefined, // a missed reading: the next one redraws
          );
        }, 500)
      : null;
    let elsewhere = false;
    try {
      for (;;) {
        const ran = await this.jobs.runOne('exports', id);
        const view = await this.exports.get(String(id));
        if (isFinished(view.status as ExportStatus)) return view;
        if (!ran) {
          if (!elsewhere) {
            report.end();
            process.stderr.write(`export ${id}: another process is running it; following its progress\n`);
            elsewhere = true;
          }
          await sleep(this.config.bulkPollMs);
        }
      }
    } finally {
      if (watching) clearInterval(watching);
      report.end();
    }
  }

  /** The export's file to `out`, with backpressure, its progress on stderr; false when stdout's reader left early. */
  private async write(view: ExportView, out: Writable): Promise<boolean> {
    const report = new ProgressReport(process.stderr, `export ${view.id}`, 'lines');
    const pages = this.exports.fileLines(view.id);
    async function* text(): AsyncGenerator<string> {
      let written = 0;
      for await (const lines of pages) {
        yield `${lines.join('\n')}\n`;
        written += lines.length;
        report.update(written, view.lines);
      }
    }
    try {
      // stdout stays open for whatever comes after (the process's own end closes it).
      await pipeline(Readable.from(text()), out, { end: out !== process.stdout });
    } catch (err) {
      // The reader of stdout went away (`| head`): it has what it wanted, as with any command in a pipe.
      if (out === process.stdout && (err as { code?: string }).code === 'EPIPE') return false;
      throw err;
    } finally {
      report.end();
    }
    return true;
  }

  @Option({ flags: '--updated-at-min <time>', description: 'only members updated at or after this (YYYY-MM-DD HH:MM:SS UTC, or ISO 8601)' })
  parseUpdatedAtMin(v: string) {
    return v;
  }

  @Option({ flags: '--store <handle>', description: 'the store whose data it is (default: default)' })
  parseStore(v: string) {
    return v;
  }

  @jsonOption()
  parseJson() {
    return true;
  }
}
