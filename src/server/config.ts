import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseTrustProxy } from './http/client-address';

/** An optional variable: unset and empty both mean "not given". */
function optional<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/**
 * Every environment variable the server reads, declared once (see docs/decisions/002-configuration.md).
 * A bad value stops the start with a list of what is wrong.
 */
const envSchema = z.object({
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
  /**
   * PostgreSQL only: the tables' owner, for the start step's migrations and the audit log's one-time
   * sealing, while the portal serves as DATABASE_URL's role (README, "Going live": two roles).
   */
  MIGRATION_DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  SITE_URL: optional(z.url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  WORKERS: optional(z.string().regex(/^([1-9]\d?)$/, 'must be a number of processes from 1 to 99')),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SECRET_KEY: optional(
    z.string().regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex or 44 base64 characters'),
  ),
  LINK_KEY_VERSION: z.coerce.number().int().min(1).max(1_000_000).default(1),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('Society Portal <no-reply@localhost>'),
  MAIL_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be a comma-separated list of seconds, e.g. 60,300,900,3600')
    .default('60,300,900,3600')
    .transform((v) => v.split(',').map((s) => Number(s.trim()))),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs',
        });
        return z.NEVER;
      }
    }),
  LINE_CHANNEL_ID: optional(z.string().min(1)),
  LINE_CHANNEL_SECRET: optional(z.string().min(1)),
  /** NewebPay (藍新金流) shop credentials; without them the demo and tests use the built-in simulator. */
  NEWEBPAY_MERCHANT_ID: optional(z.string().regex(/^[A-Za-z0-9]{1,20}$/, "must be the shop's merchant ID (MS…)")),
  NEWEBPAY_HASH_KEY: optional(z.string().length(32, 'must be the 32-character HashKey')),
  NEWEBPAY_HASH_IV: optional(z.string().length(16, 'must be the 16-character HashIV')),
  /** The gateway: its test site (the default) or https://core.newebpay.com for live payments. */
  NEWEBPAY_GATEWAY_URL: z
    .enum(['https://ccore.newebpay.com', 'https://core.newebpay.com'])
    .default('https://ccore.newebpay.com'),
  /**
   * Where uploaded files live: `disk` (DATA_DIR/files, this machine's) or `s3`, an S3-compatible
   * bucket every machine shares (the S3_ settings; integrations/storage).
   */
  FILE_STORAGE: z.enum(['disk', 's3'], 'must be disk or s3').default('disk'),
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      ),
  ),
  S3_REGION: optional(
    z
      .string()
      .regex(
        /^[a-z0-9-]{1,40}$/,
        'must be a region name such as ap-northeast-1 (us-east-1 for most self-hosted servers, auto for Cloudflare R2)',
      ),
  ),
  /** Another provider than AWS: MinIO, Ceph, Cloudflare R2… */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
  /** Put before every key, so one bucket can hold several portals' files. */
  S3_PREFIX: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/,
        'must be folder names separated by /, e.g. portal/ or society/files/',
      ),
  ).transform((v) => (v === undefined || v.endsWith('/') ? v : `${v}/`)),
  /** Unset, the SDK's own chain: AWS_ variables, a profile, the machine's role. */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** How often each process looks for due background jobs (reconciliation, reminders, status changes). */
  JOB_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long a process holds a background job it claimed: a process that dies while running one
   * leaves it to another (or to itself restarted) this long after the claim. Longer than any job runs.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** A payment attempt without a notify this long is asked about through the gateway's trade query. */
  PAYMENT_QUERY_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
});

export type Config = z.infer<typeof envSchema> & { memory: boolean };

export class ConfigError extends Error {}

/**
 * A live start (no demo: SEED_DEMO=false) must know its public address, since every mailed link
 * is built from it and never from a request's Host header.
 */
export function assertReadyForLive(config: Config): void {
  if (!config.SEED_DEMO && !config.SITE_URL) {
    throw new ConfigError(
      'SITE_URL is required when SEED_DEMO=false: set it to the public address of the portal ' +
        '(e.g. SITE_URL=https://portal.example.org). Links in mails are built from it.',
    );
  }
}

/**
 * How many processes serve requests: one unless WORKERS asks for more, which only PostgreSQL
 * allows (the embedded database belongs to one process). A live portal on PostgreSQL sets it to
 * its cores (README, "Going live").
 */
export function workerCount(config: Config): number {
  const asked = config.WORKERS === undefined ? undefined : Number(config.WORKERS);
  if (!config.DATABASE_URL) {
    if (asked !== undefined && asked > 1) {
      throw new ConfigError(
        `WORKERS=${asked} needs PostgreSQL (DATABASE_URL): the embedded database is one process's. ` +
          'Unset WORKERS or set it to 1.',
      );
    }
    return 1;
  }
  return asked ?? 1;
}

/**
 * Reads `.env` of the working folder into the environment (variables already set win). The server
 * and every operators' command call it first, so a command works on the database the server uses.
 */
export function loadEnvFile(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = combinationProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { ...parsed.data, memory: parsed.data.DATA_DIR === 'memory' };
}

/** Settings that are each valid but do not go together. */
function combinationProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const gateway = [env.NEWEBPAY_MERCHANT_ID, env.NEWEBPAY_HASH_KEY, env.NEWEBPAY_HASH_IV];
  if (gateway.some(Boolean) && !gateway.every(Boolean))
    problems.push('NEWEBPAY_MERCHANT_ID, NEWEBPAY_HASH_KEY and NEWEBPAY_HASH_IV go together: set all three or none');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK’s own credentials (AWS_ variables, a profile, the machine’s role)',
    );
  if (env.FILE_STORAGE === 's3') {
    if (!env.S3_BUCKET) problems.push('S3_BUCKET: FILE_STORAGE=s3 needs the bucket that holds the files');
    if (!env.S3_REGION)
      problems.push(
        'S3_REGION: FILE_STORAGE=s3 needs the bucket’s region (e.g. ap-northeast-1; us-east-1 for most self-hosted servers, auto for Cloudflare R2)',
      );
    // A key generated into one machine's DATA_DIR opens nothing another machine wrote with its own.
    if (!env.SECRET_KEY)
      problems.push(
        'SECRET_KEY: FILE_STORAGE=s3 shares files between machines, and every machine must use the same key ' +
          '(national IDs are encrypted and links signed with it): set the same SECRET_KEY on each (openssl rand -hex 32)',
      );
  } else {
    const s3 = S3_SETTINGS.filter((name) => env[name] !== undefined);
    if (s3.length > 0)
      problems.push(
        `${s3.join(', ')} set, but FILE_STORAGE is disk: set FILE_STORAGE=s3 to keep files in the bucket, or remove the S3_ settings`,
      );
  }
  return problems;
}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_PREFIX',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * What the start should say about a set-up of several machines (files in a shared bucket) that is
 * not complete: mails written to one machine's folder. Empty when nothing is to be said.
 */
export function sharedSetUpWarnings(config: Config): string[] {
  if (config.FILE_STORAGE !== 's3' || config.SMTP_URL) return [];
  return [
    'FILE_STORAGE=s3 shares files between machines, but without SMTP_URL each machine writes its mails to its own ' +
      'DATA_DIR/outbox: set SMTP_URL so mail leaves from every machine alike',
  ];
}
