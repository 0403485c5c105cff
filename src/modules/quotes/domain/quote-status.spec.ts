import { buyerState, effectiveStatus, finalQuoteError, isPastExpiry, reopenError } from './quote-status.js';

describe('quote status', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const past = new Date('2026-03-01T11:59:59Z');
  const future = new Date('2026-03-02T00:00:00Z');

  it('reads expired only for an open quote past its expiry', () => {
    expect(effectiveStatus({ status: 'active', expires_at: past }, now)).toBe('expired');
    expect(effectiveStatus({ status: 'active', expires_at: future }, now)).toBe('active');
    expect(effectiveStatus({ status: 'active', expires_at: null }, now)).toBe('active');
    for (const status of ['accepted', 'declined', 'ordered']) expect(effectiveStatus({ status, expires_at: past }, now)).toBe(status);
  });

  it('is past its expiry from the instant of expires_at on, never without one', () => {
    expect(isPastExpiry(new Date('2026-03-01T12:00:00Z'), now)).toBe(true);
    expect(isPastExpiry(new Date('2026-03-01T12:00:00.001Z'), now)).toBe(false);
    expect(isPastExpiry(past, now)).toBe(true);
    expect(isPastExpiry(null, now)).toBe(false);
  });

  it('refuses changes, deletes and sends of a final quote, naming its status', () => {
    expect(finalQuoteError('Q1001', 'active', 'change')).toBeNull();
    expect(finalQuoteError('Q1001', 'expired', 'delete')).toBeNull();
    expect(finalQuoteError('Q1001', 'accepted', 'change')).toBe(
      'Quote Q1001 is accepted and cannot be changed: reopen it first (POST /quote/{id}/reopen).',
    );
    expect(finalQuoteError('Q1001', 'declined', 'send')).toBe(
      'Quote Q1001 is declined and cannot be sent: reopen it first (POST /quote/{id}/reopen).',
    );
    expect(finalQuoteError('Q1001', 'ordered', 'delete')).toBe('Quote Q1001 is ordered and cannot be deleted: it can no longer change.');
  });

  it('reopens accepted and declined quotes only', () => {
    expect(reopenError('Q1', 'accepted')).toBeNull();
    expect(reopenError('Q1', 'declined')).toBeNull();
    expect(reopenError('Q1', 'ordered')).toBe('Quote Q1 is ordered and cannot be reopened.');
    expect(reopenError('Q1', 'active')).toBe('Quote Q1 is active: only an accepted or declined quote can be reopened.');
  });
});

describe('buyerState', () => {
  const expiresAt = new Date('2030-03-01T14:05:00.123Z');
  it('reads expired past expires_at, and accepted for good once accepted', () => {
    expect(buyerState({ status: 'active', expires_at: expiresAt }, new Date('2030-02-15T00:00:00Z'))).toBe('open');
    expect(buyerState({ status: 'active', expires_at: expiresAt }, new Date('2030-03-01T14:05:00.123Z'))).toBe('expired');
    expect(buyerState({ status: 'active', expires_at: null }, new Date('2099-01-01Z'))).toBe('open');
    expect(buyerState({ status: 'accepted', expires_at: expiresAt }, new Date('2031-01-01Z'))).toBe('accepted');
  });

  it('reads declined and ordered as stored, past expiry too', () => {
    expect(buyerState({ status: 'declined', expires_at: expiresAt }, new Date('2031-01-01Z'))).toBe('declined');
    expect(buyerState({ status: 'ordered', expires_at: expiresAt }, new Date('2031-01-01Z'))).toBe('ordered');
  });
});
