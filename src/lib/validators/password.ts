import { z } from 'zod';
import { normalizePersonId } from './tw-id';

/**
 * The portal's password policy, one check per rule so a form can show a live checklist and the
 * server can enforce the same thing. Rule keys double as i18n message keys.
 *
 * 'notGuessable' needs a strength estimate (zxcvbn), whose dictionaries are large: it lives in
 * `password-strength.ts`, which the server always uses and the islands load on demand. Without
 * an estimate, checkPassword leaves that rule out.
 */
export type PasswordRule = 'length' | 'letter' | 'digit' | 'notPersonal' | 'noEdgeSpaces' | 'notGuessable';

/** The rules in checklist order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  'length',
  'letter',
  'digit',
  'notPersonal',
  'noEdgeSpaces',
  'notGuessable',
];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** The lowest zxcvbn score (0–4) accepted: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/**
 * The owner's data: the password must not equal the e-mail's name or the person ID, and every
 * item (with the names and the society's name) counts as easy to guess inside it. Any may be
 * missing (e.g. while the form is being filled in).
 */
export interface PasswordContext {
  email?: string | null;
  personId?: string | null;
  /** The person's or organisation's names, the contact's name, the society's name. */
  names?: readonly (string | null | undefined)[];
}

/**
 * zxcvbn's verdict: the score and its feedback as keys (`warnings` / `suggestions` of
 * zxcvbn's translation table), which the i18n resources translate.
 */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
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

/**
 * The owner's data as zxcvbn's `userInputs`: the e-mail's name and its parts, the person ID, and
 * each name whole, run together and word by word ("Chen Mei-Ling" also gives "meiling", "mei",
 * "ling"). Lower-cased, at least 3 characters, without repeats.
 */
export function passwordUserInputs({ email, personId, names }: PasswordContext): string[] {
  const items: string[] = [];
  const local = email ? emailLocalPart(email) : '';
  if (local) items.push(local, ...local.split(/[^\p{L}\p{N}]+/u));
  if (personId) items.push(normalizePersonId(personId));
  const bare = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');
  for (const name of names ?? []) {
    const trimmed = name?.trim();
    if (!trimmed) continue;
    items.push(trimmed, bare(trimmed));
    for (const word of trimmed.split(/\s+/)) items.push(word, bare(word), ...word.split(/[^\p{L}\p{N}]+/u));
  }
  return [...new Set(items.map((item) => item.toLowerCase()).filter((item) => Array.from(item).length >= 3))];
}

const tests: Record<Exclude<PasswordRule, 'notGuessable'>, (password: string, context: PasswordContext) => boolean> = {
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

/**
 * Checks every rule; `failed` lists the broken ones in PASSWORD_RULES order. 'notGuessable' is
 * checked only when a strength estimate is given (see `checkPasswordStrength`, which the server
 * uses).
 */
export function checkPassword(
  password: string,
  context: PasswordContext = {},
  strength?: PasswordStrength | null,
): PasswordCheck {
  const failed = PASSWORD_RULES.filter((rule) =>
    rule === 'notGuessable' ? strength != null && strength.score < PASSWORD_MIN_SCORE : !tests[rule](password, context),
  );
  return { ok: failed.length === 0, failed };
}

/**
 * A zod string enforcing the policy; each issue's message is the failed rule's key.
 * Pass the account's e-mail / person ID to enforce 'notPersonal' as well. Without the strength
 * estimate, 'notGuessable' is not checked here: the services check it with checkPasswordStrength.
 */
export function createPasswordSchema(context: PasswordContext = {}) {
  return z.string().superRefine((password, ctx) => {
    for (const rule of checkPassword(password, context).failed) ctx.addIssue({ code: 'custom', message: rule });
  });
}

/** The policy without personal data: 'notPersonal' always passes. See createPasswordSchema. */
export const passwordSchema = createPasswordSchema();
