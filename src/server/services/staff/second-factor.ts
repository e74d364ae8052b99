/**
 * The staff's second factor as use cases (DESIGN.md §19, decision 016): enrolling an
 * authenticator, passing the factor for a session, renewing recovery codes, and `withSecondFactor`,
 * which takes a fresh code (used up in a step of its own) before a change that asks for one (a
 * role change).
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../../lib/roles';
import {
  isTotpShape,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  totpStep,
} from '../../auth/second-factor';
import { limitState, consumeLimit, resetLimit, retryAfterSeconds, tooManyRequests } from '../../auth/rate-limits';
import { decrypt, encrypt } from '../../auth/secrets';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accountRoles, passkeys, recoveryCodes, secondFactors, sessions } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { loadWebInfoRow } from '../site/get-web-info';
import { secondFactorChange } from './second-factor-notice';

/** Five wrong codes in a quarter of an hour, then a quarter of an hour's wait (per account). */
const WRONG_CODES = { name: 'second-factor', points: 5, durationSeconds: 900, blockSeconds: 900 };

export interface SecondFactorStatus {
  /** The staff roles the account holds (whether or not this session may use them yet). */
  staffRoles: StaffRole[];
  enrolled: boolean;
  recoveryCodesLeft: number;
  /** The passkeys the account has registered (a factor beside the app), oldest first; times as ISO text. */
  passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[];
  /** When this session last passed it (null: not yet, or too long ago to count). */
  passedAt: Date | null;
}

function staffRolesOf(actor: Actor): StaffRole[] {
  if (actor.account.userType !== 'individual') return [];
  return [...actor.account.roles.filter(isStaffRole), ...actor.account.staffRolesWaiting];
}

/** Only individual accounts that hold a staff role have (and may set up) a second factor. */
export function assertStaff(actor: Actor): StaffRole[] {
  const roles = staffRolesOf(actor);
  if (roles.length === 0) throw new AppError(ErrorCode.NO_PERMISSION);
  return roles;
}

export async function secondFactorStatus(actor: Actor): Promise<SecondFactorStatus> {
  const staffRoles = assertStaff(actor);
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({
      confirmedAt: secondFactors.confirmedAt,
      left: sql<number>`(SELECT count(*)::int FROM recovery_codes rc WHERE rc.account_id = ${actor.accountId} AND rc.used_at IS NULL)`,
      passkeys: sql<SecondFactorStatus['passkeys']>`(SELECT coalesce(json_agg(json_build_object('id', pk.id,
        'name', pk.name, 'createdAt', pk.created_at, 'lastUsedAt', pk.last_used_at) ORDER BY pk.id), '[]'::json)
        FROM passkeys pk WHERE pk.account_id = ${actor.accountId})`,
    })
    .from(secondFactors)
    .where(eq(secondFactors.accountId, actor.accountId));
  return {
    staffRoles,
    enrolled: Boolean(row?.confirmedAt),
    recoveryCodesLeft: row?.confirmedAt ? row.left : 0,
    passkeys: row?.confirmedAt ? row.passkeys : [],
    passedAt: actor.secondFactorAt,
  };
}

export interface Enrolment {
  /** The secret for typing into an app by hand (Base32). */
  secret: string;
  uri: string;
  /** The QR code of `uri`, as SVG markup. */
  qrSvg: string;
}

/**
 * Starts (or starts again) setting up an authenticator: a new secret, kept until a code from it
 * confirms it. Refused (-13) once one is set up: an admin resets a lost one.
 */
export async function startEnrolment(actor: Actor): Promise<Enrolment> {
  assertStaff(actor);
  const rt = await runtime();
  const { db } = rt.database;
  const secret = newTotpSecret();
  const stored = encrypt(rt.secrets.secondFactorKey, secret);
  const written = await db
    .insert(secondFactors)
    .values({ accountId: actor.accountId, secretEncrypted: stored })
    .onConflictDoUpdate({
      target: secondFactors.accountId,
      set: { secretEncrypted: stored, lastTimeStep: 0, createdAt: new Date() },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ accountId: secondFactors.accountId });
  if (written.length === 0) throw new AppError(ErrorCode.DUPLICATE, null, { key: 'secondFactorEnrolled' });
  const uri = otpauthUri(await issuerName(), actor.account.email, secret);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, uri, qrSvg };
}

/** The society's short name, in English: what authenticator apps and passkey prompts show. */
export async function issuerName(): Promise<string> {
  const web = await loadWebInfoRow();
  return pickText(web?.shortName, 'en-us') || pickText(web?.name, 'en-us') || 'Member portal';
}

export async function refuseWhileBlocked(accountId: number): Promise<void> {
  const state = await limitState(WRONG_CODES, `account:${accountId}`);
  if (state && state.consumedPoints >= WRONG_CODES.points && state.msBeforeNext > 0)
    throw tooManyRequests(retryAfterSeconds(state));
}

/** A failed attempt at the factor (a code or a passkey): audited and counted (the fifth blocks). */
export async function countFailure(actor: Actor, ip: string, detail?: Record<string, unknown>): Promise<void> {
  const { db } = (await runtime()).database;
  await recordAudit(db, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'secondFactor.failed',
    ip,
    ...(detail ? { detail } : {}),
  });
  await consumeLimit(WRONG_CODES, `account:${actor.accountId}`);
}

/** After a factor given: the count of failures starts again. */
export async function forgetFailures(accountId: number): Promise<void> {
  await resetLimit(WRONG_CODES, `account:${accountId}`);
}

/** A wrong code: counted, audited, and answered as a field error. */
async function wrongCode(actor: Actor, ip: string): Promise<never> {
  await countFailure(actor, ip);
  throw new AppError(ErrorCode.DATA_CHECK, { fields: ['code'] }, { key: 'secondFactorCode' });
}

async function writeRecoveryCodes(tx: Executor, accountId: number): Promise<string[]> {
  const { secrets } = await runtime();
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ accountId, codeHash: recoveryCodeHash(secrets.recoveryCodeKey, code) })));
  return codes;
}

export async function markSessionPassed(tx: Executor, actor: Actor, now: Date): Promise<void> {
  await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, actor.sessionId));
}

/**
 * Confirms the new authenticator with its first code: set up, this session has passed the factor,
 * and ten recovery codes are made, answered this once; the owner is told by mail.
 */
export async function confirmEnrolment(actor: Actor, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
  assertStaff(actor);
  await refuseWhileBlocked(actor.accountId);
  const rt = await runtime();
  const { db } = rt.database;
  const [pending] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.accountId, actor.accountId), isNull(secondFactors.confirmedAt)));
  if (!pending) throw new AppError(ErrorCode.NO_DATA, null, { key: 'secondFactorNotStarted' });
  const step = isTotpShape(code)
    ? await totpStep(decrypt(rt.secrets.secondFactorKey, pending.secretEncrypted), code, pending.lastTimeStep)
    : null;
  if (step === null) return wrongCode(actor, ip);
  const now = new Date();
  const recordChange = await secondFactorChange(actor.accountId, 'enrolled');
  const codes = await db.transaction(async (tx) => {
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: now, lastTimeStep: step })
      .where(and(eq(secondFactors.accountId, actor.accountId), isNull(secondFactors.confirmedAt)))
      .returning({ accountId: secondFactors.accountId });
    if (confirmed.length === 0) throw new AppError(ErrorCode.DUPLICATE, null, { key: 'secondFactorEnrolled' });
    await markSessionPassed(tx, actor, now);
    await recordChange(tx, actor, ip);
    return writeRecoveryCodes(tx, actor.accountId);
  });
  await forgetFailures(actor.accountId);
  return { recoveryCodes: codes };
}

/**
 * Takes a code (six digits from the app, or a recovery code) in `tx`: a TOTP step newer than the
 * last one used, or an unused recovery code, used up here. Answers how, or null when wrong.
 */
async function takeCode(tx: Executor, accountId: number, code: string): Promise<'totp' | 'recoveryCode' | null> {
  const { secrets } = await runtime();
  if (isTotpShape(code)) {
    const [factor] = await tx
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.accountId, accountId), isNotNull(secondFactors.confirmedAt)));
    if (!factor) return null;
    const step = await totpStep(decrypt(secrets.secondFactorKey, factor.secretEncrypted), code, factor.lastTimeStep);
    if (step === null) return null;
    // Of two requests with the same code at once, one moves the step on; the other finds it moved.
    const moved = await tx
      .update(secondFactors)
      .set({ lastTimeStep: step })
      .where(and(eq(secondFactors.accountId, accountId), lt(secondFactors.lastTimeStep, step)))
      .returning({ accountId: secondFactors.accountId });
    return moved.length ? 'totp' : null;
  }
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(secrets.recoveryCodeKey, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? 'recoveryCode' : null;
}

/**
 * Runs `change` with a fresh code of the actor's second factor. The code is taken first, in a
 * transaction of its own that commits (the session counts as having passed the factor, and the
 * pass is audited), then the change runs in its own transaction: a code is used up whatever the
 * change's outcome, so a change refused after the code was accepted (a rollback) does not give
 * the code back for another change. A wrong code changes nothing and counts toward the limit.
 */
export async function withSecondFactor<T>(
  actor: Actor,
  code: string,
  ip: string,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  assertStaff(actor);
  await refuseWhileBlocked(actor.accountId);
  const { db } = (await runtime()).database;
  const [enrolled] = await db
    .select({ accountId: secondFactors.accountId })
    .from(secondFactors)
    .where(and(eq(secondFactors.accountId, actor.accountId), isNotNull(secondFactors.confirmedAt)));
  if (!enrolled) throw new AppError(ErrorCode.NO_PERMISSION, { secondFactor: 'enrol' }, { key: 'secondFactorEnrol' });
  const taken = await db.transaction(async (tx) => {
    const method = await takeCode(tx, actor.accountId, code);
    if (!method) return false;
    await markSessionPassed(tx, actor, new Date());
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'secondFactor.passed',
      ip,
      detail: { method },
    });
    return true;
  });
  if (!taken) return wrongCode(actor, ip);
  await forgetFailures(actor.accountId);
  return db.transaction(change);
}

/** Passes the second factor for this session: its staff roles count from the next request. */
export async function passSecondFactor(actor: Actor, code: string, ip: string): Promise<void> {
  await withSecondFactor(actor, code, ip, async () => undefined);
}

/** New recovery codes (the old ones stop working), for a fresh code from the app. */
export async function renewRecoveryCodes(actor: Actor, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
  const recordChange = await secondFactorChange(actor.accountId, 'recoveryCodesRenewed');
  return {
    recoveryCodes: await withSecondFactor(actor, code, ip, async (tx) => {
      const codes = await writeRecoveryCodes(tx, actor.accountId);
      await recordChange(tx, actor, ip);
      return codes;
    }),
  };
}

/**
 * Removes an account's authenticator, recovery codes and passkeys (a staff member who lost their phone),
 * in the admin's transaction: the account sets one up again at its next staff page, and none of
 * its sessions keeps a passed factor.
 */
export async function removeSecondFactor(tx: Executor, accountId: number): Promise<boolean> {
  const removed = await tx
    .delete(secondFactors)
    .where(eq(secondFactors.accountId, accountId))
    .returning({ accountId: secondFactors.accountId });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
  await tx
    .update(sessions)
    .set({ secondFactorAt: null })
    .where(and(eq(sessions.userType, 'individual'), eq(sessions.accountId, accountId)));
  return removed.length > 0;
}

/** Whether an account holds a staff role, and has an authenticator set up (for the sign-in answer). */
export async function staffStanding(accountId: number): Promise<'verify' | 'enrol' | null> {
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({
      staff: sql<boolean>`EXISTS (SELECT 1 FROM ${accountRoles} WHERE ${accountRoles.accountId} = ${accountId}
        AND ${inArray(accountRoles.role, [...STAFF_ROLES])})`,
      enrolled: sql<boolean>`EXISTS (SELECT 1 FROM ${secondFactors} WHERE ${secondFactors.accountId} = ${accountId}
        AND ${secondFactors.confirmedAt} IS NOT NULL)`,
    })
    .from(sql`(SELECT 1) AS one`);
  if (!row?.staff) return null;
  return row.enrolled ? 'verify' : 'enrol';
}
