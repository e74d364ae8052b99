import { describe, expect, it } from 'vitest';
import { maskHolderName } from './holder-name';
import { certificateNumber, documentHolder, holderName, sameFacts } from './facts';

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

  it('finds whose a document is by its kind: the payer, the holder, a paper authorisation’s signer', () => {
    const payer = { nameZh: '陳雅婷', nameEn: 'Chen Ya-Ting' };
    const holder = { nameZh: '林美玲', nameEn: 'Lin Mei-Ling' };
    const signer = { nameZh: '王小明', nameEn: 'Wang Hsiao-Ming' };
    expect(documentHolder('receipt', { payer })).toEqual(payer);
    expect(documentHolder('certificate', { holder })).toEqual(holder);
    expect(documentHolder('transcript', { holder })).toEqual(holder);
    // An authorisation names its authors too; it is the signer's.
    const authorisation = { signer, authors: [holder, signer], signedName: '王小明' };
    expect(maskHolderName(holderName(documentHolder('paperAuthorisation', authorisation), 'zh-tw'))).toBe('王○明');
    expect(maskHolderName(holderName(documentHolder('paperAuthorisation', authorisation), 'en-us'))).toBe(
      'W*** H*********',
    );
  });

  it('numbers a certificate by member number and edition', () => {
    expect(certificateNumber('M2026-0042', 2)).toBe('M2026-0042-2');
  });
});
