import { describe, expect, it } from 'vitest';
import { referencedFileIds } from './file-references';

describe('referencedFileIds', () => {
  it('finds id fields at any depth and file addresses in rich text', () => {
    const article = {
      coverFileId: 4,
      attachments: [{ fileId: 9, label: { 'zh-tw': '議程' } }],
      content: {
        'zh-tw': {
          committeeList: [{ title: 'x', memberList: [{ name: 'a', imageFileId: 12 }] }],
          htmlList: ['<p><img src="/api/amsw1002?fileId=15" alt=""></p>'],
        },
      },
      pdfFileId: 4,
    };
    expect(referencedFileIds(article).sort((a, b) => a - b)).toEqual([4, 9, 12, 15]);
  });

  it('finds nothing in content without files, and ignores null ids', () => {
    expect(referencedFileIds({ coverFileId: null, title: 'fileId 3' })).toEqual([]);
    expect(referencedFileIds(null)).toEqual([]);
  });
});
