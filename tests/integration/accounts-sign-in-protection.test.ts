import { describe, expect, it } from 'vitest';
import { encodeCaptchaPayload, parseCaptchaPayload } from '../../src/lib/captcha';
import { api, from, json, mailsTo, signIn, signUpIndividual, solvedCaptcha, visitor } from './helpers';

// The server is shared by every test file: each test plays its own client addresses.
const net = `10.${Math.floor(Math.random() * 200) + 20}`;
let hosts = 0;
const address = () => {
  hosts += 1;
  return `${net}.${Math.floor(hosts / 250)}.${(hosts % 250) + 1}`;
};

const MEMBER = { email: 'member@example.org', personId: 'A123456789', password: 'Member2026demo' };

describe('sign-in protection', () => {
  it('refuses an attacker at one address, while the owner elsewhere signs in at once', async () => {
    const attacker = { from: address() };
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      codes.push((await signIn(MEMBER.email, `Guess${i}2026pass`, 'individual', false, attacker)).body.code);
    }
    expect(codes).toEqual([-10, -10, -10, -10, -10, -11, -11, -11, -11, -11]);
    const refused = await signIn(MEMBER.email, MEMBER.password, 'individual', false, attacker);
    expect(refused.body).toMatchObject({ code: -11, data: { reason: 'loginBlocked', blockMinutes: 15 } });
    expect((refused.body.data as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);

    const owner = await signIn(MEMBER.email, MEMBER.password, 'individual', false, { from: address() });
    expect(owner.body.code).toBe(0);
    expect(owner.cookie).toMatch(/^ams-session=/);
  });

  it('counts failures typed with the national ID and the e-mail for the same account', async () => {
    const at = { from: address() };
    const tries = [MEMBER.personId, ` ${MEMBER.email.toUpperCase()} `, MEMBER.personId.toLowerCase(), MEMBER.email];
    for (const [i, account] of [...tries, MEMBER.personId].entries()) {
      expect((await signIn(account, `Guess${i}2026pass`, 'individual', false, at)).body.code).toBe(-10);
    }
    expect((await signIn(MEMBER.email, MEMBER.password, 'individual', false, at)).body.code).toBe(-11);
    expect((await signIn(MEMBER.personId, MEMBER.password, 'individual', false, at)).body.code).toBe(-11);
  });

  it('asks for a harder captcha after many failures from many addresses, and refuses nobody', async () => {
    const { email, password } = await signUpIndividual();
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, `Spread${i}2026pass`, 'individual', false, { from: address() })).body.code).toBe(-10);
    }
    const owner = address();
    const easy = await solvedCaptcha({ from: owner });
    const tooEasy = await api('/api/amsw0101/login', {
      method: 'POST',
      ...json({ account: email, password, ...easy }, from(owner)),
    });
    expect(tooEasy.body).toMatchObject({ code: -12, data: { fields: ['captcha'], captchaLevel: 2 } });
    const hard = await solvedCaptcha({ level: 2, from: owner });
    const passed = await api('/api/amsw0101/login', {
      method: 'POST',
      ...json({ account: email, password, ...hard }, from(owner)),
    });
    expect(passed.body.code).toBe(0);
  });

  it('lets the owner back in everywhere once the password is reset through the mailed link', async () => {
    const { email, password } = await signUpIndividual();
    const attacked = { from: address() };
    for (let i = 0; i < 5; i++) await signIn(email, `Guess${i}2026pass`, 'individual', false, attacked);
    expect((await signIn(email, password, 'individual', false, attacked)).body.code).toBe(-11);

    const sent = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'reset', ...(await solvedCaptcha()) }),
    });
    expect(sent.body.code).toBe(0);
    const link = /(https?:\/\/\S+\/password\/reset\?\S+)/.exec((await mailsTo(email, 2)).at(-1)!.text)![1]!;
    const reset = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Regained2026pass' }, { EmailAuthorization: new URL(link).searchParams.get('token')! }),
    });
    expect(reset.body.code).toBe(0);
    expect((await signIn(email, 'Regained2026pass', 'individual', false, attacked)).body.code).toBe(0);
  });

  it('refuses an address that fails across many accounts (credential stuffing), not its neighbours', async () => {
    const sprayer = address();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(`nobody${i}.${sprayer}@example.org`, 'Spring2026!', 'individual', false, {
        from: sprayer,
      });
      expect(res.body.code).toBe(-10);
    }
    // Wrong captchas count against the address too (and cost the sprayer no work).
    const { captchaAnswer } = await solvedCaptcha({ from: sprayer });
    for (let i = 0; i < 95; i++) {
      const res = await api('/api/amsw0101/login', {
        method: 'POST',
        ...json(
          { account: `other${i}@example.org`, password: 'Spring2026!', captchaId: crypto.randomUUID(), captchaAnswer },
          from(sprayer),
        ),
      });
      expect(res.body.code).toBe(-12);
      if (i === 30) {
        // The captchas this address gets are harder by now.
        const served = await api<{ level: number }>('/api/amsw0102/image', { headers: from(sprayer) });
        expect(served.body.data.level).toBeGreaterThan(1);
      }
    }
    const refused = await signIn(MEMBER.email, MEMBER.password, 'individual', false, { from: sprayer });
    expect(refused.body).toMatchObject({ code: -11, data: { reason: 'rateLimited' } });
    expect((await signIn(MEMBER.email, MEMBER.password, 'individual', false, { from: address() })).body.code).toBe(0);
  });

  it('never passes a forged, foreign, replayed or tampered captcha answer', async () => {
    const at = address();
    const login = (captchaId: string, captchaAnswer: string) =>
      api('/api/amsw0101/login', {
        method: 'POST',
        ...json({ account: MEMBER.email, password: MEMBER.password, captchaId, captchaAnswer }, from(at)),
      });
    // The member has failed often in this file's tests: level 2 is enough either way.
    const mine = await solvedCaptcha({ level: 2, from: at });
    const payload = parseCaptchaPayload(mine.captchaAnswer)!;

    expect((await login(mine.captchaId, '11')).body.code).toBe(-10);
    const random = Buffer.from(crypto.getRandomValues(new Uint8Array(300))).toString('base64');
    expect((await login(mine.captchaId, random)).body.code).toBe(-10);

    const other = await solvedCaptcha({ from: at });
    expect((await login(mine.captchaId, other.captchaAnswer)).body.code).toBe(-12);

    const counter = structuredClone(payload);
    counter.solution.counter += 1;
    expect((await login(mine.captchaId, encodeCaptchaPayload(counter))).body.code).toBe(-12);
    const prefixOnly = structuredClone(payload);
    prefixOnly.solution.derivedKey = `${payload.challenge.parameters.keyPrefix}${'00'.repeat(16)}`;
    expect((await login(mine.captchaId, encodeCaptchaPayload(prefixOnly))).body.code).toBe(-12);
    const relabelled = structuredClone(payload);
    relabelled.challenge.parameters.data!.level = 3;
    expect((await login(mine.captchaId, encodeCaptchaPayload(relabelled))).body.code).toBe(-12);

    // The genuine answer passes once; replayed, it does not.
    expect((await login(mine.captchaId, mine.captchaAnswer)).body.code).toBe(0);
    expect((await login(mine.captchaId, mine.captchaAnswer)).body.code).toBe(-12);
  });
});

describe('captcha challenges', () => {
  it('are limited per client address, so nobody fills the table with them', async () => {
    const headers = visitor();
    const fetchOne = async () => (await api('/api/amsw0102/image', { headers })).body.code;
    let answered = 0;
    for (let batch = 0; batch < 10; batch++) {
      const codes = await Promise.all(Array.from({ length: 100 }, fetchOne));
      answered += codes.filter((c) => c === 0).length;
    }
    expect(answered).toBe(1000);
    const refused = await api<{ retryAfterSeconds: number }>('/api/amsw0102/image', { headers, lang: 'en-us' });
    expect(refused.body.code).toBe(-11);
    expect(refused.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/Too many attempts/);
    // Another address is served as before.
    expect((await api('/api/amsw0102/image', { headers: visitor() })).body.code).toBe(0);
  });
});
