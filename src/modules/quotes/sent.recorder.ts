/**
 * Records accepted messages as `sent`. A message accepted while a record is being written waits
 * for the next one, which takes every message that came meanwhile: one statement per message when
 * they come one at a time, one for many under load, and never a timer holding a record back. Each
 * message carries the claim token it was sent under; `record` answers whether it was recorded
 * (false: another holder had taken its delivery over). A batch that fails is written again one
 * message at a time, so one message that cannot be recorded fails alone.
 */
export class SentRecorder {
  private waiting: { id: number; messageId: string; token: string; done: (recorded: boolean, err?: unknown) => void }[] = [];
  private writing = false;

  /** `idle`, when given, is called each time the last waiting message has been written. */
  constructor(
    private readonly markSent: (ids: number[], messageIds: string[], tokens: string[]) => Promise<Set<number>>,
    private readonly idle?: () => void,
  ) {}

  record(id: number, messageId: string, token: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, messageId, token, done: (recorded, err) => (err === undefined ? resolve(recorded) : reject(err)) });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, 1000);
      try {
        const recorded = await this.markSent(
          batch.map((b) => b.id),
          batch.map((b) => b.messageId),
          batch.map((b) => b.token),
        );
        for (const b of batch) b.done(recorded.has(b.id));
      } catch (err) {
        // One message the batch could not record must not fail the others: each is tried on its
        // own (a statement per message, on this failure path only), and only a failing one fails.
        if (batch.length === 1) batch[0].done(false, err ?? new Error('recording failed'));
        else await this.oneByOne(batch);
      }
    }
    this.writing = false;
    this.idle?.();
  }

  private async oneByOne(batch: typeof this.waiting): Promise<void> {
    for (const b of batch) {
      try {
        b.done((await this.markSent([b.id], [b.messageId], [b.token])).has(b.id));
      } catch (err) {
        b.done(false, err ?? new Error('recording failed'));
      }
    }
  }
}
