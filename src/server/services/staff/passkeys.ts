/**
 * Passkeys (WebAuthn) as a staff member's second factor beside the authenticator app (DESIGN.md
 * §19, decision 020): registering one in a session that has passed the factor, passing the factor
 * with one, and removing one for a fresh code. The relying party is the configured public address
 * (SITE_URL), never a request's Host or forwarded headers; each ceremony's challenge is kept on
 * the server for its session, taken once, and only for a few minutes; user verification is
 * required and the signature counter checked.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { passkeyChallenges, passkeys, type PasskeyCeremony } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { mailOrigin } from '../site/site-origin';
import {
  assertStaff,
  countFailure,
  forgetFailures,
  issuerName,
  markSessionPassed,
  refuseWhileBlocked,
  withSecondFactor,
} from './second-factor';
import { secondFactorChange } from './second-factor-notice';

/** How long a ceremony's challenge stays good: the browser's prompt waits at most as long. */
const CHALLENGE_MS = 5 * 60_000;
/**
 * The signature algorithms taken (COSE): EdDSA, ES256 and RS256, what authenticators make. Not the
 * library's default, which adds ML-DSA where Node has it: still an experimental API there.
 */
const ALGORITHMS = [-8, -7, -257];
/** Enough for a phone, a laptop and a couple of security keys. */
const MAX_PASSKEYS = 10;

export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/**
 * The relying party: the origin of SITE_URL (or, where it is unset, this machine's
 * `http://localhost:PORT`, as for mailed links) and its host name as the RP ID.
 */
async function relyingParty(): Promise<{ id: string; origin: string }> {
  const origin = await mailOrigin();
  return { origin, id: new URL(origin).hostname };
}

/** Registering, listing and removing passkeys are for a session that has passed the factor. */
function assertPassed(actor: Actor): void {
  assertStaff(actor);
  if (!actor.secondFactorAt)
    throw new AppError(ErrorCode.NO_PERMISSION, { secondFactor: 'required' }, { key: 'secondFactorRequired' });
}

async function putChallenge(actor: Actor, ceremony: PasskeyCeremony, challenge: string): Promise<void> {
  const { db } = (await runtime()).database;
  const expiresAt = new Date(Date.now() + CHALLENGE_MS);
  await db
    .insert(passkeyChallenges)
    .values({ sessionId: actor.sessionId, ceremony, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [passkeyChallenges.sessionId, passkeyChallenges.ceremony],
      set: { challenge, expiresAt },
    });
}

/** Takes this session's challenge of the ceremony (gone afterwards, whatever the answer): null when none or expired. */
async function takeChallenge(actor: Actor, ceremony: PasskeyCeremony): Promise<string | null> {
  const { db } = (await runtime()).database;
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.sessionId, actor.sessionId), eq(passkeyChallenges.ceremony, ceremony)))
    .returning();
  return taken && taken.expiresAt.getTime() > Date.now() ? taken.challenge : null;
}

function refused(): AppError {
  return new AppError(ErrorCode.DATA_CHECK, { fields: ['passkey'] }, { key: 'passkeyRefused' });
}

async function credentialsOf(accountId: number) {
  const { db } = (await runtime()).database;
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId));
}

const transportsOf = (transports: string[]) => transports as AuthenticatorTransport[];

/** The account's passkeys, oldest first. */
export async function listPasskeys(actor: Actor): Promise<PasskeyRow[]> {
  assertPassed(actor);
  const { db } = (await runtime()).database;
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.accountId, actor.accountId))
    .orderBy(asc(passkeys.id));
}

/** Starts registering a passkey: the options for the browser, its challenge kept for this session. */
export async function passkeyRegistrationOptions(actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertPassed(actor);
  const rp = await relyingParty();
  const existing = await credentialsOf(actor.accountId);
  const options = await generateRegistrationOptions({
    rpName: await issuerName(),
    rpID: rp.id,
    userName: actor.account.email,
    userDisplayName: actor.account.email,
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: CHALLENGE_MS,
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await putChallenge(actor, 'register', options.challenge);
  return options;
}

/** Registers the passkey the browser made for this session's challenge, under `name`; audited, and the owner told by mail. */
export async function addPasskey(
  actor: Actor,
  name: string,
  response: RegistrationResponseJSON,
  ip: string,
): Promise<PasskeyRow> {
  assertPassed(actor);
  const challenge = await takeChallenge(actor, 'register');
  if (!challenge) throw refused();
  const rp = await relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const { credential } = verification.registrationInfo;
  const recordChange = await secondFactorChange(actor.accountId, 'passkeyAdded');
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.accountId, actor.accountId));
    if ((held?.n ?? 0) >= MAX_PASSKEYS)
      throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'passkeyLimit', values: { max: MAX_PASSKEYS } });
    const [row] = await tx
      .insert(passkeys)
      .values({
        accountId: actor.accountId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      });
    if (!row) throw new AppError(ErrorCode.DUPLICATE, null, { key: 'passkeyTaken' });
    await recordChange(tx, actor, ip, { after: { passkeyId: row.id, name } });
    return row;
  });
}

/** Removes one of the actor's passkeys for a fresh code from the app (or a recovery code); audited, the owner told. */
export async function removePasskey(actor: Actor, id: number, code: string, ip: string): Promise<void> {
  const recordChange = await secondFactorChange(actor.accountId, 'passkeyRemoved');
  await withSecondFactor(actor, code, ip, async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.accountId, actor.accountId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    // Someone else's passkey, or one removed already: nothing is removed (the code is used up all the same).
    if (!removed) throw new AppError(ErrorCode.NO_DATA, null, { key: 'passkeyGone' });
    await recordChange(tx, actor, ip, { before: { passkeyId: removed.id, name: removed.name } });
  });
}

/** Starts passing the factor with a passkey: options naming the account's passkeys, the challenge kept for this session. */
export async function passkeyVerifyOptions(actor: Actor): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertStaff(actor);
  await refuseWhileBlocked(actor.accountId);
  const existing = await credentialsOf(actor.accountId);
  if (existing.length === 0) throw new AppError(ErrorCode.NO_DATA, null, { key: 'passkeyNone' });
  const rp = await relyingParty();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  await putChallenge(actor, 'verify', options.challenge);
  return options;
}

/**
 * Passes the second factor for this session with a passkey's answer to this session's challenge:
 * the passkey must be the account's own, signed for the portal's origin with the user verified,
 * and its counter must move on (a copied authenticator shows up as a counter that does not). A
 * refusal counts toward the same limit as wrong codes.
 */
export async function passWithPasskey(actor: Actor, response: AuthenticationResponseJSON, ip: string): Promise<void> {
  assertStaff(actor);
  await refuseWhileBlocked(actor.accountId);
  const challenge = await takeChallenge(actor, 'verify');
  const { db } = (await runtime()).database;
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.accountId, actor.accountId)));
  const rp = await relyingParty();
  const verification =
    challenge && key
      ? await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: key.credentialId,
            publicKey: isoBase64URL.toBuffer(key.publicKey),
            counter: key.counter,
            transports: transportsOf(key.transports),
          },
          requireUserVerification: true,
        }).catch(() => null)
      : null;
  const passed =
    key && verification?.verified
      ? await db.transaction(async (tx) => {
          // Of two answers at once, one moves the counter on; the other finds it moved.
          const moved = await tx
            .update(passkeys)
            .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
            .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
            .returning({ id: passkeys.id });
          if (moved.length === 0) return false;
          await markSessionPassed(tx, actor, new Date());
          await recordAudit(tx, {
            actor: { userType: 'individual', accountId: actor.accountId },
            action: 'secondFactor.passkeyUsed',
            ip,
            detail: { method: 'passkey', passkeyId: key.id, name: key.name },
          });
          return true;
        })
      : false;
  if (!passed) {
    await countFailure(actor, ip, { method: 'passkey' });
    throw refused();
  }
  await forgetFailures(actor.accountId);
}
