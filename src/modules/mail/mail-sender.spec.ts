import { mailSender } from './mail-transport.service.js';

describe('mailSender', () => {
  it('keeps MAIL_FROM as written when it names its sender', () => {
    expect(mailSender('Sales Team <sales@acme.example>', 'Acme')).toBe('Sales Team <sales@acme.example>');
    expect(mailSender('"Acme, Inc." <sales@acme.example>', 'Acme')).toBe('"Acme, Inc." <sales@acme.example>');
  });

  it('puts STORE_NAME before a bare address, and before no-reply@localhost when MAIL_FROM is unset', () => {
    expect(mailSender('quotes@acme.example', 'Acme Supplies')).toEqual({ name: 'Acme Supplies', address: 'quotes@acme.example' });
    expect(mailSender('<quotes@acme.example>', 'Acme')).toEqual({ name: 'Acme', address: 'quotes@acme.example' });
    expect(mailSender(null, 'Кофейня «Бодрость»')).toEqual({ name: 'Кофейня «Бодрость»', address: 'no-reply@localhost' });
  });
});
