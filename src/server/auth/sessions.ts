import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, organisations, sessions, type UserType } from '../db/schema';
import { runtime } from '../runtime';
import { newToken, tokenHash } from './secrets';

export const REMEMBER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * However often it is used, a session ends this long after sign-in: a remembered one after 90
 * days, a browser session after a day. Use slides the expiry only up to this limit.
 */
export const ABSOLUTE_LIMIT_MS = { remembered: 90 * DAY_MS, browser: DAY_MS } as const;

function absoluteEnd(createdAt: Date, remember: boolean): number {
  return createdAt.getTime() + (remember ? ABSOLUTE_LIMIT_MS.remembered : ABSOLUTE_LIMIT_MS.browser);
}
/** lastSeenAt is written at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The columns of an individual account that pages and endpoints show (never the password hash). */
const individualColumns = {
  email: accounts.email,
  nameZh: accounts.nameZh,
  nameEn: accounts.nameEn,
  personIdEncrypted: accounts.personIdEncrypted,
  memberNo: accounts.memberNo,
  memberClassId: accounts.memberClassId,
  memberStatus: accounts.memberStatus,
  mustChangePassword: accounts.mustChangePassword,
  lineUserId: accounts.lineUserId,
  preferredLocale: accounts.preferredLocale,
  createdAt: accounts.createdAt,
};

/** The same for an organisation account. */
const organisationColumns = {
  email: organisations.email,
  name: organisations.name,
  nameEn: organisations.nameEn,
  taxId: organisations.taxId,
  contactName: organisations.contactName,
  topicIds: organisations.topicIds,
  mustChangePassword: organisations.mustChangePassword,
  preferredLocale: organisations.preferredLocale,
  createdAt: organisations.createdAt,
};

export type IndividualRow = { userType: 'individual' } & Pick<
  typeof accounts.$inferSelect,
  keyof typeof individualColumns
>;
export type OrganisationRow = { userType: 'organ' } & Pick<
  typeof organisations.$inferSelect,
  keyof typeof organisationColumns
>;

/**
 * Who is signed in: the session, and the account as it was read with it, in the same statement.
 * Read once per request (the middleware for pages, `endpoint()` for the API) and passed along,
 * so no part of a request reads the account again.
 */
export interface Actor {
  sessionId: number;
  userType: UserType;
  accountId: number;
  remember: boolean;
  account: IndividualRow | OrganisationRow;
}

function lifetimeMs(remember: boolean, idleMinutes: number): number {
  return remember ? REMEMBER_DAYS * DAY_MS : idleMinutes * 60_000;
}

/** Opens a session; the token goes to the client once and only its hash is kept. */
export async function createSession(input: {
  userType: UserType;
  accountId: number;
  remember: boolean;
  ip: string;
  userAgent: string;
}): Promise<{ token: string; expiresAt: Date }> {
  const rt = await runtime();
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(
    Math.min(
      now.getTime() + lifetimeMs(input.remember, rt.config.SESSION_IDLE_MINUTES),
      absoluteEnd(now, input.remember),
    ),
  );
  await rt.database.db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userType: input.userType,
    accountId: input.accountId,
    remember: input.remember,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * One indexed statement: the session by its token hash, and its account beside it. Prepared
 * once per database, since building the query is a good part of a signed-in request's cost.
 */
function buildSessionLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      userType: sessions.userType,
      accountId: sessions.accountId,
      remember: sessions.remember,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      individual: individualColumns,
      organisation: organisationColumns,
    })
    .from(sessions)
    .leftJoin(accounts, and(eq(sessions.userType, 'individual'), eq(accounts.id, sessions.accountId)))
    .leftJoin(organisations, and(eq(sessions.userType, 'organ'), eq(organisations.id, sessions.accountId)))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup');
}

const lookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = buildSessionLookup(db)));
  return lookup;
}

/**
 * The actor a token belongs to, or null when it is unknown or expired. Use slides the expiry:
 * an idle timeout for browser sessions, thirty days from the last visit for remembered ones,
 * never past the absolute limit from sign-in.
 */
export async function resolveSession(token: string): Promise<Actor | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const rt = await runtime();
  const { db } = rt.database;
  const now = new Date();
  const [row] = await sessionLookup(db).execute({ tokenHash: tokenHash(token), now });
  if (!row) return null;
  const account: Actor['account'] | null =
    row.userType === 'individual'
      ? row.individual && { userType: 'individual', ...row.individual }
      : row.organisation && { userType: 'organ', ...row.organisation };
  // A session whose account is gone signs no one in.
  if (!account) return null;
  const end = absoluteEnd(row.createdAt, row.remember);
  if (end <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + lifetimeMs(row.remember, rt.config.SESSION_IDLE_MINUTES), end));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userType: row.userType, accountId: row.accountId, remember: row.remember, account };
}

export async function revokeSession(sessionId: number): Promise<void> {
  const { db } = (await runtime()).database;
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every other session of an account (after a password change or reset). */
export async function revokeOtherSessions(userType: UserType, accountId: number, keepSessionId?: number) {
  const { db } = (await runtime()).database;
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userType, userType),
        eq(sessions.accountId, accountId),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/** Forgets sessions that have expired (run now and then; expired ones never authenticate). */
export async function purgeExpiredSessions(): Promise<void> {
  const { db } = (await runtime()).database;
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
