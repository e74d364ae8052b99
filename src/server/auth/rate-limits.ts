import { like } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '../../lib/error-codes';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../app-error';
import { runtime } from '../runtime';

/**
 * A limit on something a visitor can repeat: at most `points` within `durationSeconds` per
 * subject (an address, an account, an e-mail address…), then refused for `blockSeconds` (or until
 * the window ends). Counted in the database with rate-limiter-flexible's Drizzle store, so every
 * process on a shared PostgreSQL agrees and the embedded database works the same way.
 */
export interface LimitRule {
  /** Unique per limit; prefixes the stored key. */
  name: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

const limiters = new WeakMap<Db, Map<string, RateLimiterDrizzle>>();

async function limiterFor(rule: LimitRule): Promise<RateLimiterDrizzle> {
  const { db } = (await runtime()).database;
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  // A rule whose numbers change (a system setting) gets a new limiter over the same stored keys.
  const cacheKey = `${rule.name}:${rule.points}:${rule.durationSeconds}:${rule.blockSeconds ?? 0}`;
  let limiter = byName.get(cacheKey);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    });
    byName.set(cacheKey, limiter);
  }
  return limiter;
}

function normalise(subject: string): string {
  return subject.trim().toLowerCase().slice(0, 320);
}

export function retryAfterSeconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** The refusal every limit answers: -11 with the seconds to wait, in the reader's language. */
export function tooManyRequests(seconds: number): AppError {
  return new AppError(
    ErrorCode.NO_PERMISSION,
    { reason: 'rateLimited', retryAfterSeconds: seconds },
    { key: 'tooManyRequests', values: { seconds } },
  );
}

/** Counts one use (or `points`) of a subject against a rule; over the limit it throws `tooManyRequests`. */
export async function consumeLimit(rule: LimitRule, subject: string, points = 1): Promise<RateLimiterRes> {
  const limiter = await limiterFor(rule);
  try {
    return await limiter.consume(normalise(subject), points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(retryAfterSeconds(error));
    throw error;
  }
}

/** Where a subject stands against a rule without counting anything: null when it has no uses. */
export async function limitState(rule: LimitRule, subject: string): Promise<RateLimiterRes | null> {
  return (await limiterFor(rule)).get(normalise(subject));
}

/** Forgets a subject's uses (e.g. the failures of an account after the owner signs in). */
export async function resetLimit(rule: LimitRule, subject: string): Promise<void> {
  await (await limiterFor(rule)).delete(normalise(subject));
}

/** Forgets every subject of a rule that starts with `prefix` (e.g. one account at every address). */
export async function resetLimitsStartingWith(rule: LimitRule, prefix: string): Promise<void> {
  const { db } = (await runtime()).database;
  const escaped = `${rule.name}:${normalise(prefix)}`.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db.delete(rateLimits).where(like(rateLimits.key, `${escaped}%`));
}
