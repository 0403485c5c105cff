import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Use cases own their transaction: they call `run` and pass the manager down.
 * Work that must follow the commit (enqueueing jobs) goes in `afterCommit`, so a rolled-back
 * request never leaves a job behind.
 */
@Injectable()
export class TransactionRunner {
  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: (manager: EntityManager, afterCommit: (fn: () => unknown) => void) => Promise<T>): Promise<T> {
    const after: (() => unknown)[] = [];
    const result = await this.dataSource.transaction((manager) => work(manager, (fn) => after.push(fn)));
    for (const fn of after) await fn();
    return result;
  }
}
