/**
 * A handler result that is a file, not JSON (a quote's PDF): written as it is, with the same
 * caching headers as every success (a strong ETag over its bytes, Last-Modified, conditional GET).
 */
export class FileBody {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
    readonly filename: string,
    readonly lastModified: Date,
  ) {}
}
