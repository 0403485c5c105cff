/**
 * What an SMTP failure means for a delivery. nodemailer reports a server's reply on the error:
 * `responseCode` (550), `response` (the whole reply line, e.g. `550 5.1.1 mailbox unavailable`)
 * and `command` (the step that got it: `CONN`, `EHLO`, `AUTH PLAIN`, `MAIL FROM`, `RCPT TO`, `DATA`).
 */
interface SmtpFailure {
  responseCode?: number;
  response?: string;
  command?: string;
  code?: string;
}

/** The steps whose refusal is about this message or its recipient, not about the connection. */
const MESSAGE_STEPS = new Set(['RCPT TO', 'DATA']);

/**
 * A permanent refusal: a 5xx reply (RFC 5321 §4.2.1) to RCPT TO or DATA. The same message to the
 * same mailbox would be refused again, so the delivery fails at once with the server's reason.
 *
 * Everything else is temporary and retried with backoff: 4xx replies, timeouts, refused, reset
 * or closed connections, and also 5xx replies to the greeting, EHLO, AUTH (535) or MAIL FROM.
 * Those say the server or our own settings (SMTP_URL credentials, MAIL_FROM) are wrong for every
 * message alike; an operator fixes them, and the deliveries still within their attempts go out.
 * 503 (bad sequence of commands) is a session in the wrong state, not a refusal of the message.
 */
export function isPermanentRefusal(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { responseCode, command } = err as SmtpFailure;
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503 &&
    typeof command === 'string' &&
    MESSAGE_STEPS.has(command)
  );
}
