/**
 * Records accepted messages as `sent`. A message accepted while a record is being written waits
 * for the next one, which takes every message that came meanwhile: one statement per message when
 * they come one at a time, one for many under load, and never a timer holding a record back.
 */
export class SentRecorder {
  private waiting: { id: number; messageId: string; done: (err?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly markSent: (ids: number[], messageIds: string[]) => Promise<void>) {}

  record(id: number, messageId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, messageId, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, 1000);
      try {
        await this.markSent(
          batch.map((b) => b.id),
          batch.map((b) => b.messageId),
        );
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err ?? new Error('recording failed'));
      }
    }
    this.writing = false;
  }
}
