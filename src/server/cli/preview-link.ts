/**
 * `npm run preview-link -- <article|event|file|signin|credit> <id> [--minutes N]`: prints a signed,
 * expiring preview address for an unpublished article or event, a stored file, a member class's
 * join page or a certification's page, in both languages.
 * It reads only the configuration and the secret key (SECRET_KEY, or DATA_DIR/secret.key), never
 * the database, so it works while the server runs. It does not check that the id exists: the
 * preview page answers "not found" for an unknown one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, loadEnvFile, type Config } from '../config';
import { loadSecrets } from '../auth/secrets';
import { DEFAULT_PREVIEW_MINUTES, PREVIEW_KINDS, signPreviewToken, type PreviewKind } from '../auth/preview-tokens';
import { formatDateTime } from '../../lib/format';
import { LOCALES } from '../../lib/locales';
import { idParam } from '../../lib/schemas/common';

/** The longest a preview link may last: 30 days. */
const MAX_PREVIEW_MINUTES = 30 * 24 * 60;

const USAGE = `Usage: npm run preview-link -- <${PREVIEW_KINDS.join('|')}> <id> [--minutes N]
  N: how long the link lasts, 1 to ${MAX_PREVIEW_MINUTES} minutes (default ${DEFAULT_PREVIEW_MINUTES}, one day)`;

class UsageError extends Error {}

interface Request {
  kind: PreviewKind;
  id: number;
  minutes: number;
}

function parseArgs(args: string[]): Request {
  const positional: string[] = [];
  let minutesText: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--minutes') {
      minutesText = args[i + 1];
      if (minutesText === undefined) throw new UsageError(`--minutes needs a number.\n${USAGE}`);
      i += 1;
    } else if (arg.startsWith('--minutes=')) {
      minutesText = arg.slice('--minutes='.length);
    } else if (arg === '--help' || arg === '-h') {
      throw new UsageError(USAGE);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  const [kind, id, ...rest] = positional;
  if (!kind || !id || rest.length) throw new UsageError(USAGE);
  if (!(PREVIEW_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`Unknown kind "${kind}": use ${PREVIEW_KINDS.join(', ')}.\n${USAGE}`);
  }
  const parsedId = idParam.safeParse(id);
  if (!parsedId.success) throw new UsageError(`The id must be a positive whole number, got "${id}".`);
  let minutes = DEFAULT_PREVIEW_MINUTES;
  if (minutesText !== undefined) {
    minutes = /^\d{1,6}$/.test(minutesText) ? Number(minutesText) : NaN;
    if (!(minutes >= 1 && minutes <= MAX_PREVIEW_MINUTES)) {
      throw new UsageError(
        `--minutes must be a whole number from 1 to ${MAX_PREVIEW_MINUTES} (30 days), got "${minutesText}".`,
      );
    }
  }
  return { kind: kind as PreviewKind, id: parsedId.data, minutes };
}

/** The key the server signs with: SECRET_KEY, or the one it keeps in DATA_DIR (never made here). */
function signingKey(config: Config): Buffer {
  if (!config.SECRET_KEY) {
    if (config.memory) {
      throw new UsageError('DATA_DIR=memory keeps no key between processes: set SECRET_KEY to the server’s key.');
    }
    const file = path.join(config.DATA_DIR, 'secret.key');
    if (!existsSync(file)) {
      throw new UsageError(`There is no ${file} yet: start the server once, or set SECRET_KEY.`);
    }
  }
  return loadSecrets({
    secretKey: config.SECRET_KEY,
    dataDir: config.DATA_DIR,
    linkKeyVersion: config.LINK_KEY_VERSION,
  }).signingKey;
}

function run(args: string[]): void {
  loadEnvFile();
  const request = parseArgs(args);
  const config = loadConfig();
  const key = signingKey(config);
  const expiresAt = new Date(Date.now() + request.minutes * 60_000);
  const token = signPreviewToken(key, request.kind, request.id, expiresAt);
  const origin = config.SITE_URL ? new URL(config.SITE_URL).origin : `http://localhost:${config.PORT}`;
  const pagePath = `/preview/${request.kind}/${request.id}?token=${token}`;
  const lines = [
    `Preview link for ${request.kind} ${request.id}, valid until ${formatDateTime(expiresAt, 'en-us')} (Taipei time):`,
    // Both addresses carry their language prefix, so a remembered language does not redirect them.
    ...LOCALES.map((locale) => `  ${locale}: ${origin}/${locale}${pagePath}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  run(process.argv.slice(2));
} catch (error) {
  const known = error instanceof UsageError || error instanceof ConfigError;
  process.stderr.write(`${known ? (error as Error).message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
}
