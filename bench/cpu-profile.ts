/**
 * A CPU profiler preload: `node --import ./dist/bench/cpu-profile.js dist/src/main.js` with
 * CPU_PROFILE=<file> writes a .cpuprofile when the process gets SIGUSR2 or exits. Node 20 refuses
 * `--cpu-prof` in NODE_OPTIONS, and a preload also works for the api started by the bench harness.
 * `node dist/bench/profile-top.js <file>` prints the hottest frames.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.CPU_PROFILE;
if (out) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(out, JSON.stringify(result.profile));
    });
  };
  process.on('SIGUSR2', write);
  process.on('exit', write);
}
