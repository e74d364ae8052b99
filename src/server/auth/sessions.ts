import { and, eq, lt, ne } from 'drizzle-orm';
import type { accounts, organisations } from '../db/schema';
import { sessions, type UserType } from '../db/schema';
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

type IndividualColumn =
  | 'email'
  | 'nameZh'
  | 'nameEn'
  | 'personIdEncrypted'
  | 'memberNo'
  | 'memberClassId'
  | 'memberStatus'
  | 'mustChangePassword'
  | 'lineUserId'
  | 'preferredLocale'
  | 'createdAt';
type OrganisationColumn =
  | 'email'
  | 'name'
  | 'nameEn'
  | 'taxId'
  | 'contactName'
  | 'topicIds'
  | 'mustChangePassword'
  | 'preferredLocale'
  | 'createdAt';

/** The columns of an account that pages and endpoints show (never the password hash). */
export type IndividualRow = { userType: 'individual' } & Pick<typeof accounts.$inferSelect, IndividualColumn>;
export type OrganisationRow = { userType: 'organ' } & Pick<typeof organisations.$inferSelect, OrganisationColumn>;

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
 * One indexed statement: the session by its token hash, and its account beside it. Every
 * signed-in request runs it, so it is prepared once on the database (`db/prepared.ts`).
 */
const SESSION_LOOKUP = `
  SELECT s.id, s.user_type, s.account_id, s.remember, s.created_at, s.last_seen_at,
    a.id AS a_id, a.email AS a_email, a.name_zh AS a_name_zh, a.name_en AS a_name_en,
    a.person_id_encrypted AS a_person_id_encrypted, a.member_no AS a_member_no,
    a.member_class_id AS a_member_class_id, a.member_status AS a_member_status,
    a.must_change_password AS a_must_change_password, a.line_user_id AS a_line_user_id,
    a.preferred_locale AS a_preferred_locale, a.created_at AS a_created_at,
    o.id AS o_id, o.email AS o_email, o.name AS o_name, o.name_en AS o_name_en, o.tax_id AS o_tax_id,
    o.contact_name AS o_contact_name, o.topic_ids AS o_topic_ids,
    o.must_change_password AS o_must_change_password, o.preferred_locale AS o_preferred_locale,
    o.created_at AS o_created_at
  FROM sessions s
  LEFT JOIN accounts a ON s.user_type = 'individual' AND a.id = s.account_id
  LEFT JOIN organisations o ON s.user_type = 'organ' AND o.id = s.account_id
  WHERE s.token_hash = $1 AND s.expires_at > $2::timestamptz
  LIMIT 1`;

/** The account part of a looked-up row, or null when the account is gone. */
function accountOf(row: Record<string, unknown>): IndividualRow | OrganisationRow | null {
  if (row.user_type === 'individual') {
    if (row.a_id == null) return null;
    return {
      userType: 'individual',
      email: row.a_email as string,
      nameZh: row.a_name_zh as string,
      nameEn: row.a_name_en as string,
      personIdEncrypted: row.a_person_id_encrypted as string,
      memberNo: row.a_member_no as string | null,
      memberClassId: row.a_member_class_id as number | null,
      memberStatus: row.a_member_status as string | null,
      mustChangePassword: row.a_must_change_password as boolean,
      lineUserId: row.a_line_user_id as string | null,
      preferredLocale: row.a_preferred_locale as string,
      createdAt: new Date(row.a_created_at as Date),
    };
  }
  if (row.o_id == null) return null;
  return {
    userType: 'organ',
    email: row.o_email as string,
    name: row.o_name as string,
    nameEn: row.o_name_en as string,
    taxId: row.o_tax_id as string,
    contactName: row.o_contact_name as string,
    topicIds: row.o_topic_ids as number[],
    mustChangePassword: row.o_must_change_password as boolean,
    preferredLocale: row.o_preferred_locale as string,
    createdAt: new Date(row.o_created_at as Date),
  };
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
  const [row] = await rt.database.prepared('session_lookup', SESSION_LOOKUP, [tokenHash(token), now]);
  if (!row) return null;
  // A session whose account is gone signs no one in.
  const account = accountOf(row);
  if (!account) return null;
  const session = {
    id: row.id as number,
    userType: row.user_type as UserType,
    accountId: row.account_id as number,
    remember: row.remember as boolean,
    createdAt: new Date(row.created_at as Date),
    lastSeenAt: new Date(row.last_seen_at as Date),
  };
  const end = absoluteEnd(session.createdAt, session.remember);
  if (end <= now.getTime()) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(
      Math.min(now.getTime() + lifetimeMs(session.remember, rt.config.SESSION_IDLE_MINUTES), end),
    );
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  }
  return {
    sessionId: session.id,
    userType: session.userType,
    accountId: session.accountId,
    remember: session.remember,
    account,
  };
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
