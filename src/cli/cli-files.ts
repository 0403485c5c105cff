import { type FileHandle, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

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
