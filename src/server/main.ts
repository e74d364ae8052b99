/**
 * The production server: a small node:http front that answers static files and cached
 * anonymous pages itself and hands everything else to Astro's handler (DESIGN.md §11).
 * It owns the process: configuration, database (lock, migrations, seed), logs and shutdown.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertReadyForLive,
  ConfigError,
  loadConfig,
  loadEnvFile,
  sharedSetUpWarnings,
  workerCount,
  type Config,
} from './config';
import { DataDirLockedError } from './db/client';
import { type StatementCounter, withStatementCounter } from './db/statement-count';
import { coalesceWrites } from './front/coalesce-writes';
import { chooseEncoding, compressAnswer, ENCODINGS, ENCODINGS_EACH_TIME, mayCompressFor } from './front/compression';
import { type CachedResponse, hasSessionCookie, PageCache } from './front/page-cache';
import { takeLocalePrefix } from './front/locale-prefix';
import { answerUnavailableAs503 } from './front/unavailable-status';
import { runPrimary } from './front/primary';
import { loadStaticFiles, staticVariant } from './front/static-files';
import { securityHeaders } from './http/security-headers';
import { HSTS_VALUE, isTlsRequest } from './http/transport';
import { createLogger, redactUrl } from './logger';
import { isSetUp } from './db/base-data';
import { storageLocation } from './integrations/storage';
import { installRuntime } from './runtime';
import { openBackupChannel } from './services/backup/channel';
import { listenForContentChanges } from './services/content/changes';
import { portalJobs } from './services/jobs/jobs';
import { startScheduler } from './services/jobs/scheduler';
import { logMailLinks } from './services/site/site-origin';
import { startRuntime } from './start';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  // The built server is production, however it is started (npm start, npm run serve, tests, the
  // bench): React and other libraries pick their production builds when they are first loaded,
  // which is after this line (Astro's handler is imported below).
  process.env.NODE_ENV = 'production';
  loadEnvFile();
  const config = loadConfig();
  assertReadyForLive(config);
  const log = createLogger(config.LOG_LEVEL);
  const buildId = readFileSync(path.join(distDir, 'build-id.txt'), 'utf8').trim();
  const workers = workerCount(config);
  if (cluster.isPrimary) for (const warning of sharedSetUpWarnings(config)) log.warn(warning);
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, workers, buildId, log);
  return serve(config, buildId, log);
}

/** One serving process: the whole server, alone or as one of the primary's workers. */
async function serve(config: Config, buildId: string, log: ReturnType<typeof createLogger>): Promise<void> {
  // A primary's worker finds the data in place: the primary prepared it once before starting them.
  const rt = await startRuntime(config, buildId, { mailWorker: true, prepareData: !cluster.isWorker, serving: true });
  installRuntime(rt);
  if (!(await isSetUp(rt.database.db)))
    log.warn('The society is not set up yet: npm run society -- apply FILE (README: Going live)');
  // `npm run backup` reaches the embedded database through this process (docs/decisions/025).
  const backupChannel = rt.database.engine === 'pglite' && !config.memory ? await openBackupChannel(rt) : null;
  // Background jobs (reconciliation, …): every process ticks; a job's claim keeps it to one.
  const scheduler = startScheduler(portalJobs(config), config.JOB_TICK_SECONDS, config.JOB_LEASE_SECONDS);
  const { handler } = (await import(pathToEntry())) as { handler: AstroHandler };
  const staticFiles = loadStaticFiles(path.join(distDir, 'client'));
  const pageCache = new PageCache(config.PAGE_CACHE_TTL_MS);
  rt.cache.onClear(() => pageCache.clear());
  // Content changed by another process empties this one's caches too (docs/decisions/019).
  if (config.DATABASE_URL)
    rt.contentChanges = listenForContentChanges(config.DATABASE_URL, rt.cache, (error) =>
      log.warn({ err: error }, 'content-change listener lost its connection; reconnecting'),
    );
  const plainHeaders = securityHeaders(false, false);
  const tlsHeaders = securityHeaders(false, true);

  const logRequests = log.isLevelEnabled('info');
  // Requests the site is still working on: a stop lets them end (a client that hung up leaves
  // its request running) before the database closes under them.
  const working = new Set<Promise<unknown>>();

  const server = createServer(async (req, res) => {
    const started = logRequests ? process.hrtime.bigint() : 0n;
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && /^[\w-]{8,64}$/.test(incomingId) ? incomingId : randomUUID();
    req.headers['x-request-id'] = requestId;
    let source = 'app';
    const counter: StatementCounter = { statements: 0 };
    const askedUrl = req.url;
    if (logRequests) {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log.info(
          {
            requestId,
            method: req.method,
            url: redactUrl(askedUrl),
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
            source,
            statements: counter.statements,
          },
          'request',
        );
      });
    }

    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const file =
      (req.method === 'GET' || req.method === 'HEAD') && staticFiles.get(query < 0 ? url : url.slice(0, query));
    if (file) {
      source = 'static';
      const staticHeaders = isTlsRequest(config, 'http:', headerValue(req.headers['x-forwarded-proto']))
        ? tlsHeaders
        : plainHeaders;
      // The copy this client accepts (brotli, gzip or the file itself), each with its own ETag.
      const sent = staticVariant(file, req.headers['accept-encoding']);
      if (req.headers['if-none-match'] === sent.etag) {
        res.writeHead(304, {
          ...staticHeaders,
          ETag: sent.etag,
          'Cache-Control': sent.headers['Cache-Control'],
          ...(sent.headers.Vary ? { Vary: sent.headers.Vary } : {}),
          'X-Request-Id': requestId,
        });
        res.end();
        return;
      }
      res.writeHead(200, { ...staticHeaders, ...sent.headers, 'X-Request-Id': requestId });
      res.end(req.method === 'HEAD' ? undefined : sent.body);
      return;
    }

    const key = pageCache.keyFor(req);
    const hit = key ? pageCache.get(key) : undefined;
    if (hit) {
      source = 'cache';
      // Compressed once per coding and kept with the answer (a request with a session never gets here).
      const sent = pageCache.variantFor(hit, chooseEncoding(req.headers['accept-encoding']));
      if (sent.etag && req.headers['if-none-match'] === sent.etag) {
        const cacheControl = String(sent.headers['cache-control'] ?? 'no-cache');
        const vary = sent.headers.vary ? ['vary', String(sent.headers.vary)] : [];
        res.writeHead(304, [
          'etag',
          sent.etag,
          'cache-control',
          cacheControl,
          ...vary,
          'x-request-id',
          requestId,
          'x-cache',
          'hit',
        ]);
        res.end();
        return;
      }
      const hsts = isTlsRequest(config, 'http:', headerValue(req.headers['x-forwarded-proto']))
        ? ['strict-transport-security', HSTS_VALUE]
        : [];
      res.writeHead(hit.status, [...sent.flatHeaders, ...hsts, 'x-request-id', requestId, 'x-cache', 'hit']);
      res.end(req.method === 'HEAD' ? undefined : sent.body);
      return;
    }
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Cache', key ? 'miss' : 'bypass');
    // A render that began before a content change must not keep its (old) page afterwards.
    const generation = pageCache.generation;
    // Pages and API answers go out compressed when the client accepts it (and, signed in, when the
    // request is the site's own: docs/security.md); the page cache keeps the plain answer and the
    // compressed copy made on the way out. What may be kept gets the best coding (made once), the
    // rest the cheaper one.
    const encoding = mayCompressFor(req, hasSessionCookie(req))
      ? chooseEncoding(req.headers['accept-encoding'], key ? ENCODINGS : ENCODINGS_EACH_TIME)
      : null;
    let kept: CachedResponse | undefined;
    compressAnswer(res, encoding, (coding, body) => kept && pageCache.keepCoded(kept, coding, body));
    if (key && req.method === 'GET')
      captureForCache(res, (status, headers, body) => {
        kept = pageCache.offer(key, status, headers, body, generation);
      });
    coalesceWrites(res);
    answerUnavailableAs503(res);
    const locals = takeLocalePrefix(req);
    const handled = withStatementCounter(counter, () => handler(req, res, undefined, locals));
    working.add(handled);
    try {
      await handled;
    } finally {
      working.delete(handled);
    }
  });

  server.keepAliveTimeout = 65_000;
  server.on('error', async (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `Port ${config.PORT} on ${config.HOST} is already in use: stop the other server or set PORT to another port.`
        : `The server could not listen on ${config.HOST}:${config.PORT}: ${error.message}`;
    process.stderr.write(`${reason}\n`);
    // The background work stops before the database closes under it.
    await scheduler.stop();
    await backupChannel?.close();
    await rt.outbox?.stop();
    await rt.mailer.close();
    await rt.database.close();
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    // Mailed links are built on this port when SITE_URL is unset (services/site/site-origin.ts).
    rt.listeningPort = port;
    log.info(
      {
        url: `http://${config.HOST}:${port}`,
        engine: rt.database.engine,
        files: storageLocation(config),
        buildId,
        nodeEnv: process.env.NODE_ENV,
        ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}),
      },
      'listening',
    );
    if (!cluster.isWorker) logMailLinks(log, config.SITE_URL, port);
    // A machine-readable line for scripts that start the server on port 0 (the primary prints
    // it when there are workers, once they all listen).
    if (!cluster.isWorker) process.stdout.write(`PORTAL_LISTENING ${port}\n`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    server.close();
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 5000);
    force.unref();
    server.on('close', async () => {
      await Promise.race([Promise.allSettled(working), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await scheduler.stop();
      await backupChannel?.close();
      await rt.contentChanges?.stop();
      await rt.outbox?.stop();
      await rt.mailer.close();
      await rt.database.close();
      log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function headerValue(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function pathToEntry(): string {
  return new URL('../server/entry.mjs', import.meta.url).href;
}

/** Copies what Astro writes so a public answer can be kept for the next reader. */
function captureForCache(
  res: ServerResponse,
  done: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const toBuffer = (chunk: unknown) =>
    typeof chunk === 'string' ? Buffer.from(chunk) : chunk instanceof Uint8Array ? Buffer.from(chunk) : null;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const b = toBuffer(chunk);
    if (b) chunks.push(b);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const b = typeof chunk === 'function' ? null : toBuffer(chunk);
    if (b) chunks.push(b);
    const headers = res.getHeaders();
    delete headers['x-request-id'];
    delete headers['x-cache'];
    // Whether HSTS applies is decided per request (a trusted proxy's X-Forwarded-Proto).
    delete headers['strict-transport-security'];
    done(res.statusCode, headers, Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as typeof res.end;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
