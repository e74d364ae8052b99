import { describe, expect, it } from 'vitest';
import { cellsByField, CREDIT_COLUMNS, headerKey, MEMBER_COLUMNS, MEMBER_FIELDS, matchHeader } from './columns';

describe('import columns', () => {
  it('finds columns by header in any order and case, in English or Chinese', () => {
    const match = matchHeader(
      [
        'E-Mail',
        '會員編號',
        'NATIONAL ID',
        '姓名',
        'English Name',
        '電話/手機',
        'Class',
        '會員狀態',
        'Term start',
        '會籍迄日',
      ],
      MEMBER_COLUMNS,
    );
    expect(match.at).toEqual({
      email: 0,
      memberNo: 1,
      personId: 2,
      nameZh: 3,
      nameEn: 4,
      phone: 5,
      class: 6,
      status: 7,
      termStart: 8,
      termEnd: 9,
    });
    expect(match.ignored).toEqual([]);
    expect(matchHeader(['email'], MEMBER_COLUMNS).at).toEqual({ email: 0 });
    expect(matchHeader(['ｅｍａｉｌ', 'Member No.'], MEMBER_COLUMNS).at).toEqual({ email: 0, memberNo: 1 });
  });

  it('reports columns it does not read, and columns named twice', () => {
    const match = matchHeader(['姓名', '地址', 'name', '', '備註'], MEMBER_COLUMNS);
    expect(match.ignored).toEqual(['地址', '備註']);
    expect(match.duplicates).toEqual(['nameZh']);
  });

  it('every header name belongs to one column of its file', () => {
    for (const columns of [MEMBER_COLUMNS, CREDIT_COLUMNS]) {
      const owner = new Map<string, string>();
      for (const column of columns)
        for (const key of column.names.map(headerKey)) {
          expect(owner.get(key) ?? column.field, key).toBe(column.field);
          owner.set(key, column.field);
        }
    }
  });

  it('gives a line its cells by field, blank for a column the file lacks', () => {
    const cells = cellsByField([' M1 ', 'x'], { memberNo: 0, email: 5 }, MEMBER_FIELDS);
    expect(cells.memberNo).toBe('M1');
    expect(cells.email).toBe('');
    expect(cells.nameZh).toBe('');
  });
});
