import { describe, expect, it } from 'vitest';
import { certificateNumber, holderName, sameFacts } from './facts';

describe('document facts', () => {
  it('compares facts whatever the order of their keys', () => {
    expect(sameFacts({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(sameFacts({ a: 1, b: null }, { a: 1 })).toBe(false);
    expect(sameFacts({ termEnd: '2026-12-31' }, { termEnd: '2027-12-31' })).toBe(false);
    expect(sameFacts({ items: [1, 2] }, { items: [2, 1] })).toBe(false);
  });

  it('names the holder in the reader’s language, in Chinese where there is no English name', () => {
    expect(holderName({ nameZh: '王小明', nameEn: 'Wang Hsiao-Ming' }, 'zh-tw')).toBe('王小明');
    expect(holderName({ nameZh: '王小明', nameEn: 'Wang Hsiao-Ming' }, 'en-us')).toBe('Wang Hsiao-Ming');
    expect(holderName({ nameZh: '王小明', nameEn: ' ' }, 'en-us')).toBe('王小明');
  });

  it('numbers a certificate by member number and edition', () => {
    expect(certificateNumber('M2026-0042', 2)).toBe('M2026-0042-2');
  });
});
