import { randomInt, randomUUID } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  CAPTCHA_ALGORITHM,
  CAPTCHA_COST,
  CAPTCHA_COUNTER_RANGE,
  CAPTCHA_VALID_SECONDS,
  type CaptchaChallenge,
  type CaptchaLevel,
  parseCaptchaPayload,
} from '../../lib/captcha';
import { ErrorCode } from '../../lib/error-codes';
import { captchas } from '../db/schema';
import { AppError } from '../app-error';
import { runtime } from '../runtime';

export interface Captcha {
  captchaId: string;
  /** The signed proof-of-work challenge (ALTCHA v2) to solve in the browser. */
  challenge: CaptchaChallenge;
  level: CaptchaLevel;
  expiresAt: string;
}

/**
 * A new single-use proof-of-work challenge, valid five minutes. The counter that solves it is
 * drawn from the level's range and hidden: only its derived key's first half (the prefix to find)
 * and an HMAC of the whole key go out, so checking an answer costs one HMAC and one derivation.
 */
export async function createCaptcha(level: CaptchaLevel): Promise<Captcha> {
  const { database, secrets } = await runtime();
  const captchaId = randomUUID();
  const expiresAt = new Date(Date.now() + CAPTCHA_VALID_SECONDS * 1000);
  const [min, max] = CAPTCHA_COUNTER_RANGE[level];
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(min, max + 1),
    deriveKey,
    data: { id: captchaId, level },
    expiresAt,
    hmacSignatureSecret: secrets.captchaSignatureSecret,
    hmacKeySignatureSecret: secrets.captchaKeySignatureSecret,
  });
  const { db } = database;
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id: captchaId, level, expiresAt });
  return {
    captchaId,
    challenge: challenge as CaptchaChallenge,
    level,
    expiresAt: expiresAt.toISOString(),
  };
}

const wrong = () => new AppError(ErrorCode.VERIFICATION_CODE, { fields: ['captcha'] }, { key: 'captchaWrong' });

/**
 * Checks a solved challenge and uses it up. A payload that is not ours, altered, for another
 * captchaId, expired, or already used is -12. A valid one of a lower level than `minLevel` is
 * also used up and answers -12 with the level to solve (`captchaLevel`).
 */
export async function verifyCaptcha(captchaId: string, answer: string, options: { minLevel?: number } = {}) {
  const payload = parseCaptchaPayload(answer);
  if (!payload) throw wrong();
  const { challenge, solution } = payload;
  const data = challenge.parameters.data;
  if (!data || data.id !== captchaId) throw wrong();
  const { database, secrets } = await runtime();
  const signed = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: secrets.captchaSignatureSecret,
    hmacKeySignatureSecret: secrets.captchaKeySignatureSecret,
  });
  if (!signed.verified) throw wrong();
  // The key signature proves the derived key; deriving it once more from the counter binds the
  // counter too (one PBKDF2 of CAPTCHA_COST iterations).
  const derived = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: secrets.captchaSignatureSecret,
  });
  if (!derived.verified) throw wrong();
  // Single use, atomically: of two requests with the same payload only one marks the row.
  const [row] = await database.db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ level: captchas.level });
  if (!row) throw wrong();
  const required = options.minLevel ?? 1;
  if (row.level < required) {
    throw new AppError(
      ErrorCode.VERIFICATION_CODE,
      { fields: ['captcha'], captchaLevel: required },
      { key: 'captchaHarder' },
    );
  }
}
