import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from './unavailable';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isServiceUnavailable', () => {
  it('recognises a database that cannot be reached or is shutting down', () => {
    expect(isServiceUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isServiceUnavailable(withCode('08006'))).toBe(true);
    expect(isServiceUnavailable(withCode('57P01'))).toBe(true);
    expect(isServiceUnavailable(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // pg's words for a pooled client used after its connection failed, and for a pool that waited too long.
    expect(isServiceUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isServiceUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // As Drizzle reports a failed statement: its own message, pg's error as the cause.
    const lost = new Error('Failed query: insert into "audit_log" …', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(isServiceUnavailable(lost)).toBe(true);
  });

  it('leaves programming and data errors alone', () => {
    expect(isServiceUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isServiceUnavailable(withCode('23505'))).toBe(false);
    expect(isServiceUnavailable(withCode('42P01'))).toBe(false);
    expect(isServiceUnavailable(null)).toBe(false);
  });
});
