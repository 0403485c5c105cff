import type { Request, Response } from 'express';
import { Logger } from '@nestjs/common';

/** The media type of NDJSON answers and uploads (docs/api.md#bulk-import-and-export). */
export const NDJSON = 'application/x-ndjson';

/**
 * An answer that is a stream of NDJSON lines (an import's results, an export's file), written as
 * they come with backpressure: a file of any size passes through a bounded amount of memory. It has
 * no envelope and no ETag (its length is not known up front). A client that goes away stops the reading.
 */
export class NdjsonBody {
  constructor(
    /** Each item is one line without its newline. */
    readonly lines: AsyncIterable<string[]>,
    /** `Content-Disposition: attachment; filename=…` when set. */
    readonly filename?: string,
  ) {}
}

const logger = new Logger('Http');

export function sendNdjson(req: Request, res: Response, status: number, body: NdjsonBody): void {
  res.status(status);
  res.setHeader('Content-Type', `${NDJSON}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-store');
  if (body.filename) res.setHeader('Content-Disposition', `attachment; filename="${body.filename.replace(/["\\\r\n]/g, '')}"`);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // Sent now: the response is under way (and the framework leaves it alone) while the lines come.
  res.flushHeaders();
  void pump(res, body).catch((err: unknown) => {
    // Headers are gone: the only honest signal left is a cut connection (no final newline, no end).
    logger.error(`An NDJSON answer broke off: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy(err instanceof Error ? err : undefined);
  });
}

async function pump(res: Response, body: NdjsonBody): Promise<void> {
  let closed = false;
  res.on('close', () => (closed = true));
  for await (const lines of body.lines) {
    if (closed) return;
    if (lines.length === 0) continue;
    if (!res.write(lines.join('\n') + '\n')) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!closed) res.end();
}
