/** Numbered placeholders for one statement: `p.add(value)` returns `$n`. Values never enter the text. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
