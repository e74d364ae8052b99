import { describe, expect, it } from 'vitest';
import { maskHolderName } from './holder-name';

describe('maskHolderName', () => {
  it('keeps the first and last character of a Chinese name', () => {
    expect(maskHolderName('王小明')).toBe('王○明');
    expect(maskHolderName('歐陽小明')).toBe('歐○○明');
    expect(maskHolderName('司馬')).toBe('司○');
    expect(maskHolderName('林')).toBe('○');
    expect(maskHolderName(' 陳 大 文 ')).toBe('陳○文');
    expect(maskHolderName('𠀋小明')).toBe('𠀋○明');
  });

  it('keeps the first letter of each word of a name in Latin letters', () => {
    expect(maskHolderName('Wang Hsiao-Ming')).toBe('W*** H*********');
    expect(maskHolderName('  Lin   Mei ')).toBe('L** M**');
    expect(maskHolderName('X')).toBe('X');
  });
});
