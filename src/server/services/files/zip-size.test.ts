import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { zipOf } from './zip-archive.test-support';
import { unzippedSize, unzippedSizeOfFile } from './zip-size';

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

describe('unzippedSizeOfFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zip-size-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const file = (bytes: Uint8Array) => {
    const name = path.join(dir, `${(n += 1)}.zip`);
    writeFileSync(name, bytes);
    return name;
  };

  it('counts as unzippedSize does, unpacking as a stream', async () => {
    const zip = file(
      zipOf([
        { name: 'a.xml', data: Buffer.alloc(600, 'a') },
        { name: 'b.xml', data: Buffer.alloc(400, 'b'), method: 0 },
      ]),
    );
    expect(await unzippedSizeOfFile(zip, 1000)).toBe('within');
    expect(await unzippedSizeOfFile(zip, 999)).toBe('over');
    const bomb = file(zipOf([{ name: 'sheet.xml', data: Buffer.alloc(8 * 1024 * 1024, ' '), declared: 10 }]));
    expect(await unzippedSizeOfFile(bomb, 1024 * 1024)).toBe('over');
  });

  it('calls an archive unreadable when its entries are not the directory’s, one after another', async () => {
    expect(await unzippedSizeOfFile(file(new TextEncoder().encode('not a zip')), 1000)).toBe('unreadable');
    const one = Buffer.from(zipOf([{ name: 'a', data: Buffer.alloc(100, 'a') }]));
    // An entry before the listed one, which a reader walking from the start would unpack unseen.
    const hidden = Buffer.from(zipOf([{ name: 'h', data: Buffer.alloc(50, 'h') }])).subarray(0, 30 + 1 + 8);
    const shifted = Buffer.concat([hidden, one]);
    const end = shifted.length - 22;
    shifted.writeUInt32LE(shifted.readUInt32LE(end + 16) + hidden.length, end + 16);
    shifted.writeUInt32LE(hidden.length, end - 46 - 1 + 42);
    expect(await unzippedSizeOfFile(file(new Uint8Array(shifted)), 1000)).toBe('unreadable');
    const broken = Buffer.from(one);
    broken.fill(0xff, 31, 40);
    expect(await unzippedSizeOfFile(file(new Uint8Array(broken)), 1000)).toBe('unreadable');
  });

  it('reads a workbook written as a stream (sizes after the data)', async () => {
    const name = path.join(dir, 'streamed.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: name, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Members');
    for (let i = 0; i < 200; i++) sheet.addRow([`M2026-${i}`, '林美玲', 'member@example.org']).commit();
    sheet.commit();
    await workbook.commit();
    expect(await unzippedSizeOfFile(name, 10 * 1024 * 1024)).toBe('within');
    expect(await unzippedSizeOfFile(name, 1000)).toBe('over');
  });
});
