import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

/** An error shaped like the drivers', with the fields they set. */
const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a terminated backend (57P01)',
      withFields('terminating connection due to administrator command', { code: '57P01' }),
    ],
    ['statement_timeout (57014)', withFields('canceling statement due to statement timeout', { code: '57014' })],
    ['a connection failure (08006)', withFields('connection failure', { code: '08006' })],
    ['a serialization failure (40001)', withFields('could not serialize access', { code: '40001' })],
    ['too many connections (53300)', withFields('sorry, too many clients already', { code: '53300' })],
    ['a refused connection', withFields('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })],
    ['a reset connection', withFields('read ECONNRESET', { code: 'ECONNRESET' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a busy SQLite file', withFields('database is locked', { code: 'ERR_SQLITE_ERROR', errcode: 5 })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withFields('duplicate key value', { code: '23505' })],
    ['a syntax error (42601)', withFields('syntax error at or near', { code: '42601' })],
    [
      'a SQLite constraint failure',
      withFields('UNIQUE constraint failed', { code: 'ERR_SQLITE_ERROR', errcode: 2067 }),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', { code: '57P01' }],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
