import { isPermanentRefusal } from './smtp-refusal.js';

/** An error shaped as nodemailer reports a reply of the server. */
const reply = (code: string, command: string, response: string) =>
  Object.assign(new Error(`failed: ${response}`), { code, command, response, responseCode: Number(response.slice(0, 3)) });

describe('isPermanentRefusal', () => {
  it.each([
    ['550 to RCPT TO', reply('EENVELOPE', 'RCPT TO', '550 5.1.1 mailbox unavailable')],
    ['553 to RCPT TO', reply('EENVELOPE', 'RCPT TO', '553 5.1.3 bad address syntax')],
    ['554 to DATA', reply('EMESSAGE', 'DATA', '554 5.7.1 message rejected as spam')],
    ['552 to the DATA command', reply('EENVELOPE', 'DATA', '552 5.3.4 message too big')],
  ])('a 5xx reply about the message is permanent: %s', (_label, err) => {
    expect(isPermanentRefusal(err)).toBe(true);
  });

  it.each([
    ['451 to DATA', reply('EMESSAGE', 'DATA', '451 4.3.0 try again later')],
    ['450 to RCPT TO', reply('EENVELOPE', 'RCPT TO', '450 4.2.1 mailbox busy')],
    ['503 to DATA', reply('EENVELOPE', 'DATA', '503 5.5.1 bad sequence of commands')],
    ['535 to AUTH', reply('EAUTH', 'AUTH PLAIN', '535 5.7.8 authentication failed')],
    ['554 greeting', reply('EPROTOCOL', 'CONN', '554 no SMTP service here')],
    ['550 to MAIL FROM', reply('EENVELOPE', 'MAIL FROM', '550 5.7.1 sender not allowed')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', command: 'CONN' })],
    ['a timeout', Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' })],
    ['a closed connection', Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' })],
    ['no error object', 'boom'],
    ['null', null],
  ])('anything else is temporary: %s', (_label, err) => {
    expect(isPermanentRefusal(err)).toBe(false);
  });
});
