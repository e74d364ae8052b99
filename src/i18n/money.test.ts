import { describe, expect, it } from 'vitest';
import { formatMoney } from '.';

describe('formatMoney', () => {
  it('writes an amount as the reader’s language does, grouped', () => {
    expect(formatMoney(1200, 'zh-tw')).toBe('新臺幣 1,200 元');
    expect(formatMoney(1200, 'en-us')).toBe('NT$1,200');
    expect(formatMoney(0, 'en-us')).toBe('NT$0');
  });
});
