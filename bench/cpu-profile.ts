/**
 * A CPU profiler preload: `node --import ./dist/bench/cpu-profile.js dist/src/main.js` with
 * CPU_PROFILE=<file> starts profiling at the first SIGUSR2 and writes a .cpuprofile at the second
 * (or at exit), so a profile holds the measured load only, not start-up and data set-up. Node 20 refuses
 * `--cpu-prof` in NODE_OPTIONS, and a preload also works for the api started by the bench harness.
 * `node dist/bench/profile-top.js <file>` prints the hottest frames.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.CPU_PROFILE;
if (out) {
  const session = new Session();
  session.connect();
  let started = false;
  let written = false;
  const write = () => {
    if (!started || written) return;
    written = true;
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(out, JSON.stringify(result.profile));
    });
  };
  process.on('SIGUSR2', () => {
    if (started) return write();
    started = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
  });
  process.on('exit', write);
}
