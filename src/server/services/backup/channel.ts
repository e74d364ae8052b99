/**
 * The embedded database belongs to the server's process (the data folder's lock), so while the
 * server runs, `npm run backup` asks it for the archive through a Unix socket in the data folder
 * (decision record 025). The socket is the operating system's, not the network's: it is made 0600
 * inside the 0700 data folder, so only the portal's own account (and root) reaches it, who can read
 * the data folder anyway. It takes two requests, the word `backup` (answered with the archive) and
 * `audit-verify` (answered with the audit chain's check, one line of JSON: `npm run audit-verify`,
 * decision record 033), and nothing else, so no path or name comes from the other side, and the
 * archive is written by the command where it was told.
 */
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkAuditChain, type ChainCheck } from '../../db/audit-chain';
import { logger } from '../../logger';
import { BackupError } from './archive';
import { writeBackup, type BackupSource } from './dump';

const REQUEST = 'backup\n';
const AUDIT_REQUEST = 'audit-verify\n';

export const channelPath = (dataDir: string) => path.resolve(dataDir, 'backup.sock');

export interface BackupChannel {
  /** Stops listening; a backup still being sent is cut short (the command then says so). */
  close(): Promise<void>;
}

/** Listens on `DATA_DIR/backup.sock` and answers each `backup` request with an archive, each `audit-verify` with the check. */
export async function openBackupChannel(
  source: BackupSource & { secrets: { auditChainKey: Buffer } },
): Promise<BackupChannel | null> {
  if (process.platform === 'win32') return null;
  const log = logger();
  const file = channelPath(source.config.DATA_DIR);
  // Left by a server that ended without closing it: the data folder's lock says none runs now.
  rmSync(file, { force: true });
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    socket.setTimeout(10_000, () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('latin1');
      if (!request.includes('\n') && request.length < AUDIT_REQUEST.length) return;
      socket.off('data', onData);
      if (request === AUDIT_REQUEST) {
        log.info('audit chain check requested through the data folder');
        checkAuditChain(source.database.db, source.secrets.auditChainKey).then(
          (check) => socket.end(`${JSON.stringify(check)}\n`),
          (error: unknown) => {
            log.error({ err: error }, 'audit chain check failed');
            socket.destroy();
          },
        );
        return;
      }
      if (request !== REQUEST) {
        socket.destroy();
        return;
      }
      // A reader that stops reading for a minute is let go: on the embedded database the portal
      // waits while the tables are read, so a stalled backup must not hold it.
      socket.setTimeout(60_000, () => socket.destroy());
      log.info('backup requested through the data folder');
      writeBackup(source, socket).then(
        (manifest) =>
          log.info({ files: manifest.files.count, tables: Object.keys(manifest.tables).length }, 'backup sent'),
        (error: unknown) => {
          log.error({ err: error }, 'backup failed');
          socket.destroy();
        },
      );
    };
    socket.on('data', onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    log.warn({ err: error, file }, 'no backup channel: npm run backup needs the server stopped');
    return null;
  }
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => {
          rmSync(file, { force: true });
          resolve();
        });
      }),
  };
}

/** Connects to the server running on `dataDir`, or says it offers no channel. */
async function connectChannel(dataDir: string) {
  const socket = connect(channelPath(dataDir));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          `執行中的伺服器未提供備份通道（${error.code ?? error.message}）：請更新並重新啟動它，或先停止它`,
          `The server running on this data folder offers no backup channel (${error.code ?? error.message}): ` +
            'restart it with this version, or stop it first',
        ),
      ),
    );
  });
  return socket;
}

/** Asks the server running on `dataDir` for an archive and writes it to `out`. */
export async function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = await connectChannel(dataDir);
  socket.write(REQUEST);
  await pipeline(socket, out);
}

/** Asks the server running on `dataDir` to check the audit log's chain (with its key) and answers the check. */
export async function requestAuditCheck(dataDir: string): Promise<ChainCheck> {
  const socket = await connectChannel(dataDir);
  socket.write(AUDIT_REQUEST);
  let answer = '';
  for await (const chunk of socket) answer += (chunk as Buffer).toString('utf8');
  if (!answer.endsWith('\n'))
    throw new BackupError('執行中的伺服器未完成檢查', 'The running server did not finish the check');
  return JSON.parse(answer) as ChainCheck;
}
