import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import {
  checkPassword,
  PASSWORD_MAX_LENGTH,
  passwordUserInputs,
  type PasswordCheck,
  type PasswordContext,
  type PasswordStrength,
} from './password';

/**
 * The password strength estimate (zxcvbn with the common and English dictionaries: leaked
 * passwords, names, words, keyboard patterns). The dictionaries weigh a few megabytes, so this
 * module is kept out of `validators/index.ts`: the server imports it directly and the password
 * islands load it with a dynamic import; public pages never do.
 *
 * No translations are given to zxcvbn, so its feedback comes back as keys
 * (`similarToCommon`, `anotherWord`, …), which `account:passwordStrength` translates.
 */

let factory: ZxcvbnFactory | null = null;

/** Built on first use: ranking the dictionaries takes a moment, so nothing is done at import. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    // Levenshtein matching stays off: it costs 200–400 ms a check (every keystroke in the
    // browser, the event loop on the server) for little gain over the l33t and case variants.
    // Longer input than the policy allows is refused anyway; this bounds the work.
    maxLength: PASSWORD_MAX_LENGTH * 2,
  });
  return factory;
}

/** How hard the password is to guess, with the owner's data counted as known to an attacker. */
export function estimatePasswordStrength(password: string, context: PasswordContext = {}): PasswordStrength {
  const result = estimator().check(password, passwordUserInputs(context));
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}

/** Every rule of the policy, 'notGuessable' included; the estimate comes along for feedback. */
export function checkPasswordStrength(
  password: string,
  context: PasswordContext = {},
): PasswordCheck & { strength: PasswordStrength } {
  const strength = estimatePasswordStrength(password, context);
  return { ...checkPassword(password, context, strength), strength };
}
