import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorEnvelope } from './envelope.js';

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** What Node's parser (or its timers) found wrong with a request, as status and message. */
function answerFor(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request headers too large.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request did not arrive in time.'];
  return [400, 'The request is malformed: its request line or headers cannot be parsed.'];
}

/**
 * A request Node's HTTP parser refuses (a control character in a header, a broken request line,
 * headers over the size limit) never reaches Express; Node's default answer is a bare
 * `400 Bad Request`. This answers it like every other error: the JSON envelope, an X-Request-Id,
 * then the connection is closed (the parser cannot continue on it).
 */
export function installClientErrorHandler(server: Server): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const [status, message] = answerFor(err.code);
    const body = JSON.stringify(errorEnvelope(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        `X-Request-Id: ${randomUUID()}\r\n` +
        'Connection: close\r\n' +
        '\r\n' +
        body,
    );
  });
}
