import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from './zip-archive.test-support';
import { unzippedSize } from './zip-size';

describe('unzippedSize', () => {
  it('counts what the entries unpack to, stored or deflated, against the limit', () => {
    const zip = zipOf([
      { name: 'a.xml', data: Buffer.alloc(600, 'a') },
      { name: 'b.xml', data: Buffer.alloc(400, 'b'), method: 0 },
    ]);
    expect(unzippedSize(zip, 1000)).toBe('within');
    expect(unzippedSize(zip, 999)).toBe('over');
    expect(unzippedSize(zip, 500)).toBe('over');
  });

  it('unpacks rather than trusting the declared sizes: a bomb that declares a few bytes is over', () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, ' '), declared: 10 }]);
    expect(bomb.byteLength).toBeLessThan(20 * 1024);
    expect(unzippedSize(bomb, 1024 * 1024)).toBe('over');
  });

  it('finds the directory behind an archive comment', () => {
    const zip = Buffer.from(zipOf([{ name: 'a.xml', data: Buffer.alloc(100, 'a') }]));
    const comment = Buffer.alloc(300, 'c');
    zip.writeUInt16LE(comment.length, zip.length - 2);
    const commented = new Uint8Array(Buffer.concat([zip, comment]));
    expect(unzippedSize(commented, 100)).toBe('within');
    expect(unzippedSize(commented, 99)).toBe('over');
  });

  it('calls what it cannot read as a ZIP unreadable, never throws', () => {
    expect(unzippedSize(new TextEncoder().encode('not a zip at all'), 1000)).toBe('unreadable');
    expect(unzippedSize(new Uint8Array(0), 1000)).toBe('unreadable');
    expect(unzippedSize(zipOf([{ name: 'a', data: Buffer.from('x'), encrypted: true }]), 1000)).toBe('unreadable');
    expect(unzippedSize(zipOf([{ name: 'a', data: Buffer.from('x'), method: 12 }]), 1000)).toBe('unreadable');
    // Deflate data that is not deflate.
    const broken = Buffer.from(zipOf([{ name: 'a', data: Buffer.alloc(200, 'a') }]));
    broken.fill(0xff, 31, 40);
    expect(unzippedSize(new Uint8Array(broken), 1000)).toBe('unreadable');
    // Cut short: the directory points past the end.
    const whole = zipOf([{ name: 'a', data: Buffer.alloc(200, 'a') }]);
    expect(unzippedSize(whole.subarray(0, whole.length - 30), 1000)).toBe('unreadable');
  });

  it('reads a workbook as a spreadsheet program writes it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Roster').addRows([
      ['會員編號', '簽到', '簽退'],
      ['M2026-00001', '09:00', '12:00'],
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(unzippedSize(bytes, 1024 * 1024)).toBe('within');
    expect(unzippedSize(bytes, 100)).toBe('over');
  });
});
