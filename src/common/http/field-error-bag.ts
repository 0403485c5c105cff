import { ApiError, type FieldErrors } from './api-error.js';

/**
 * Collects field errors so a request reports all of them at once. Paths come from clients (a body
 * key named `__proto__` or `constructor` is reported like any other), so the map has no prototype.
 */
export class FieldErrorBag {
  readonly errors: FieldErrors = Object.create(null) as FieldErrors;

  add(path: string, message: string): this {
    const messages = this.errors[path];
    if (messages) messages.push(message);
    else this.errors[path] = [message];
    return this;
  }

  has(path: string): boolean {
    return this.errors[path] !== undefined;
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw ApiError.unprocessable(this.errors);
  }
}
