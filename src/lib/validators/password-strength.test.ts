import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, estimatePasswordStrength } from './password-strength';

describe('checkPasswordStrength', () => {
  it.each(['Password1', 'Passw0rd2024', 'qwerty123A', 'Abcd12345', 'Iloveyou2024', 'Taipei2024'])(
    'refuses the common password %s',
    (password) => {
      const check = checkPasswordStrength(password);
      expect(check.failed).toEqual(['notGuessable']);
      expect(check.strength.score).toBeLessThan(3);
    },
  );

  it('gives feedback keys that the i18n resources translate', () => {
    expect(estimatePasswordStrength('Password1')).toMatchObject({ warning: 'common' });
    expect(estimatePasswordStrength('qwerty123A').warning).toBe('similarToCommon');
    expect(estimatePasswordStrength('Password1').suggestions).toContain('anotherWord');
  });

  it("refuses a password built on the owner's e-mail, names or ID", () => {
    const context = { email: 'chenmeiling@example.tw', personId: 'A123456789', names: ['陳美玲', 'Chen Mei-Ling'] };
    for (const password of ['Chenmeiling2024', 'MeiLing2024!', 'A123456789x', 'Meiling1988']) {
      expect(checkPasswordStrength(password, context).failed, password).toContain('notGuessable');
    }
    // The same kind of password without the owner's data is fine.
    expect(checkPasswordStrength('Quietlantern2024', context).ok).toBe(true);
  });

  it("refuses the society's name", () => {
    const context = { names: ['Taiwan Society of Cardiology'] };
    expect(checkPasswordStrength('Cardiology2024', context).failed).toContain('notGuessable');
  });

  it('accepts long random passwords and uncommon passphrases', () => {
    for (const password of ['x7Kq9vR2mLp4Tz', 'g4#Vn8!qW2zR6t', 'copper9lantern-meadow', 'Wq3z Rt8v Lp2m Kx7n']) {
      const check = checkPasswordStrength(password);
      expect(check.ok, password).toBe(true);
      expect(check.strength.score).toBeGreaterThanOrEqual(3);
    }
  });

  it("keeps the demo accounts' passwords valid", () => {
    expect(checkPasswordStrength('Member2026demo', { email: 'member@example.org', personId: 'A123456789' }).ok).toBe(
      true,
    );
    expect(checkPasswordStrength('Webuser2026demo', { email: 'webuser@example.org' }).ok).toBe(true);
    expect(checkPasswordStrength('Organ2026demo', { email: 'organ@example.org' }).ok).toBe(true);
  });

  it('still reports the other rules', () => {
    expect(checkPasswordStrength('ab1').failed).toEqual(['length', 'notGuessable']);
  });
});
