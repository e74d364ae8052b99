import { ErrorCode } from '../../lib/error-codes';
import type { Role } from '../../lib/roles';
import { AppError } from '../app-error';
import type { Actor } from './sessions';

/**
 * Whether the actor may act with one of `roles` now, and why not: `waiting` when they hold one
 * but this session has not passed the second factor (DESIGN.md §19).
 */
export function roleAccess(actor: Actor, roles: readonly Role[]): 'granted' | 'waiting' | 'refused' {
  const account = actor.account;
  if (account.userType !== 'individual') return 'refused';
  if (roles.some((r) => account.roles.includes(r))) return 'granted';
  if (roles.some((r) => (account.staffRolesWaiting as readonly Role[]).includes(r))) return 'waiting';
  return 'refused';
}

/**
 * Refuses (-11) an actor without one of `roles`; one who holds it but has not passed the second
 * factor in this session is told so (`secondFactor` in the answer's data), so the browser can ask.
 */
export function requireRole(actor: Actor, ...roles: Role[]): void {
  const access = roleAccess(actor, roles);
  if (access === 'granted') return;
  if (access === 'waiting')
    throw new AppError(ErrorCode.NO_PERMISSION, { secondFactor: 'required' }, { key: 'secondFactorRequired' });
  throw new AppError(ErrorCode.NO_PERMISSION);
}
