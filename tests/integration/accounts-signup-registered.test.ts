import { describe, expect, it } from 'vitest';
import { api, baseUrl, json, mailsTo, mailWithSubject, signIn, solvedCaptcha, uniqueEmail, visitor } from './helpers';

// Sign-up with an address that already has an account: a demo account's (a live start has none
// that no code has just been mailed to), so it runs in the demo projects only.
describe('sign-up with a registered address', () => {
  it('answers an address already registered exactly as a new one, and mails its owner a reset link instead of a code', async () => {
    // The demo's applicant (no other test signs in as them, and no code was mailed to them within
    // the minute a second code waits) reads mail in English.
    const owner = 'applicant@example.org';
    const before = await signIn(owner, 'Applicant2026demo');
    const english = await api('/api/amsw0101/edit', {
      method: 'PUT',
      ...json({ nameEn: 'Hsu Chih-Wei', mobile: '0912345678', preferredLocale: 'en-us' }, { Cookie: before.cookie }),
    });
    expect(english.body.code).toBe(0);
    const ask = async (email: string) =>
      api('/api/amsw0102/email', {
        method: 'POST',
        ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
      });
    const fresh = uniqueEmail();
    const [asNew, asRegistered] = [await ask(fresh), await ask(owner)];
    // The same answer: status, code, shape and message.
    expect(asRegistered.status).toBe(asNew.status);
    expect(asRegistered.body).toEqual(asNew.body);
    expect(asRegistered.body).toMatchObject({ code: 0, data: { validMinutes: 10 } });
    // And the same limit: another within the minute is refused alike.
    for (const again of [await ask(fresh), await ask(owner)]) {
      expect(again.body).toMatchObject({ code: -10, data: { fields: ['email'] } });
      expect((again.body.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
    }

    // The new address gets its code; the owner, in their language, that they have an account.
    expect((await mailsTo(fresh))[0]!.text).toMatch(/\b\d{6}\b/);
    const mail = await mailWithSubject(owner, 'You already have an account');
    expect(mail.language).toBe('en-US');
    expect(mail.text).toContain('Someone asked to sign up with this e-mail address');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const link = new URL(/(https?:\/\/\S+\/password\/reset\?\S+)/.exec(mail.text)![1]!);
    expect(link.origin).toBe(`http://localhost:${new URL(baseUrl()).port}`);
    expect(link.pathname).toBe('/en-us/password/reset');
    expect(link.searchParams.get('email')).toBe(owner);
    expect(link.searchParams.get('type')).toBe('individual');
    // The link works once, as a reset link does.
    const reset = (newPassword: string) =>
      api('/api/amsw0101/resetCid', {
        method: 'PUT',
        ...json({ newPassword }, { EmailAuthorization: link.searchParams.get('token')! }),
      });
    expect((await reset('Applicant2026reset')).body.code).toBe(0);
    expect((await reset('Applicant2026again')).body.code).toBe(-8);
    expect((await signIn(owner, 'Applicant2026reset')).body.code).toBe(0);
    // A code for the registered address leads nowhere: a guess is answered as for any address.
    const guess = await api('/api/amsw0102/emailVerify', { method: 'POST', ...json({ email: owner, code: '000000' }) });
    const guessNew = await api('/api/amsw0102/emailVerify', {
      method: 'POST',
      ...json({ email: fresh, code: '000000' }),
    });
    expect(guess.body.code).toBe(-12);
    expect(guess.body).toEqual(guessNew.body);
  });
});
