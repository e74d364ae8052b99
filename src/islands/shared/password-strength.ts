import { useEffect, useState } from 'react';
import type { PasswordContext, PasswordStrength } from '@/lib/validators/password';

type Estimator = typeof import('@/lib/validators/password-strength');

/**
 * The strength estimate for the password islands. Its dictionaries weigh a few megabytes, so it
 * is loaded with a dynamic import when the person starts typing a new password, not with the page
 * (docs/decisions/038-island-javascript-weight.md); the checklist says it is checking
 * meanwhile, and the server checks the rule in any case. Shared by every form on the page.
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

/** The estimate of a new password, and whether it is still being loaded. */
export interface StrengthState {
  /** The estimate, or null while the estimator is loading, could not load, or the password is empty. */
  strength: PasswordStrength | null;
  /** A password is typed and the estimator is on its way. */
  checking: boolean;
}

/** Loads the estimator once a password is typed and answers the password's estimate. */
export function usePasswordStrength(password: string, context: PasswordContext): StrengthState {
  const typed = password !== '';
  const [state, setState] = useState<'waiting' | 'ready' | 'failed'>(estimator ? 'ready' : 'waiting');
  useEffect(() => {
    if (!typed || estimator) return;
    let active = true;
    loadEstimator().then(
      () => active && setState('ready'),
      () => {
        // Not loaded (offline, a new build): the checklist leaves the rule open and the server decides.
        loading = null;
        if (active) setState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [typed]);
  return {
    strength: currentPasswordStrength(password, context),
    checking: typed && estimator === null && state === 'waiting',
  };
}
