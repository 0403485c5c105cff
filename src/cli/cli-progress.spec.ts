import { ProgressReport } from './cli-progress.js';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, isTTY, write: (text: string) => out.push(text) };
}

describe('ProgressReport', () => {
  it('writes a log one line per tenth, however the updates fall', () => {
    const s = sink(false);
    const report = new ProgressReport(s, 'import 7', 'lines');
    for (const done of [0, 5_000, 9_999, 10_000, 35_000, 35_500, 100_000]) report.update(done, 100_000);
    report.end();
    expect(s.out).toEqual(
      ['import 7: 10% (10,000/100,000 lines)', 'import 7: 35% (35,000/100,000 lines)', 'import 7: 100% (100,000/100,000 lines)'].map(
        (l) => `${l}\n`,
      ),
    );
  });

  it('redraws one bar in place on a terminal when the percentage moves, and ends its line', () => {
    const s = sink(true);
    const report = new ProgressReport(s, 'import 7', 'lines');
    for (const done of [52_000, 52_500, 100_000, 100_000]) report.update(done, 100_000);
    report.end();
    expect(s.out).toEqual([
      '\r[##########..........] 52% 52,000/100,000 lines\x1b[K',
      '\r[####################] 100% 100,000/100,000 lines\x1b[K',
      '\n',
    ]);
  });

  it('counts without a total only on a terminal', () => {
    const log = sink(false);
    new ProgressReport(log, 'export 2', 'lines').count(12_000);
    expect(log.out).toEqual([]);
    const tty = sink(true);
    new ProgressReport(tty, 'export 2', 'lines').count(12_000);
    expect(tty.out).toEqual(['\rexport 2: 12,000 lines\x1b[K']);
  });
});
