import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { accounts, lineSimulatorCodes, oauthStates } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { newToken, tokenHash } from '../../auth/secrets';
import { AppError } from '../../app-error';
import { lineLogin, pkceChallenge } from '../../integrations/line';
import { runtime } from '../../runtime';
import { siteOrigin } from '../site/site-origin';
import { audit } from './audit';

const STATE_VALID_MS = 10 * 60_000;

/**
 * Where LINE sends the browser back: on SITE_URL when it is set (the address registered with
 * LINE), else on the request's own origin (the demo on any host). LINE refuses an unregistered
 * address, and the simulator checks it the same way.
 */
export async function lineRedirectUri(requestOrigin: string): Promise<string> {
  return `${await siteOrigin(requestOrigin)}/line/link`;
}

/** Whether accounts can link LINE here: a channel is configured, or this is the demo with its simulator. */
export async function isLineAvailable(): Promise<boolean> {
  return (await lineLogin()) !== null;
}

/** The configured LINE Login, or -20 where LINE is not offered (a live start without a channel). */
async function requireLine() {
  const line = await lineLogin();
  if (!line) throw new AppError(ErrorCode.NO_ROUTE);
  return line;
}

/** Starts linking: a state bound to this session and a PKCE verifier, and where to send the browser. */
export async function startLineLink(
  actor: Actor,
  origin: string,
): Promise<{ authorizeUrl: string; simulated: boolean }> {
  const line = await requireLine();
  const { db } = (await runtime()).database;
  const state = newToken();
  const codeVerifier = randomBytes(48).toString('base64url');
  await db.insert(oauthStates).values({
    stateHash: tokenHash(state),
    codeVerifier,
    sessionId: actor.sessionId,
    accountId: actor.accountId,
    expiresAt: new Date(Date.now() + STATE_VALID_MS),
  });
  return {
    authorizeUrl: line.authorizeUrl({
      state,
      codeChallenge: pkceChallenge(codeVerifier),
      redirectUri: await lineRedirectUri(origin),
      origin: await siteOrigin(origin),
    }),
    simulated: line.simulated,
  };
}

/**
 * Finishes linking (linkLine): the state must belong to this very session and be fresh; the code
 * is exchanged with PKCE; a LINE account already linked to someone else is -13.
 */
export async function finishLineLink(actor: Actor, input: { code: string; state: string }, origin: string, ip: string) {
  const { db } = (await runtime()).database;
  const invalid = new AppError(ErrorCode.VERIFICATION_CODE, { fields: ['state'] }, { key: 'lineStateInvalid' });
  const [pending] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthStates.stateHash, tokenHash(input.state)),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!pending || pending.sessionId !== actor.sessionId || pending.accountId !== actor.accountId) throw invalid;
  const identity = await (
    await requireLine()
  ).exchange({ code: input.code, codeVerifier: pending.codeVerifier, redirectUri: await lineRedirectUri(origin) });
  if (!identity) throw invalid;
  const [holder] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.lineUserId, identity.userId))
    .limit(1);
  if (holder && holder.id !== actor.accountId)
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['line'] }, { key: 'lineAlreadyLinked' });
  await db
    .update(accounts)
    .set({ lineUserId: identity.userId, updatedAt: new Date() })
    .where(eq(accounts.id, actor.accountId));
  await audit({ userType: 'individual', accountId: actor.accountId }, 'lineLinked', ip, {
    displayName: identity.displayName,
  });
  return { lineLinked: true, displayName: identity.displayName };
}

/** unlinkLine: removes the link; -6 when none exists. */
export async function unlinkLine(actor: Actor, ip: string): Promise<void> {
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({ lineUserId: accounts.lineUserId })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId))
    .limit(1);
  if (!row?.lineUserId) throw new AppError(ErrorCode.NO_DATA, null, { key: 'lineNotLinked' });
  await db.update(accounts).set({ lineUserId: null, updatedAt: new Date() }).where(eq(accounts.id, actor.accountId));
  await audit({ userType: 'individual', accountId: actor.accountId }, 'lineUnlinked', ip);
}

/** The simulator's consent: issues a code for a demo LINE identity, as LINE would after "Allow". */
export async function issueSimulatedLineCode(
  input: { codeChallenge: string; redirectUri: string; lineUserId: string; displayName: string },
  origin: string,
): Promise<string> {
  if (!(await lineLogin())?.simulated) throw new AppError(ErrorCode.NO_ROUTE);
  // Like LINE, only the registered callback: never an open redirect.
  if (input.redirectUri !== (await lineRedirectUri(origin)))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['redirectUri'] });
  const { db } = (await runtime()).database;
  const code = newToken();
  await db
    .insert(lineSimulatorCodes)
    .values({ ...input, codeHash: tokenHash(code), expiresAt: new Date(Date.now() + 5 * 60_000) });
  return code;
}
