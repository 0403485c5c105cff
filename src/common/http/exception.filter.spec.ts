import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { RowNotFoundError } from '../../database/row-not-found.js';
import { ApiError } from './api-error.js';
import { mapDatabaseError, toApiError } from './exception.filter.js';

describe('mapDatabaseError', () => {
  it('turns unique violations into 422 "is already in use" on the chosen column', () => {
    expect(mapDatabaseError({ code: '23505', detail: 'Key (code)=(CA) already exists.' })).toEqual(
      ApiError.unprocessable({ code: ['is already in use'] }),
    );
    expect(mapDatabaseError({ code: '23505', detail: 'Key (country_id, code)=(1, ON) already exists.' })?.body).toEqual({
      code: ['is already in use'],
    });
    expect(mapDatabaseError({ code: '23505', detail: 'Key (lower(email::text))=(a@b.c) already exists.' })?.body).toEqual({
      email: ['is already in use'],
    });
  });
  it('turns an exclusion violation, which only a concurrent write reaches, into the 409 of a concurrent change', () => {
    const conflict = mapDatabaseError({
      code: '23P01',
      detail: 'Key (customer_id, kind)=(1, shipping) conflicts with existing key (customer_id, kind)=(1, shipping).',
    });
    expect(conflict?.status).toBe(409);
    expect(conflict?.body).toBe('The resource was changed by a concurrent request; retry the request.');
  });
  it('turns a delete that an ON DELETE RESTRICT key refuses (PostgreSQL 16+, PGlite: 23001) into the same 409', () => {
    const conflict = mapDatabaseError({ code: '23001', detail: 'Key (id)=(5) is referenced from table "customer_addresses".' });
    expect(conflict?.status).toBe(409);
    expect(conflict?.body).toBe('The resource is still in use by customer addresses and cannot be deleted.');
  });
  it('turns deletes of referenced rows into 409 and dangling references into 422', () => {
    const conflict = mapDatabaseError({ code: '23503', detail: 'Key (id)=(1) is still referenced from table "quote_items".' });
    expect(conflict?.status).toBe(409);
    expect(conflict?.body).toBe('The resource is still in use by quote items and cannot be deleted.');
    expect(mapDatabaseError({ code: '23503', detail: 'Key (customer_id)=(9) is not present in table "customers".' })?.body).toEqual({
      customer_id: ['does not exist'],
    });
  });
  it('answers concurrency failures with 409 and leaves unknown errors alone', () => {
    expect(mapDatabaseError({ code: '40001' })?.status).toBe(409);
    expect(mapDatabaseError({ code: '22003' })?.status).toBe(422);
    expect(mapDatabaseError({ code: '42P01' })).toBeNull();
  });
});

describe('toApiError', () => {
  // What the filter logs for the operator is asserted here and kept off the console of a green run.
  let logged: jest.SpiedFunction<Logger['error']>;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('hides unexpected errors behind a generic 500, logging the whole error for the operator', () => {
    const e = toApiError(
      new QueryFailedError('SELECT secret FROM t', [], Object.assign(new Error('relation "t" does not exist'), { code: '42P01' })),
    );
    expect(e.status).toBe(500);
    expect(e.body).toBe('An unexpected error occurred.');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toMatch(/^QueryFailedError: relation "t" does not exist\n {4}at /);
  });
  it('answers a key no row has (the database layer says RowNotFoundError) with the 404 of that resource', () => {
    const e = toApiError(new RowNotFoundError('Variant', 'SKU-9'));
    expect(logged).not.toHaveBeenCalled();
    expect(e).toBeInstanceOf(ApiError);
    expect({ status: e.status, body: e.body, headers: e.headers }).toEqual({
      status: 404,
      body: 'Variant SKU-9 was not found.',
      headers: {},
    });
  });
  it('answers an unreachable database with 503 and Retry-After', () => {
    const e = toApiError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(e.status).toBe(503);
    expect(e.headers).toEqual({ 'Retry-After': '5' });
    expect(logged.mock.calls).toEqual([['Dependency unavailable: connect ECONNREFUSED 127.0.0.1:5432']]);
  });
});
