import { SentRecorder } from './sent.recorder.js';

describe('SentRecorder', () => {
  it('records messages that come together in one batch', async () => {
    const calls: number[][] = [];
    const recorder = new SentRecorder(async (ids) => (calls.push(ids), new Set(ids.filter((id) => id !== 2))));
    const results = await Promise.all([1, 2, 3].map((id) => recorder.record(id, `<m${id}>`, `t${id}`)));
    expect(results).toEqual([true, false, true]);
    // The first alone (nothing was being written), the two that came meanwhile together.
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('fails only the message that cannot be recorded, not its whole batch', async () => {
    const calls: number[][] = [];
    const recorder = new SentRecorder(async (ids) => {
      calls.push(ids);
      if (ids.includes(3)) throw new Error('could not record 3');
      return new Set(ids);
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((id) => recorder.record(id, `<m${id}>`, `t${id}`)));
    expect(results).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: true },
      { status: 'rejected', reason: new Error('could not record 3') },
      { status: 'fulfilled', value: true },
    ]);
    expect(calls).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('says when it is idle: after the last waiting message is written, not before', async () => {
    const idle: number[][] = [];
    const calls: number[][] = [];
    const recorder = new SentRecorder(
      async (ids) => (calls.push(ids), new Set(ids)),
      () => idle.push(calls.flat()),
    );
    await Promise.all([1, 2, 3].map((id) => recorder.record(id, `<m${id}>`, `t${id}`)));
    await recorder.record(4, '<m4>', 't4');
    expect(idle).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4],
    ]);
  });
});
