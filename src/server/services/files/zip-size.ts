import { inflateRawSync } from 'node:zlib';

/** Signatures of the ZIP records read here (little-endian). */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Whether a ZIP archive (an .xlsx workbook) unpacks to at most `limit` bytes: `'within'`, `'over'`,
 * or `'unreadable'` (not a ZIP, or ZIP64, encrypted or compressed other than by deflate, which no
 * spreadsheet sent here needs). Each entry the central directory lists (what an unzip library
 * unpacks) is unpacked with zlib's output cap rather than trusted by the size it declares: a file
 * of a few megabytes can declare little and unpack to gigabytes.
 */
export function unzippedSize(bytes: Uint8Array, limit: number): 'within' | 'over' | 'unreadable' {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record is the last 22 bytes, or fewer before a comment of up to 64 KiB.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return 'unreadable';
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) return 'unreadable';
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'unreadable';
    const encrypted = (zip.readUInt16LE(at + 8) & 1) === 1;
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    if (encrypted || compressed === 0xffffffff || local + 30 > zip.length) return 'unreadable';
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) return 'unreadable';
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) return 'unreadable';
    const data = zip.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: limit - total + 1 }).length;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'over' : 'unreadable';
      }
    } else return 'unreadable';
    if (total > limit) return 'over';
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return 'within';
}
