import { ApiError, type FieldErrors } from './api-error.js';

/**
 * Collects field errors so a request reports all of them at once. Paths come from clients (a body
 * key named `__proto__` or `constructor` is reported like any other), so the map has no prototype.
 */
export class FieldErrorBag {
  readonly errors: FieldErrors = Object.create(null) as FieldErrors;
  private paths = 0;

  add(path: string, message: string): this {
    const messages = this.errors[path];
    if (messages) messages.push(message);
    else {
      this.errors[path] = [message];
      this.paths++;
    }
    return this;
  }

  has(path: string): boolean {
    return this.errors[path] !== undefined;
  }

  get empty(): boolean {
    return this.paths === 0;
  }

  /** How many paths have errors (a caller compares it before and after a check to see whether the check added any). */
  get size(): number {
    return this.paths;
  }

  throwIfAny(): void {
    if (!this.empty) throw ApiError.unprocessable(this.errors);
  }
}
