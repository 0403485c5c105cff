// npm test: jest, with the whole suite run in two steps so that it fits the time CI has.
//
//   npm test                          the whole suite, in two steps (below)
//   npm test -- --json --outputFile=r the same, with jest's JSON report of both steps in one file
//   npm test -- <anything else>       one jest run, one spec file at a time, as given (files, -t, …)
//
// 1. The unit tests and the specs that boot the app inside the test process: two spec files at a time
//    (jest --maxWorkers=2). Each spec file has a database of its own, its own Redis key prefix, its own
//    ports, its own SMTP sink and HTTP receivers, so two never meet.
// 2. Then, one at a time (--runInBand), the specs that start processes, PostgreSQL clusters, poolers,
//    Sentinels or proxies, kill them, or otherwise want the machine to themselves: a spec file is one of
//    them when it imports test/support/processes, pg-cluster, tcp-proxy or balancer, or node:child_process,
//    or says `test-lane: serial` in a comment. A new spec is sorted by what it uses; nothing to register.
//
// Both steps run even when the first fails, and the exit code is the worse of the two. Every jest run
// ends when its last spec file has (--forceExit): a process or socket a failed test left behind is named by
// jest's open-handles notice, and cannot hold the run open until CI's time is gone.
// test/support/processes.ts kills the processes it started after each spec file.
// TEST_WORKERS=1 runs step 1 one file at a time too (the way the whole suite ran before).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const JEST = require.resolve('jest/bin/jest');
const SERIAL = /support\/(processes|pg-cluster|tcp-proxy|balancer)\.js|node:child_process|test-lane: serial/;
/** Flags that leave a run the whole suite's; anything else is passed to one jest run as it is. */
const SUITE_FLAG = /^--(json|silent|ci|verbose|outputFile=.+)$/;

const args = process.argv.slice(2);
const jest = (jestArgs) => spawnSync(process.execPath, [JEST, ...jestArgs], { stdio: 'inherit' }).status ?? 1;

if (!args.every((a) => SUITE_FLAG.test(a))) process.exit(jest(['--runInBand', '--forceExit', ...args]));

const listed = spawnSync(process.execPath, [JEST, '--listTests', '--json'], { encoding: 'utf8' });
if (listed.status !== 0) {
  process.stderr.write(listed.stderr);
  process.exit(listed.status ?? 1);
}
const files = JSON.parse(listed.stdout).sort();
const serial = files.filter((f) => SERIAL.test(readFileSync(f, 'utf8')));
const parallel = files.filter((f) => !serial.includes(f));

const workers = Math.max(1, Number(process.env.TEST_WORKERS ?? 2) || 2);
const outputFile = args.find((a) => a.startsWith('--outputFile='))?.slice('--outputFile='.length);
const flags = args.filter((a) => !a.startsWith('--outputFile='));
const steps = [
  { name: `${parallel.length} spec files, ${workers} at a time`, options: [`--maxWorkers=${workers}`], files: parallel },
  { name: `${serial.length} spec files that start processes, one at a time`, options: ['--runInBand'], files: serial },
];
let status = 0;
const reports = [];
for (const [i, step] of steps.entries()) {
  if (step.files.length === 0) continue;
  console.error(`\n== npm test, step ${i + 1} of 2: ${step.name}\n`);
  const report = outputFile ? `${outputFile}.step-${i + 1}` : null;
  const code = jest([
    ...step.options,
    '--forceExit',
    ...flags,
    ...(report ? [`--outputFile=${report}`] : []),
    '--runTestsByPath',
    ...step.files,
  ]);
  status = Math.max(status, code);
  if (report) {
    try {
      reports.push(JSON.parse(readFileSync(report, 'utf8')));
    } catch {
      status = Math.max(status, 1);
    }
    rmSync(report, { force: true });
  }
}
if (outputFile) writeFileSync(outputFile, JSON.stringify(merged(reports)));
process.exit(status);

/** One jest JSON report of several: the counts added up, the results one after the other. */
function merged(parts) {
  const out = { ...parts[0], testResults: [], success: true, wasInterrupted: false };
  for (const key of Object.keys(out)) if (key.startsWith('num')) out[key] = 0;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) if (key.startsWith('num') && typeof value === 'number') out[key] += value;
    out.testResults.push(...part.testResults);
    out.success &&= part.success;
    out.wasInterrupted ||= part.wasInterrupted;
    out.startTime = Math.min(out.startTime ?? part.startTime, part.startTime);
  }
  return out;
}
