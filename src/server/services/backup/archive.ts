/**
 * The backup archive (decision record 025): one gzip'd tar file.
 *
 * - `tables/<table>/<000001>.jsonl`: a table's rows in chunks, one row a line, as PostgreSQL's
 *   `row_to_json` writes it (timestamps with their offset and microseconds, bytea as `\x…` hex,
 *   jsonb as it is, numbers as written, arrays as JSON arrays), read back by PostgreSQL itself;
 * - `files/<storage key>`: the bytes of every file the database names;
 * - `secret.key`: the generated master key, when the portal had no `SECRET_KEY`;
 * - `manifest.json`, last: the format and its version, when and from which engine, the migration
 *   level, the rows of every table, the sequences' values, and the SHA-256 of every other entry.
 *
 * An archive is read twice on a restore: once to check it whole (every entry named in the manifest
 * and its checksum equal, the rows counted, nothing after the manifest) before the target is
 * touched, then to load it, checking each entry again as it is used.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'society-portal-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const KEY_ENTRY = 'secret.key';

/** Rows a table chunk holds at most: a few megabytes at the widest. */
export const ROWS_PER_CHUNK = 2000;

const TABLE_ENTRY = /^tables\/([a-z_][a-z0-9_]{0,62})\/(\d{6})\.jsonl$/;
const FILE_ENTRY = /^files\/([a-z0-9][a-z0-9._-]{0,127})$/i;

const migrationLevel = z.object({
  /** Migrations applied. */
  count: z.number().int().nonnegative(),
  /** The last one's tag (`0032_journal_papers_updated_at`), null when none or unknown to the code. */
  tag: z.string().nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevel>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  migrations: migrationLevel,
  /** Rows per table. */
  tables: z.record(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/), z.number().int().nonnegative()),
  /** Each sequence's last value (text: a bigint), or null when it was never used. */
  sequences: z.record(
    z.string(),
    z
      .string()
      .regex(/^-?\d+$/)
      .nullable(),
  ),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /**
   * Which master key encrypted the national IDs and authenticator secrets (an HMAC of it, not the
   * key), and whether the key itself is in the archive (`secret.key`, when SECRET_KEY was unset).
   */
  key: z.object({ id: z.string().regex(/^[0-9a-f]{16}$/), included: z.boolean() }).nullable(),
  /** SHA-256 of every entry but the manifest. */
  entries: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal with its reason in both languages (printed as two lines by the commands). */
export class BackupError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${zh}\n${en}`);
  }
}

function damaged(detail: string): BackupError {
  return new BackupError(
    `備份檔已損壞或不完整（${detail}），無法還原`,
    `The archive is damaged or incomplete (${detail}): it cannot be restored`,
  );
}

export const tableEntry = (table: string, chunk: number) => `tables/${table}/${String(chunk).padStart(6, '0')}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes entries into a gzip'd tar on `out`, keeping their checksums for the manifest. */
export function archiveWriter(out: Writable) {
  const pack = tar.pack();
  const entries: Record<string, string> = {};
  const written = pipeline(pack, createGzip(), out);
  // A failure of the output is seen by the next `add` or by `finish`.
  written.catch(() => {});
  const add = (name: string, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      entries[name] = sha256(bytes);
      const sink = pack.entry({ name, size: bytes.byteLength, mode: 0o600 }, (error) =>
        error ? reject(error) : resolve(),
      );
      sink.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  return {
    add,
    /** Adds the manifest (with the entries' checksums) as the last entry and ends the archive. */
    async finish(manifest: Omit<Manifest, 'entries'>): Promise<Manifest> {
      const complete: Manifest = { ...manifest, entries: { ...entries } };
      await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(complete, null, 2)}\n`));
      pack.finalize();
      await written;
      return complete;
    },
    /** Ends the archive unfinished (the output is then not a valid archive). */
    abort(error: Error) {
      pack.destroy(error);
    },
  };
}

export type ArchiveEntry =
  | { kind: 'table'; name: string; table: string; bytes: Buffer }
  | { kind: 'file'; name: string; key: string; bytes: Buffer }
  | { kind: 'key'; name: string; bytes: Buffer }
  | { kind: 'manifest'; name: string; bytes: Buffer };

/** Every entry of the archive in order, read whole (a table chunk or one file at a time). */
export async function* archiveEntries(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => extract.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  input.pipe(gunzip).pipe(extract as unknown as Writable);
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const name = entry.header.name;
      if (entry.header.type !== 'file') throw damaged(`an entry that is not a file: ${name}`);
      const table = TABLE_ENTRY.exec(name);
      const stored = FILE_ENTRY.exec(name);
      if (table) yield { kind: 'table', name, table: table[1]!, bytes };
      else if (stored) yield { kind: 'file', name, key: stored[1]!, bytes };
      else if (name === KEY_ENTRY) yield { kind: 'key', name, bytes };
      else if (name === MANIFEST_ENTRY) yield { kind: 'manifest', name, bytes };
      else throw damaged(`an unknown entry: ${name.slice(0, 80)}`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  } finally {
    input.destroy();
    extract.destroy();
  }
}

/** The lines (rows) of a table chunk. */
export function rowsOf(bytes: Buffer): string[] {
  const text = bytes.toString('utf8');
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/** Reads a manifest: a wrong format or version is named as such; anything else malformed is damage. */
export function parseManifest(bytes: Buffer): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const head = z.object({ format: z.string(), version: z.unknown() }).safeParse(raw);
  if (!head.success || head.data.format !== ARCHIVE_FORMAT)
    throw new BackupError('這不是本系統的備份檔', 'This is not a backup of this portal');
  if (head.data.version !== ARCHIVE_VERSION)
    throw new BackupError(
      `備份檔格式版本為 ${String(head.data.version)}，本系統讀取版本 ${ARCHIVE_VERSION}`,
      `The archive is of format version ${String(head.data.version)}; this portal reads version ${ARCHIVE_VERSION}`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged('its manifest is malformed');
  return parsed.data;
}

/**
 * Checks the archive whole before anything is restored from it: every entry's checksum is the
 * manifest's, every entry the manifest names is there, the rows and files are as many as it says,
 * and the manifest is the last entry. Answers the manifest.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, string>();
  const rows = new Map<string, number>();
  let manifest: Manifest | null = null;
  let files = 0;
  for await (const entry of archiveEntries(file)) {
    if (manifest) throw damaged('entries after its manifest');
    if (entry.kind === 'manifest') {
      manifest = parseManifest(entry.bytes);
      continue;
    }
    if (seen.has(entry.name)) throw damaged(`${entry.name} twice`);
    seen.set(entry.name, sha256(entry.bytes));
    if (entry.kind === 'table') rows.set(entry.table, (rows.get(entry.table) ?? 0) + rowsOf(entry.bytes).length);
    if (entry.kind === 'file') files += 1;
  }
  if (!manifest) throw damaged('no manifest');
  const listed = Object.entries(manifest.entries);
  if (listed.length !== seen.size) throw damaged('entries missing');
  for (const [name, sum] of listed) if (seen.get(name) !== sum) throw damaged(`${name} differs from its checksum`);
  for (const [table, count] of Object.entries(manifest.tables))
    if ((rows.get(table) ?? 0) !== count) throw damaged(`rows of ${table}`);
  for (const table of rows.keys()) if (!(table in manifest.tables)) throw damaged(`rows of ${table}`);
  if (files !== manifest.files.count) throw damaged('files missing');
  if (seen.has(KEY_ENTRY) !== (manifest.key?.included ?? false)) throw damaged('its key');
  return manifest;
}
