// The embedded database's own thread (src/server/db/pglite-thread.ts starts it): PGlite runs
// here, so its work (WebAssembly, a tenth of a millisecond to several per statement) never holds
// the serving thread's event loop. Plain JavaScript, so that it runs as it is from the sources
// (tests) and from dist/front (scripts/build-front.mjs writes it there beside the server).
//
// Messages in: { id, op: 'query', sql, params, rowMode, raw } | { id, op: 'exec', sql } | { op: 'close' }
// (the thread ends once the database is closed).
// Messages out: { id, result } or { id, error } (a plain object with the database error's fields).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './initial-database.mjs';

/** Types the caller keeps as the database's text (Drizzle's setting for dates, times and intervals). */
const RAW_PARSERS = Object.fromEntries(workerData.rawTypes.map((oid) => [oid, (value) => value]));

/** The fields of a PostgreSQL error that callers read (SQLSTATE code first). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'constraint',
];

// A new database starts from the build's initial one, found beside this file in dist/front.
const db = new PGlite(pgliteOptions(workerData.dataDir, path.dirname(fileURLToPath(import.meta.url))));

function plainError(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) out[field] = error[field];
  return out;
}

function plainResult(result) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, command: result.command };
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return plainResult(
        await db.query(message.sql, message.params, {
          rowMode: message.rowMode,
          parsers: message.raw ? RAW_PARSERS : undefined,
        }),
      );
    case 'exec':
      return (await db.exec(message.sql)).map(plainResult);
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

try {
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}

parentPort.on('message', (message) => {
  if (message.op === 'close') {
    // Statements already begun end first (PGlite's close waits for them); then the thread ends,
    // which is the caller's answer.
    db.close().finally(() => process.exit(0));
    return;
  }
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});
