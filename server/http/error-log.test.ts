import { describe, expect, it } from 'vitest';
import { describeDatabaseError } from './error-handler';

describe('database errors in the log', () => {
  it('keep the statement and the driver’s code and message, never the parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const drizzleError = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\\nparams: admin,$scrypt$secret'),
      { query: 'insert into "users" values ($1, $2)', params: ['admin', '$scrypt$secret'], cause },
    );
    const logged = describeDatabaseError(drizzleError);
    expect(logged).toEqual({
      type: 'Error',
      code: '23505',
      message: 'duplicate key value violates unique constraint',
      statement: 'insert into "users" values ($1, $2)',
    });
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('leave errors that are not the database’s alone', () => {
    expect(describeDatabaseError(new Error('boom'))).toBeUndefined();
  });
});
