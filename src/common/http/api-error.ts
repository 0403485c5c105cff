/** Field path → messages, the 422 body of CONTRACT §4. */
export type FieldErrors = Record<string, string[]>;

/** An error that becomes exactly one envelope: `{meta:{status,success:false},error:{message}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : 'The request has invalid fields.');
  }

  static notFound(message = 'The requested resource was not found.'): ApiError {
    return new ApiError(404, message);
  }

  static unprocessable(fields: FieldErrors): ApiError {
    return new ApiError(422, fields);
  }

  static field(path: string, message: string): ApiError {
    return new ApiError(422, { [path]: [message] });
  }

  static conflict(message: string): ApiError {
    return new ApiError(409, message);
  }

  static preconditionFailed(): ApiError {
    return new ApiError(412, 'The resource has changed: If-Match does not match its current ETag.');
  }
}

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
