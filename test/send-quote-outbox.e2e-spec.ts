import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORE_URL, api, createQuote, settled } from './send-quote.fixtures.js';
import { type ReceivedMail, parseMessage } from './support/smtp-sink.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * Without REDIS_URL the api delivers from the outbox table itself, and without SMTP_URL each
 * message is an `.eml` file in DATA_DIR/outbox (docs/api.md#processes-and-configuration); templates come from TEMPLATES_DIR.
 */
describeE2E('send-quote: in-process outbox and the dev mailbox', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-outbox-'));
  const templatesDir = mkdtempSync(join(tmpdir(), 'store-templates-'));
  const outbox = join(dataDir, 'outbox');
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // No REDIS_URL, no SMTP_URL (bootTestApp blanks both).
    t = await bootTestApp('send_quote_outbox', { DATA_DIR: dataDir, TEMPLATES_DIR: templatesDir, STORE_URL });
    token = await t.token();
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(templatesDir, { recursive: true, force: true });
  });

  /** The .eml files written for a quote, parsed, by file name. */
  const mailbox = (quoteId: number): (ReceivedMail & { file: string })[] =>
    readdirSync(outbox)
      .filter((f) => f.includes(`-quote-${quoteId}-delivery-`))
      .sort()
      .map((file) => {
        const raw = readFileSync(join(outbox, file), 'utf8');
        return { file, seq: 0, at: 0, mailFrom: '', rcptTo: [], raw, outcome: 'accepted', ...parseMessage(raw) };
      });

  it('writes one .eml per recipient with To, Subject and the cart link, and marks the deliveries sent', async () => {
    const quote = await createQuote(t, token, 'Garden chairs', ['ivy@example.test', 'jack@example.test', 'IVY@example.test']);
    const sent = await api<{ deliveries: { id: number; recipient: string }[] }>(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    expect(sent.deliveries.map((d) => d.recipient)).toEqual(['ivy@example.test', 'jack@example.test']);

    const list = await settled(t, token, quote.id);
    expect(list.map((d) => [d.recipient, d.status, d.attempts, d.message_id])).toEqual(
      sent.deliveries.map((d) => [d.recipient, 'sent', 1, `<quote-${quote.id}-delivery-${d.id}@shop.example.test>`]),
    );

    const mails = mailbox(quote.id);
    expect(mails.map((m) => m.file)).toEqual(
      expect.arrayContaining(
        sent.deliveries.map((d) =>
          expect.stringMatching(
            new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-quote-${quote.id}-delivery-${d.id}shop\\.example\\.test\\.eml$`),
          ),
        ),
      ),
    );
    expect(mails).toHaveLength(2);
    const cartLink = `${STORE_URL}/cart/${quote.cart_link_id}`;
    for (const d of list) {
      const mail = mails.find((m) => m.headers.to === d.recipient)!;
      expect(mail.headers.from).toBe('Store <no-reply@localhost>');
      expect(mail.headers.subject).toBe(`Your quote ${quote.number}: Garden chairs`);
      expect(mail.headers['message-id']).toBe(d.message_id);
      expect(mail.text).toContain(`Open your cart: ${cartLink}\n`);
      expect(mail.text).toMatch(/- Widget \(W-\w+\): 3 x \$12\.50 = \$37\.50\n- Gadget \(G-\w+\): 2 x \$3\.25 = \$6\.50\n/);
      expect(mail.html).toContain(`<a href="${cartLink}">Open your cart</a>`);
    }
    const after = await api<{ last_sent_at: string | null }>(t, token, 'get', `/quote/${quote.id}`, undefined, 200);
    expect(after.last_sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('takes the subject from TEMPLATES_DIR when the folder has shop-send-quote.subject.txt (read at send time)', async () => {
    writeFileSync(join(templatesDir, 'shop-send-quote.subject.txt'), '{{quote.name}} — quote {{quote.number}} & more\n');
    const quote = await createQuote(t, token, 'Patio <set>', ['kim@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    await settled(t, token, quote.id);

    const [mail] = mailbox(quote.id);
    // A header is not HTML: no escaping; the other parts keep the built-in template.
    expect(mail.headers.subject).toBe(`Patio <set> — quote ${quote.number} & more`);
    expect(mail.text).toMatch(/^Patio <set>\nQuote Q\d+\n/);
    expect(mail.html).toContain('<h1 dir="auto" style="font-size:24px">Patio &lt;set&gt;</h1>');
  });
});
