import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { ApiError } from '../../common/http/api-error.js';
import { UploadTooLargeError } from './domain/ndjson.js';

/** The name every spooled upload starts with (a process killed mid-upload may leave one behind). */
const SPOOL_PREFIX = 'store-import-';

/** This host, as a spool file's name carries it (letters, digits, dots and dashes only). */
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_');

/** After SPOOL_PREFIX, HOST and a dash: the writer's pid and the file's own id. */
const WRITER_AND_ID = /^(\d+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.ndjson$/;

/** The upload's bytes at rest, in a file of their own: read it, then `remove()` it (always). */
export interface SpooledUpload {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

/**
 * Writes an upload to a file under `dir` as its bytes arrive (docs/api.md#bulk-import-and-export), with the
 * file's own backpressure (memory holds one read of the stream), so the database is not touched until
 * all of it is in. More than `maxBytes`: UploadTooLargeError. Nothing for `idleMs`: 408, and the
 * connection is closed after the answer. Any way it fails, the file is gone before the error leaves.
 */
export async function spoolUpload(
  body: AsyncIterable<Buffer | string>,
  options: { dir: string; maxBytes: number; idleMs: number },
): Promise<SpooledUpload> {
  const path = join(options.dir, `${SPOOL_PREFIX}${HOST}-${process.pid}-${randomUUID()}.ndjson`);
  const remove = () => rm(path, { force: true });
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  // Kept until the end: an error between two writes must not escape as an unhandled 'error' event.
  let failure: Error | null = null;
  file.on('error', (err) => (failure = err));
  let bytes = 0;
  try {
    await once(file, 'open');
    for await (const piece of idleCut(body, options.idleMs)) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += chunk.length;
      if (bytes > options.maxBytes) throw new UploadTooLargeError(options.maxBytes);
      if (failure) throw failure;
      // once() rejects on 'error' too, so a full disk ends the wait.
      if (!file.write(chunk)) await once(file, 'drain');
    }
    file.end();
    await once(file, 'close');
    if (failure) throw failure;
  } catch (err) {
    file.destroy();
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await remove();
    throw err;
  }
  return { path, bytes, remove };
}

/**
 * The chunks of `source`, failing with 408 when the next one does not come within `idleMs` (the
 * time the reader spends on a chunk is not counted). The source is left as it is: an HTTP request is
 * answered, then its connection closed, rather than cut without a word.
 */
async function* idleCut(source: AsyncIterable<Buffer | string>, idleMs: number): AsyncGenerator<Buffer | string> {
  const it = source[Symbol.asyncIterator]();
  let idled = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          idled = true;
          reject(
            new ApiError(408, `The upload sent nothing for ${idleMs / 1000} s and was cut off; nothing of it was kept.`, {
              Connection: 'close',
            }),
          );
        }, idleMs);
      });
      let next: IteratorResult<Buffer | string>;
      try {
        next = await Promise.race([it.next(), idle]);
      } catch (err) {
        throw brokenOff(err) ? new ApiError(400, 'The upload broke off before its end; nothing of it was kept.') : err;
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Read no further when the reader stopped early (413): as a for-await over the source would. Not
    // while a read is pending on an idle upload: its request is answered 408 first.
    if (!idled) await it.return?.();
  }
}

/** The client went away mid-upload (its connection reset or closed): nobody hears the answer, and nothing failed here. */
function brokenOff(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Removes the spooled uploads that processes of this host left behind when they died mid-upload:
 * the files whose name carries this host and a pid that no longer runs. Another host's files (a
 * spool directory on shared storage) are left alone, as are a live process's: this host cannot tell
 * whether their writer lives. Answers how many it removed.
 */
export async function sweepSpool(dir: string): Promise<number> {
  const own = `${SPOOL_PREFIX}${HOST}-`;
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const writer = name.startsWith(own) ? WRITER_AND_ID.exec(name.slice(own.length)) : null;
    if (!writer || runs(Number(writer[1]))) continue;
    await rm(join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

/** Whether a process with `pid` runs on this host (one of another user's answers EPERM, and runs). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
