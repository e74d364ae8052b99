import { useEffect, useState } from 'react';
import type { PasswordContext, PasswordStrength } from '@/lib/validators/password';

type Estimator = typeof import('@/lib/validators/password-strength');

/**
 * The strength estimate for the password islands. Its dictionaries weigh a few megabytes, so it
 * is loaded with a dynamic import once a password form has hydrated (the form shows and works
 * meanwhile; the server checks the rule in any case) and shared by every form on the page.
 */
let estimator: Estimator | null = null;
let loading: Promise<Estimator> | null = null;

function loadEstimator(): Promise<Estimator> {
  loading ??= import('@/lib/validators/password-strength').then((module) => (estimator = module));
  return loading;
}

let last: { key: string; strength: PasswordStrength } | null = null;

/** The estimate, or null while the estimator is loading or the password is empty. */
export function currentPasswordStrength(password: string, context: PasswordContext): PasswordStrength | null {
  if (!estimator || password === '') return null;
  // The form's check and the checklist ask for the same password in one render.
  const key = JSON.stringify([password, context.email ?? '', context.personId ?? '', context.names ?? []]);
  if (last?.key !== key) last = { key, strength: estimator.estimatePasswordStrength(password, context) };
  return last.strength;
}

/** Loads the estimator on first use and answers the password's estimate (null until it is there). */
export function usePasswordStrength(password: string, context: PasswordContext): PasswordStrength | null {
  const [, setReady] = useState(estimator !== null);
  useEffect(() => {
    if (estimator) return;
    let active = true;
    loadEstimator().then(
      () => active && setReady(true),
      () => {
        // Not loaded (offline, a new build): the checklist leaves the rule open and the server decides.
        loading = null;
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return currentPasswordStrength(password, context);
}
