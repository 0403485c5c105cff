import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import Bull from 'bull';

/**
 * Every Bull queue any module registered (`BullModule.registerQueue`), found in the container, so
 * the dashboard, readiness and shutdown cover queues added later without being told about them.
 */
export function findBullQueues(app: INestApplicationContext): Bull.Queue[] {
  const queues = new Map<string, Bull.Queue>();
  for (const wrapper of app.get(DiscoveryService).getProviders()) {
    const instance: unknown = wrapper.isDependencyTreeStatic() ? wrapper.instance : undefined;
    if (instance instanceof Bull && !queues.has(instance.name)) queues.set(instance.name, instance);
  }
  return [...queues.values()];
}
