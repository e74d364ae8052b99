// For tests only: ZIP archives made to order (a spreadsheet, a bomb, a broken or encrypted entry).
import { deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 8 deflate (the default), 0 stored, anything else as given. */
  method?: number;
  /** The unpacked size the archive declares (the true one unless given). */
  declared?: number;
  encrypted?: boolean;
}

/** A ZIP archive of `entries` (local headers, central directory, end record), as a zip tool writes one. */
export function zipOf(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    const declared = entry.declared ?? entry.data.length;
    // The local header and the central directory's entry share these fields, the entry 2 bytes further on.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(entry.encrypted ? 1 : 0, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(declared, at + 16);
      header.writeUInt16LE(name.length, at + 20);
      return header;
    };
    const local = shared(Buffer.alloc(30), 6);
    local.writeUInt32LE(0x04034b50, 0);
    const central = shared(Buffer.alloc(46), 8);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    directory.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}
