import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('answers bytes, kilobytes and megabytes with at most one decimal', () => {
    expect(formatFileSize(820, 'en-us')).toBe('820 B');
    expect(formatFileSize(1434, 'en-us')).toBe('1.4 KB');
    expect(formatFileSize(2048, 'zh-tw')).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 300 * 1024, 'en-us')).toBe('5.3 MB');
    expect(formatFileSize(1_500_000_000, 'en-us')).toBe('1.4 GB');
  });
});
