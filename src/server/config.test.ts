import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('takes the gateway credentials together, and refuses half of them', () => {
    const full = loadConfig({
      NEWEBPAY_MERCHANT_ID: 'MS12345678',
      NEWEBPAY_HASH_KEY: '12345678901234567890123456789012',
      NEWEBPAY_HASH_IV: '1234567890123456',
    });
    expect(full.NEWEBPAY_GATEWAY_URL).toBe('https://ccore.newebpay.com');
    expect(() => loadConfig({ NEWEBPAY_MERCHANT_ID: 'MS12345678' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NEWEBPAY_MERCHANT_ID: 'MS12345678', NEWEBPAY_HASH_KEY: 'short', NEWEBPAY_HASH_IV: 'x' }),
    ).toThrow(/32-character HashKey/);
    expect(loadConfig({}).NEWEBPAY_MERCHANT_ID).toBeUndefined();
  });
});
