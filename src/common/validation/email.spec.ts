import { validate } from 'class-validator';
import { IsEmailAddress, isEmailAddress } from './email.js';

class Probe {
  @IsEmailAddress({ message: 'must be an e-mail address' })
  email!: unknown;
}

describe('isEmailAddress: the one e-mail check', () => {
  it.each(['buyer@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie", 'пример@example.com', 'x@xn--80ak6aa92e.com'])(
    'takes %s',
    (address) => expect(isEmailAddress(address)).toBe(true),
  );

  it.each([
    ['a quoted CR/LF', '"a\r\nBcc: x"@example.com'],
    ['a bare LF', 'a\n@example.com'],
    ['a quoted comma (two recipients once rewritten)', '"a,b"@example.com'],
    ['angle brackets', '"<evil@x.test>"@example.com'],
    ['a quoted local part at all', '"john doe"@example.com'],
    ['a right-to-left override', 'moc.elpmaxe\u202E@example.com'],
    ['a left-to-right mark', 'buyer\u200E@example.com'],
    ['a zero-width space', 'bu\u200Byer@example.com'],
    ['a zero-width joiner in the domain', 'buyer@exa\u200Dmple.com'],
    ['a byte-order mark', '\uFEFFbuyer@example.com'],
    ['a no-break space', 'buyer\u00A0@example.com'],
    ['a comment', 'buyer(comment)@example.com'],
    ['an address literal', 'buyer@[127.0.0.1]'],
    ['no top-level domain', 'buyer@localhost'],
    ['two @', 'a@b@example.com'],
    ['more than 254 characters', `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`],
    ['not a string', 42],
  ])('refuses %s', (_label, address) => expect(isEmailAddress(address)).toBe(false));

  it('is what the decorator checks', async () => {
    const probe = (email: unknown) => validate(Object.assign(new Probe(), { email }));
    expect(await probe('buyer@example.com')).toEqual([]);
    expect((await probe('"a\r\nb"@example.com'))[0].constraints).toEqual({ isEmail: 'must be an e-mail address' });
  });
});
