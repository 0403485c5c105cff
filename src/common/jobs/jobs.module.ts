import { Global, Module } from '@nestjs/common';
import { JobWakeups } from './job-wakeups.service.js';

/** The wake-ups of every job kind, one registry per process (api, worker, cli). */
@Global()
@Module({ providers: [JobWakeups], exports: [JobWakeups] })
export class JobsModule {}
