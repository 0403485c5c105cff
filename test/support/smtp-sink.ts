import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One DATA command the sink received, parsed enough for assertions. */
export interface ReceivedMail {
  /** 1-based order of arrival over all connections. */
  seq: number;
  /** When the message was in (Date.now()). */
  at: number;
  mailFrom: string;
  /** Envelope recipients (RCPT TO), as the client spelled them. */
  rcptTo: string[];
  raw: string;
  /** Header name (lower case) → unfolded, RFC 2047-decoded value. */
  headers: Record<string, string>;
  text: string;
  html: string;
  /** What the sink answered: 250, a refusal, or nothing (yet). */
  outcome: 'accepted' | 'refused' | 'held';
}

/** How the sink answers a message: accept it, refuse it with an SMTP code, or never answer. */
type SinkReply = 'accept' | 'hold' | { code: number; message: string };

export interface SmtpSink {
  port: number;
  /** `smtp://user:pass@127.0.0.1:<port>` (any credentials are accepted). */
  url: string;
  /** Every DATA command in order of arrival, whatever the answer. */
  received: ReceivedMail[];
  /** The messages the sink answered 250. */
  accepted(): ReceivedMail[];
  /**
   * Decides the answer to each message; defaults to accepting everything. Replace it at will; a
   * promise answers when it resolves (the client waits meanwhile).
   */
  reply: (mail: ReceivedMail) => SinkReply | Promise<SinkReply>;
  /** Decides the answer to each RCPT TO (the address as the client spelled it); defaults to accepting it. */
  recipientReply: (address: string) => 'accept' | { code: number; message: string };
  /** RCPT TO addresses refused so far, in order. */
  refusedRecipients: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, for tests: no TLS, any AUTH (or none), every
 * message recorded; the answer to each DATA is decided by `reply`, so a test can refuse for a
 * while (451), for good (550), or hold the connection open as if the server hung, and the answer
 * to each RCPT TO by `recipientReply`.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    closeTimeout: 200,
    onAuth: (auth, _session, cb) => cb(null, { user: auth.username ?? 'anonymous' }),
    onRcptTo(address, _session, callback) {
      const answer = sink.recipientReply(address.address);
      if (answer === 'accept') return callback();
      sink.refusedRecipients.push(address.address);
      callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          seq: received.length + 1,
          at: Date.now(),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
          outcome: 'held',
        };
        received.push(mail);
        void Promise.resolve(sink.reply(mail)).then((answer) => {
          if (answer === 'hold') return;
          if (answer === 'accept') {
            mail.outcome = 'accepted';
            return callback(null, 'queued');
          }
          mail.outcome = 'refused';
          callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        });
      });
    },
  });
  server.on('error', () => undefined); // a client killed mid-session is expected in these tests
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const sink: SmtpSink = {
    port,
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    received,
    accepted: () => received.filter((m) => m.outcome === 'accepted'),
    reply: () => 'accept',
    recipientReply: () => 'accept',
    refusedRecipients: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

// --- A small MIME reader: enough of RFC 5322/2045/2047 for what nodemailer writes. ---

interface Parsed {
  headers: Record<string, string>;
  text: string;
  html: string;
}

export function parseMessage(raw: string): Parsed {
  const out: Parsed = { headers: {}, text: '', html: '' };
  const walk = (entity: string, top: boolean) => {
    const { headers, body } = splitEntity(entity);
    if (top) out.headers = headers;
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const parts = body.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
        walk(part.replace(/^\n/, '').replace(/\n$/, ''), false);
      }
      return;
    }
    const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit');
    if (/^text\/html/i.test(type)) out.html += decoded;
    else if (/^text\/plain/i.test(type)) out.text += decoded;
  };
  walk(raw.replace(/\r\n/g, '\n'), true);
  return out;
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf('\n\n');
  const head = end === -1 ? entity : entity.slice(0, end);
  const body = end === -1 ? '' : entity.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return qpBytes(body.replace(/=\n/g, '')).toString('utf8');
    default:
      return body;
  }
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `?B?`); white space between two of them disappears. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}
