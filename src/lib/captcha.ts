import { z } from 'zod';

/**
 * The proof-of-work captcha (ALTCHA v2, docs/decisions/005-proof-of-work-captcha.md): the server
 * signs a challenge whose key it derived from a secret counter; the browser tries counters 0, 1,
 * 2… with PBKDF2 until it finds that key, and sends back the challenge with the solution. Shared
 * by the server, the islands and the tests: the work per level, the level choice and the shape of
 * the answer.
 */

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried. */
export const CAPTCHA_COST = 1_000;
/** How long a challenge may be solved and sent. */
export const CAPTCHA_VALID_SECONDS = 5 * 60;

export const CAPTCHA_LEVELS = [1, 2, 3] as const;
export type CaptchaLevel = (typeof CAPTCHA_LEVELS)[number];
export const MAX_CAPTCHA_LEVEL: CaptchaLevel = 3;

/**
 * The secret counter is drawn from this range, so a solver needs (min + max) / 2 key derivations
 * on average: each level is ten times the work of the one before.
 */
export const CAPTCHA_COUNTER_RANGE: Record<CaptchaLevel, readonly [number, number]> = {
  1: [30, 70],
  2: [300, 700],
  3: [3_000, 7_000],
};

export const captchaLevelSchema = z.coerce.number().int().min(1).max(MAX_CAPTCHA_LEVEL);

/**
 * The level a count of recent failures calls for: level 1 below `steps[0]`, level 2 from
 * `steps[0]`, level 3 from `steps[1]`.
 */
export function levelForFailures(failures: number, steps: readonly [number, number]): CaptchaLevel {
  if (failures >= steps[1]) return 3;
  if (failures >= steps[0]) return 2;
  return 1;
}

export function clampLevel(level: number): CaptchaLevel {
  return Math.min(MAX_CAPTCHA_LEVEL, Math.max(1, Math.trunc(level) || 1)) as CaptchaLevel;
}

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[0-9a-f]{2})+$/);

/** A challenge as the server signs it (ALTCHA v2 `Challenge` without a code challenge). */
export const captchaChallengeSchema = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.literal(CAPTCHA_ALGORITHM),
    nonce: hex(64),
    salt: hex(64),
    cost: z.number().int().positive().max(1_000_000),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex(128),
    keySignature: hex(128).optional(),
    expiresAt: z.number().int().positive().optional(),
    data: z
      .strictObject({
        id: z.string().max(64).describe('The captchaId this challenge was made for'),
        level: z.number().int().min(1).max(MAX_CAPTCHA_LEVEL),
      })
      .optional(),
  }),
  signature: hex(128),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const captchaSolutionSchema = z.strictObject({
  counter: z.number().int().min(0).max(0xffff_ffff),
  derivedKey: hex(128),
  time: z.number().nonnegative().optional(),
});
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;

export const captchaPayloadSchema = z.strictObject({
  challenge: captchaChallengeSchema,
  solution: captchaSolutionSchema,
});
export type CaptchaPayload = z.infer<typeof captchaPayloadSchema>;

/** Longest `captchaAnswer` accepted (a real payload is about 700 characters). */
export const CAPTCHA_ANSWER_MAX = 2_000;

/** The `captchaAnswer` a client sends: base64 of the JSON `{ challenge, solution }`. */
export function encodeCaptchaPayload(payload: CaptchaPayload): string {
  return btoa(JSON.stringify(payload));
}

/** Reads a `captchaAnswer`; null when it is not base64 of a well-formed payload. */
export function parseCaptchaPayload(answer: string): CaptchaPayload | null {
  if (answer.length > CAPTCHA_ANSWER_MAX || !/^[A-Za-z0-9+/]+={0,2}$/.test(answer)) return null;
  let json: unknown;
  try {
    json = JSON.parse(atob(answer));
  } catch {
    return null;
  }
  const parsed = captchaPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
