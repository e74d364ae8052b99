import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ANSWER_MAX,
  CAPTCHA_COUNTER_RANGE,
  type CaptchaPayload,
  clampLevel,
  encodeCaptchaPayload,
  levelForFailures,
  parseCaptchaPayload,
} from './captcha';

const payload: CaptchaPayload = {
  challenge: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'ab'.repeat(16),
      salt: 'cd'.repeat(16),
      cost: 1000,
      keyLength: 32,
      keyPrefix: 'ef'.repeat(16),
      keySignature: '01'.repeat(32),
      expiresAt: 1_900_000_000,
      data: { id: '3f1c2a6e-7d8b-4c1a-9e2f-0a1b2c3d4e5f', level: 1 },
    },
    signature: '23'.repeat(32),
  },
  solution: { counter: 42, derivedKey: '45'.repeat(32), time: 12.5 },
};

describe('captcha levels', () => {
  it('rise with failures at the two steps', () => {
    expect(levelForFailures(0, [10, 30])).toBe(1);
    expect(levelForFailures(9, [10, 30])).toBe(1);
    expect(levelForFailures(10, [10, 30])).toBe(2);
    expect(levelForFailures(29, [10, 30])).toBe(2);
    expect(levelForFailures(30, [10, 30])).toBe(3);
    expect(levelForFailures(10_000, [10, 30])).toBe(3);
  });

  it('stay between 1 and 3', () => {
    expect(clampLevel(0)).toBe(1);
    expect(clampLevel(2.7)).toBe(2);
    expect(clampLevel(9)).toBe(3);
    expect(clampLevel(Number.NaN)).toBe(1);
  });

  it('each take about ten times the work of the one before', () => {
    const mean = (l: 1 | 2 | 3) => (CAPTCHA_COUNTER_RANGE[l][0] + CAPTCHA_COUNTER_RANGE[l][1]) / 2;
    expect(mean(2) / mean(1)).toBeCloseTo(10);
    expect(mean(3) / mean(2)).toBeCloseTo(10);
  });
});

describe('captcha answers', () => {
  it('round-trip as base64 of the JSON payload', () => {
    const answer = encodeCaptchaPayload(payload);
    expect(JSON.parse(atob(answer))).toEqual(payload);
    expect(parseCaptchaPayload(answer)).toEqual(payload);
    expect(answer.length).toBeLessThan(CAPTCHA_ANSWER_MAX);
  });

  it('refuse anything that is not a well-formed payload', () => {
    const encode = (value: unknown) => btoa(JSON.stringify(value));
    expect(parseCaptchaPayload('11')).toBeNull();
    expect(parseCaptchaPayload('')).toBeNull();
    expect(parseCaptchaPayload('not base64!')).toBeNull();
    expect(parseCaptchaPayload(btoa('{"challenge":'))).toBeNull();
    expect(parseCaptchaPayload(btoa('x'.repeat(2_000)))).toBeNull();
    expect(parseCaptchaPayload(encode({ challenge: payload.challenge }))).toBeNull();
    expect(parseCaptchaPayload(encode({ ...payload, extra: 1 }))).toBeNull();
    const other = structuredClone(payload);
    other.challenge.parameters.algorithm = 'SHA-256' as never;
    expect(parseCaptchaPayload(encode(other))).toBeNull();
    const negative = structuredClone(payload);
    negative.solution.counter = -1;
    expect(parseCaptchaPayload(encode(negative))).toBeNull();
    const upper = structuredClone(payload);
    upper.solution.derivedKey = 'AB'.repeat(32);
    expect(parseCaptchaPayload(encode(upper))).toBeNull();
  });
});
