import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** A file a command was told to read or write that it cannot: the message names the file and why. */
export class CliFileError extends Error {}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
};

export function fileProblem(path: string, err: unknown, verb: 'read' | 'write'): CliFileError {
  const code = (err as { code?: string }).code ?? '';
  return new CliFileError(`cannot ${verb} ${path}: ${REASONS[code] ?? (err as Error).message}`);
}

/**
 * The file to read, opened now so that a missing or unreadable one is said before anything starts,
 * streamed later (never read whole), and its size when it has one; `-` is stdin (no size).
 */
export async function openInput(path: string): Promise<{ stream: Readable; size: number | undefined }> {
  if (path === '-') return { stream: process.stdin, size: undefined };
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { stream: handle.createReadStream(), size: stat.isFile() ? stat.size : undefined };
  } catch (err) {
    await handle?.close();
    throw fileProblem(path, err, 'read');
  }
}

/**
 * The file to write, as a file beside it that takes its name only once complete (`commit`), so a
 * failed or interrupted run never leaves a half file under that name nor spoils one already there.
 * A path that cannot be written is said now, before any work.
 */
export async function openOutput(path: string): Promise<{ stream: Writable; commit(): Promise<void>; discard(): Promise<void> }> {
  const partial = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
  let handle: FileHandle;
  try {
    if ((await stat(path).catch(() => null))?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    handle = await open(partial, 'wx', 0o644);
  } catch (err) {
    throw fileProblem(path, err, 'write');
  }
  const stream = handle.createWriteStream();
  return {
    stream,
    commit: async () => {
      await rename(partial, path).catch((err: unknown) => {
        throw fileProblem(path, err, 'write');
      });
    },
    discard: async () => {
      stream.destroy();
      await handle.close().catch(() => undefined);
      await rm(partial, { force: true });
    },
  };
}
