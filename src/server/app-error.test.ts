import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../lib/error-codes';
import { AppError, orNotFound } from './app-error';

describe('orNotFound', () => {
  it('passes a found value through', async () => {
    await expect(orNotFound(Promise.resolve({ id: 3 }))).resolves.toEqual({ id: 3 });
  });

  it('turns a business refusal into null and lets any other failure through', async () => {
    await expect(orNotFound(Promise.reject(new AppError(ErrorCode.NO_ARTICLE)))).resolves.toBeNull();
    await expect(orNotFound(Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  });
});
