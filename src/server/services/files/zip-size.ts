import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

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

/** A streamed entry's inflation went past what was left of the limit. */
class OverLimit extends Error {}

/** What `length` deflated bytes at `start` of a file unpack to, counted as they stream (never held). */
async function inflatedLength(path: string, start: number, length: number, room: number): Promise<number | 'over'> {
  let count = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      done(count > room ? new OverLimit() : null);
    },
  });
  try {
    await pipeline(createReadStream(path, { start, end: start + length - 1 }), createInflateRaw(), counter);
  } catch (error) {
    if (error instanceof OverLimit) return 'over';
    throw error;
  }
  return count;
}

/**
 * `unzippedSize` for an archive in a file, unpacking each entry as a stream (a workbook of 50,000
 * lines is read without being held). A streaming reader (ExcelJS's `WorkbookReader`) walks the
 * local entries from the start of the file rather than the central directory, so the directory's
 * entries must also be exactly those, one after another up to the directory: an archive that hides
 * an entry between them is unreadable.
 */
export async function unzippedSizeOfFile(path: string, limit: number): Promise<'within' | 'over' | 'unreadable'> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return bytesRead === length ? buffer : null;
    };
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await read(size - tailLength, tailLength);
    if (!tail || tailLength < 22) return 'unreadable';
    let end = -1;
    for (let at = tail.length - 22; at >= 0; at--)
      if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
        end = at;
        break;
      }
    if (end < 0) return 'unreadable';
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryAt = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryAt === 0xffffffff || directoryAt + directorySize > size) return 'unreadable';
    const directory = await read(directoryAt, directorySize);
    if (!directory) return 'unreadable';
    let at = 0;
    let next = 0;
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'unreadable';
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const compressed = directory.readUInt32LE(at + 20);
      const local = directory.readUInt32LE(at + 42);
      if ((flags & 1) === 1 || compressed === 0xffffffff || local !== next) return 'unreadable';
      const header = await read(local, 30);
      if (!header || header.readUInt32LE(0) !== LOCAL_HEADER) return 'unreadable';
      const start = local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (start + compressed > directoryAt) return 'unreadable';
      if (method === 0) total += compressed;
      else if (method === 8) {
        try {
          const unpacked = compressed === 0 ? 0 : await inflatedLength(path, start, compressed, limit - total);
          if (unpacked === 'over') return 'over';
          total += unpacked;
        } catch {
          return 'unreadable';
        }
      } else return 'unreadable';
      if (total > limit) return 'over';
      next = start + compressed;
      // Sizes written after the data (a streaming writer's), with or without their signature.
      if ((flags & 8) === 8) {
        const descriptor = await read(next, 4);
        next += descriptor?.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
      }
      at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return next === directoryAt ? 'within' : 'unreadable';
  } finally {
    await file.close();
  }
}
