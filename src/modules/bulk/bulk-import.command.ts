import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option } from 'nest-commander';
import { CliFileError, openInput } from '../../cli/cli-files.js';
import { jsonOption, printError, printResult, printUsageError } from '../../cli/cli-output.js';
import { ProgressReport, formatCount } from '../../cli/cli-progress.js';
import { ApiError } from '../../common/http/api-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { type StoreFlags, inNamedStore } from '../stores/store-option.js';
import { BulkJobHandler } from './bulk-job.handler.js';
import type { ImportView } from './bulk.views.js';
import { BULK_RESOURCES, isBulkResource } from './domain/bulk-resources.js';
import { type ImportStatus, isFinished } from './domain/bulk-status.js';
import { ImportsService } from './imports.service.js';

/**
 * `import <resource> <file>` (docs/api.md#bulk-import-and-export): the file goes through the pipeline of POST /imports,
 * streamed, and the import then runs in this process, its progress on stderr, its counts at the end.
 * Exit 0 when it completed, even with failed lines (their count is said, their errors are in GET
 * /import/{id}/results); 1 when the import as a whole failed or was cancelled, or the file was
 * refused (empty, too large); 2 when the command was given wrongly (an unknown resource, a file it
 * cannot read); 130 when Ctrl-C ended it (the import then cancelled).
 */
/** The exit code of a command ended by Ctrl-C: 128 + SIGINT, as shells report it. */
const INTERRUPTED = 130;

@Command({
  name: 'import',
  arguments: '<resource> <file>',
  description: `Import an NDJSON file (one member per line; - reads stdin) into ${BULK_RESOURCES.join(', ')}`,
})
export class BulkImportCommand extends CommandRunner {
  constructor(
    private readonly imports: ImportsService,
    private readonly jobs: BulkJobHandler,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** In the store `--store` names (default `default`): the job, its lines and its members are that store's. */
  run(args: string[], flags: StoreFlags): Promise<void> {
    return inNamedStore(this.stores, flags, () => this.work(args, flags));
  }

  private async work([resource, path]: string[], flags: StoreFlags): Promise<void> {
    if (!isBulkResource(resource)) {
      return printUsageError(flags, `unknown resource "${resource}": one of ${BULK_RESOURCES.join(', ')}`);
    }
    let input: Awaited<ReturnType<typeof openInput>>;
    try {
      input = await openInput(path);
    } catch (err) {
      if (err instanceof CliFileError) return printUsageError(flags, err.message);
      throw err;
    }
    // Ctrl-C: an upload under way is abandoned (nothing is kept), an import under way is cancelled
    // (what was applied stays, as POST /import/{id}/cancel leaves it), and the command exits 130, as
    // a shell reports a command ended by SIGINT. A second Ctrl-C exits at once.
    let interrupted = false;
    let id: number | undefined;
    const interrupt = () => {
      if (interrupted) process.exit(INTERRUPTED);
      interrupted = true;
      process.stderr.write(
        id === undefined ? '\nimport: interrupted; abandoning the upload\n' : `\nimport ${id}: interrupted; cancelling it\n`,
      );
      if (id === undefined) input.stream.destroy(new Error('interrupted'));
      else this.imports.cancel(String(id)).catch(() => undefined); // already finished: nothing to cancel
    };
    process.on('SIGINT', interrupt);
    try {
      const uploading = new ProgressReport(process.stderr, 'upload', 'bytes');
      try {
        const job = await this.imports.upload(resource, counted(input.stream, input.size, uploading), input.size);
        uploading.end();
        process.stderr.write(`import ${job.id}: ${formatCount(job.lines)} ${job.lines === 1 ? 'line' : 'lines'} of ${resource} uploaded\n`);
        id = job.id;
      } catch (err) {
        uploading.end();
        if (interrupted) {
          printError(flags, 'interrupted during the upload; nothing was imported');
          process.exitCode = INTERRUPTED;
          return;
        }
        if (err instanceof ApiError) return printError(flags, refusal(path, err, this.config.importMaxBytes));
        throw err;
      } finally {
        input.stream.destroy();
      }
      if (interrupted) await this.imports.cancel(String(id)).catch(() => undefined);
      const view = await this.follow(id);
      printResult(flags, view, () => summary(view));
      if (view.status !== 'completed') {
        process.exitCode = interrupted ? INTERRUPTED : 1;
        if (!flags.json) process.stderr.write(`Error: import ${view.id} ${view.status}${view.error ? `: ${view.error}` : ''}\n`);
      }
    } finally {
      process.off('SIGINT', interrupt);
    }
  }

  /**
   * Runs import `id` here to its end and answers it finished. When another process holds it (a
   * worker took it first), its progress is followed instead, and this process takes it over should
   * that one die (its lease runs out).
   */
  private async follow(id: number): Promise<ImportView> {
    const report = new ProgressReport(process.stderr, `import ${id}`, 'lines');
    let elsewhere = false;
    try {
      for (;;) {
        const ran = await this.jobs.runOne('imports', id, (job) => report.update(job.processed, job.lines));
        const view = await this.imports.get(String(id));
        report.update(view.processed, view.lines);
        if (isFinished(view.status as ImportStatus)) return view;
        if (!ran) {
          if (!elsewhere) {
            report.end();
            process.stderr.write(`import ${id}: another process is running it; following its progress\n`);
            elsewhere = true;
          }
          await sleep(this.config.bulkPollMs);
        }
      }
    } finally {
      report.end();
    }
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

/** The file's bytes as they go to the upload, counted on a terminal's bar (a log gets no lines for it). */
async function* counted(stream: AsyncIterable<Buffer>, size: number | undefined, report: ProgressReport): AsyncGenerator<Buffer> {
  if (!process.stderr.isTTY || !size) return yield* stream;
  let read = 0;
  for await (const chunk of stream) {
    read += chunk.length;
    report.update(read, size);
    yield chunk;
  }
}

/** The counts at the end, and where the failed lines' errors are. */
function summary(v: ImportView): string {
  const n = (count: number, what: string) => `${formatCount(count)} ${what}`;
  const lines = (count: number) => n(count, count === 1 ? 'line' : 'lines');
  const counts = `${n(v.created, 'created')}, ${n(v.updated, 'updated')}, ${n(v.unchanged, 'unchanged')}, ${n(v.failed, 'failed')}`;
  const out = [
    v.status === 'completed'
      ? `Import ${v.id} (${v.resource}) completed: ${lines(v.lines)}, ${counts}.`
      : `Import ${v.id} (${v.resource}) ${v.status} after ${formatCount(v.processed)} of ${lines(v.lines)}: ${counts}.`,
  ];
  if (v.failed > 0) {
    out.push(`${lines(v.failed)} failed; each line's result and errors: GET /import/${v.id}/results`);
  }
  return out.join('\n');
}

/** What the upload's refusal means for a file. */
function refusal(path: string, err: ApiError, maxBytes: number): string {
  const file = path === '-' ? 'stdin' : path;
  if (err.status === 413) return `${file} is larger than IMPORT_MAX_BYTES (${formatCount(maxBytes)} bytes); nothing was imported`;
  if (err.status === 422 && typeof err.body !== 'string' && err.body.body) return `${file} holds no line to import`;
  return typeof err.body === 'string'
    ? err.body
    : Object.entries(err.body)
        .map(([k, v]) => `${k} ${v.join(', ')}`)
        .join('; ');
}
