import type { Server } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Whether the api is draining after SIGTERM. While it is, /ready answers 503 and every response
 * closes its connection, so keep-alive clients reconnect elsewhere instead of holding the process.
 */
@Injectable()
export class ShutdownState {
  private state: 'serving' | 'draining' = 'serving';
  private readonly inFlight = new Set<Response>();

  get draining(): boolean {
    return this.state === 'draining';
  }

  begin(): void {
    this.state = 'draining';
    // Responses already being prepared have not written their headers yet: they can still say so.
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  middleware() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      if (this.draining) {
        res.setHeader('Connection', 'close');
      } else {
        this.inFlight.add(res);
        res.once('close', () => this.inFlight.delete(res));
      }
      next();
    };
  }
}

/**
 * Stops accepting connections at once, closes the idle keep-alive ones, lets requests in flight
 * finish, and after `graceMs` cuts whatever is left. Resolves with how it ended.
 */
export function drainHttpServer(server: Server, graceMs: number): Promise<'drained' | 'cut'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve('cut');
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve('drained');
    });
    server.closeIdleConnections();
  });
}
