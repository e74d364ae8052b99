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
  });

  it('leaves programming and data errors alone', () => {
    expect(isServiceUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isServiceUnavailable(withCode('23505'))).toBe(false);
    expect(isServiceUnavailable(withCode('42P01'))).toBe(false);
    expect(isServiceUnavailable(null)).toBe(false);
  });
});
