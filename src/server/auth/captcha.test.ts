import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../test-runtime';
import { encodeCaptchaPayload, parseCaptchaPayload } from '../../lib/captcha';
import { AppError } from '../app-error';
import { type Captcha, createCaptcha, verifyCaptcha } from './captcha';

useMemoryRuntime();

async function solve(captcha: Captcha): Promise<string> {
  const solution = await solveChallenge({ challenge: captcha.challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return encodeCaptchaPayload({ challenge: captcha.challenge, solution });
}

async function outcome(captchaId: string, answer: string, minLevel = 1): Promise<string> {
  try {
    await verifyCaptcha(captchaId, answer, { minLevel });
    return 'passed';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const level = (error.data as { captchaLevel?: number }).captchaLevel;
    return level ? `${error.code} level ${level}` : String(error.code);
  }
}

describe('proof-of-work captcha', () => {
  it('passes a solved challenge once, and never again', async () => {
    const captcha = await createCaptcha(1);
    expect(captcha.level).toBe(1);
    expect(captcha.challenge.parameters.data).toEqual({ id: captcha.captchaId, level: 1 });
    const answer = await solve(captcha);
    expect(await outcome(captcha.captchaId, answer)).toBe('passed');
    expect(await outcome(captcha.captchaId, answer)).toBe('-12');
  });

  it('refuses guesses, foreign payloads and tampering', async () => {
    const captcha = await createCaptcha(1);
    const answer = await solve(captcha);
    const payload = parseCaptchaPayload(answer)!;
    expect(await outcome(captcha.captchaId, '11')).toBe('-12');
    expect(await outcome(captcha.captchaId, btoa('random bytes, not json'))).toBe('-12');

    // Solved for another captchaId.
    const other = await createCaptcha(1);
    expect(await outcome(other.captchaId, answer)).toBe('-12');

    // Another counter with the same key; a key that is not the one; a cheaper challenge.
    const counter = structuredClone(payload);
    counter.solution.counter += 1;
    expect(await outcome(captcha.captchaId, encodeCaptchaPayload(counter))).toBe('-12');
    const key = structuredClone(payload);
    key.solution.derivedKey = `${key.challenge.parameters.keyPrefix}${'00'.repeat(16)}`;
    expect(await outcome(captcha.captchaId, encodeCaptchaPayload(key))).toBe('-12');
    const cheaper = structuredClone(payload);
    cheaper.challenge.parameters.cost = 1;
    expect(await outcome(captcha.captchaId, encodeCaptchaPayload(cheaper))).toBe('-12');
    const relabelled = structuredClone(payload);
    relabelled.challenge.parameters.data!.level = 3;
    expect(await outcome(captcha.captchaId, encodeCaptchaPayload(relabelled))).toBe('-12');

    // None of these used the captcha up: the real answer still passes.
    expect(await outcome(captcha.captchaId, answer)).toBe('passed');
  });

  it('asks for a higher level when the solved one is too easy, and passes a hard enough one', async () => {
    const easy = await createCaptcha(1);
    expect(await outcome(easy.captchaId, await solve(easy), 2)).toBe('-12 level 2');
    const harder = await createCaptcha(2);
    expect(await outcome(harder.captchaId, await solve(harder), 2)).toBe('passed');
  });
});
