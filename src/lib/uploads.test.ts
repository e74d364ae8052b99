import { describe, expect, it } from 'vitest';
import { nameForType } from './uploads';

describe('nameForType', () => {
  it('gives the name the extension of the type read from the bytes, keeping the base name', () => {
    expect(nameForType('report.html', 'application/pdf')).toBe('report.pdf');
    expect(nameForType('會員證.HTM', 'application/pdf')).toBe('會員證.pdf');
    expect(nameForType('roster.xlsx', 'text/csv')).toBe('roster.csv');
    expect(nameForType('sheet.csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'sheet.xlsx',
    );
    expect(nameForType('invoice.pdf.exe', 'application/pdf')).toBe('invoice.pdf.pdf');
  });

  it('adds one to a name without an extension', () => {
    expect(nameForType('scan', 'image/png')).toBe('scan.png');
    expect(nameForType('Dr. Lin', 'image/jpeg')).toBe('Dr. Lin.jpg');
    expect(nameForType('.html', 'application/pdf')).toBe('.html.pdf');
    expect(nameForType('   ', 'application/pdf')).toBe('upload.pdf');
  });

  it('keeps a name whose extension already fits the type, whatever its case', () => {
    expect(nameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameForType('photo.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(nameForType('licence.pdf. ', 'application/pdf')).toBe('licence.pdf');
  });

  it('leaves the names of types that are not uploaded alone', () => {
    expect(nameForType('logo.svg', 'image/svg+xml')).toBe('logo.svg');
  });
});
