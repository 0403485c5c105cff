/**
 * A stop request often arrives more than once: Ctrl-C and systemd's default stop send the signal to
 * the whole process group, and `npm start` forwards the one it receives to its child as well.
 * Signals this close to the first are that same request, not a second one.
 */
const SAME_REQUEST_MS = 1000;

/**
 * The one place a process takes SIGTERM and SIGINT. The first calls `begin` (a graceful stop). A
 * later one calls `again` (stop at once) when the process has one; a process without it (an api
 * process of a cluster, which only its primary may stop at once) ignores it. Returns the handler,
 * for a stop that starts otherwise (a message from the cluster's primary): calling it twice is safe.
 */
export function onStopSignals(
  begin: (signal: NodeJS.Signals) => void,
  again?: (signal: NodeJS.Signals) => void,
): (signal: NodeJS.Signals) => void {
  let firstAt: number | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      begin(signal);
    } else if (again && Date.now() - firstAt >= SAME_REQUEST_MS) {
      again(signal);
    }
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  return handler;
}
