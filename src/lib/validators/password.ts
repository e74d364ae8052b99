import { z } from 'zod';
import { normalizePersonId } from './tw-id';

/**
 * The portal's password policy, one check per rule so a form can show a live checklist and the
 * server can enforce the same thing. Rule keys double as i18n message keys.
 */
export type PasswordRule = 'length' | 'letter' | 'digit' | 'notPersonal' | 'noEdgeSpaces';

/** The rules in checklist order. */
export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'letter', 'digit', 'notPersonal', 'noEdgeSpaces'];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** What the password must not equal; either may be missing (e.g. while the form is being filled in). */
export interface PasswordContext {
  email?: string | null;
  personId?: string | null;
}

export interface PasswordCheck {
  ok: boolean;
  /** Failed rules, in PASSWORD_RULES order. */
  failed: PasswordRule[];
}

/** The part of an e-mail address before the last '@' (the whole text while no '@' has been typed). */
function emailLocalPart(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at === -1 ? trimmed : trimmed.slice(0, at);
}

/** Not the e-mail's local part (case-insensitive) nor the person ID (compared normalized). */
function isPersonal(password: string, { email, personId }: PasswordContext): boolean {
  const candidate = password.trim();
  const local = email ? emailLocalPart(email) : '';
  if (local && candidate.toLowerCase() === local.toLowerCase()) return true;
  const id = personId ? normalizePersonId(personId) : '';
  return id !== '' && normalizePersonId(candidate) === id;
}

const tests: Record<PasswordRule, (password: string, context: PasswordContext) => boolean> = {
  // Counted in code points, so an emoji or a rare CJK character is one character.
  length: (p) => {
    const n = Array.from(p).length;
    return n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH;
  },
  // Any Unicode letter (Latin, CJK, …), not only A–Z.
  letter: (p) => /\p{L}/u.test(p),
  // ASCII digits 0–9.
  digit: (p) => /[0-9]/.test(p),
  notPersonal: (p, context) => !isPersonal(p, context),
  noEdgeSpaces: (p) => !/^\s|\s$/.test(p),
};

/** Checks every rule; `failed` lists the broken ones in PASSWORD_RULES order. */
export function checkPassword(password: string, context: PasswordContext = {}): PasswordCheck {
  const failed = PASSWORD_RULES.filter((rule) => !tests[rule](password, context));
  return { ok: failed.length === 0, failed };
}

/**
 * A zod string enforcing the policy; each issue's message is the failed rule's key.
 * Pass the account's e-mail / person ID to enforce 'notPersonal' as well.
 */
export function createPasswordSchema(context: PasswordContext = {}) {
  return z.string().superRefine((password, ctx) => {
    for (const rule of checkPassword(password, context).failed) ctx.addIssue({ code: 'custom', message: rule });
  });
}

/** The policy without personal data: 'notPersonal' always passes. See createPasswordSchema. */
export const passwordSchema = createPasswordSchema();
