import { quoteRecipients } from './recipients.js';

describe('quoteRecipients', () => {
  it('orders the customer, then customer_emails, then group customers, each address once', () => {
    expect(quoteRecipients('Ada@Example.com', ['ops@example.com', 'ada@example.com'], ['grace@example.com', 'OPS@example.com'])).toEqual([
      'Ada@Example.com',
      'ops@example.com',
      'grace@example.com',
    ]);
  });
  it('is empty when there is nobody to send to', () => {
    expect(quoteRecipients(null, null, [])).toEqual([]);
    expect(quoteRecipients(null, [], [' '])).toEqual([]);
  });
});
