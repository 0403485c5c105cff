/**
 * Progress of a long command on stderr (stdout stays for the result): on a terminal one bar redrawn
 * in place, otherwise (a log, a CI job) one line each time another tenth is done, so a log of a
 * 100,000-line import holds ten lines, not a thousand.
 */
export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 20;
const count = new Intl.NumberFormat('en-US');

/** 10000 → "10,000". */
export function formatCount(n: number): string {
  return count.format(n);
}

export class ProgressReport {
  private lastTenth = 0;
  private drawn = false;
  private lastPercent = -1;
  private lastDone = -1;

  /** `label` names the job in the lines a log gets ("import 12"); `unit` what is counted ("lines"). */
  constructor(
    private readonly sink: ProgressSink,
    private readonly label: string,
    private readonly unit: string,
  ) {}

  /** `done` of `total` are done; a total of 0 shows nothing. */
  update(done: number, total: number): void {
    if (total <= 0) return;
    const percent = Math.min(100, Math.floor((done * 100) / total));
    const numbers = `${formatCount(done)}/${formatCount(total)} ${this.unit}`;
    if (this.sink.isTTY) {
      // Redrawn when the percentage moves (and at the end): a hundred redraws however many updates.
      if (percent === this.lastPercent && (done < total || this.lastDone === done)) return;
      this.lastPercent = percent;
      this.lastDone = done;
      const filled = Math.floor((percent * BAR_WIDTH) / 100);
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}% ${numbers}`;
      // Cleared to the end of the line: a shorter redraw leaves nothing of the longer one before it.
      this.sink.write(`\r${bar}\x1b[K`);
      this.drawn = true;
      return;
    }
    const tenth = Math.floor(percent / 10);
    if (tenth <= this.lastTenth) return;
    this.lastTenth = tenth;
    this.sink.write(`${this.label}: ${percent}% (${numbers})\n`);
  }

  /** `done` so far, of a total not known yet: on a terminal a counter redrawn in place; nothing in a log. */
  count(done: number): void {
    if (!this.sink.isTTY || done === this.lastDone) return;
    this.lastDone = done;
    this.sink.write(`\r${this.label}: ${formatCount(done)} ${this.unit}\x1b[K`);
    this.drawn = true;
  }

  /** Ends the bar's line, so what comes next starts on a line of its own. */
  end(): void {
    if (this.drawn) this.sink.write('\n');
    this.drawn = false;
  }
}
