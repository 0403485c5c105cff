/** Field path → messages, the 422 body of docs/api.md#errors. */
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

  /** The same refusal about member `index` of a JSON array body: field errors named `N.field`. */
  atIndex(index: number): ApiError {
    if (typeof this.body === 'string') return this;
    return new ApiError(this.status, Object.fromEntries(Object.entries(this.body).map(([k, v]) => [`${index}.${k}`, v])), this.headers);
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
