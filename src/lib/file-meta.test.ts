import { describe, expect, it } from 'vitest';
import { fileKind, fileMeta, fileSize } from './file-meta';

describe('fileMeta', () => {
  it('names the kind of a file and its size as a reader expects', () => {
    expect(fileMeta({ name: 'form.pdf', contentType: 'application/pdf', size: 1_258_291 }, 'en-us')).toBe(
      'PDF, 1.2 MB',
    );
    expect(fileMeta({ name: 'rules.docx', contentType: 'application/octet-stream', size: 12_800 }, 'zh-tw')).toBe(
      'DOCX, 13 KB',
    );
  });

  it('falls back to the content type without an extension', () => {
    expect(fileKind('portrait', 'image/svg+xml')).toBe('SVG');
  });

  it('counts small files in bytes and never shows 0 KB', () => {
    expect(fileSize(820, 'en-us')).toBe('820 bytes');
    expect(fileSize(820, 'zh-tw')).toBe('820 位元組');
    expect(fileSize(1030, 'en-us')).toBe('1 KB');
  });
});
