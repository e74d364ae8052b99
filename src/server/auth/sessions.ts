import { and, eq, lt, ne } from 'drizzle-orm';
import type { ApplicationState } from '../../lib/applications/state-machine';
import type { PaperStatus } from '../../lib/papers/model';
import { isStaffRole, type Role, type StaffRole } from '../../lib/roles';
import type { accounts, ApplicationType, organisations } from '../db/schema';
import { sessions, type UserType } from '../db/schema';
import { runtime } from '../runtime';
import { STAFF_FACTOR_MS } from './second-factor';
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

/** What the request knows of an individual's membership, read with the session (status follows from the dates). */
export interface MembershipDatesRow {
  membershipId: number;
  memberNo: string;
  classId: number;
  termStart: string | null;
  termEnd: string | null;
  pausedFrom: string | null;
  pausedUntil: string | null;
  lastDay: string | null;
}

/** An application of the reader's that is still open, as the account area lists it. */
export interface OpenApplicationRow {
  id: number;
  number: string;
  type: ApplicationType;
  state: ApplicationState;
  classId: number | null;
}

/** The columns of an account that pages and endpoints show (never the password hash). */
export type IndividualRow = { userType: 'individual' } & Pick<typeof accounts.$inferSelect, IndividualColumn> & {
    membership: MembershipDatesRow | null;
    /**
     * The roles this session may use: reviewer roles always, staff roles only once the session
     * has passed the account's second factor (within `STAFF_FACTOR_MS`).
     */
    roles: Role[];
    /** Staff roles the account holds that wait for this session's second factor. */
    staffRolesWaiting: StaffRole[];
    /**
     * What waits on the reader, shown in the header on every page and in the centre: the open
     * applications (newest first) and the unpaid orders: their amounts, and whether a bank
     * transfer for one is reported and waits for finance (nothing more to do but wait).
     */
    openApplications: OpenApplicationRow[];
    dueOrders: { amount: number; transferReported: boolean }[];
    /**
     * The certification kinds that apply to the reader: those they hold a certificate of or have
     * credits for (the centre lists these, not every published kind).
     */
    certificationKindIds: number[];
    /** The reader's papers (withdrawn ones left out): the centre's counts per call. */
    paperStates: { postId: number; status: PaperStatus }[];
  };
export type OrganisationRow = { userType: 'organ' } & Pick<typeof organisations.$inferSelect, OrganisationColumn> & {
    /** The state of each of its course applications, with its certification (the centre's statistics). */
    courseStates: { state: ApplicationState; kindId: number }[];
  };

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
  /** When this session passed the second factor, while that still counts (else null). */
  secondFactorAt: Date | null;
  /**
   * Set while an office worker views this member's pages read-only (`accountId` and `account` are
   * then the member's): every write is refused, and what the worker does is theirs.
   */
  viewing: { staffAccountId: number; until: Date } | null;
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
 * One indexed statement: the session by its token hash, and its account beside it as one JSON
 * array (only the table of the session's user type is read; an individual's membership and roles
 * come with it). Every signed-in request runs it, so it is prepared once on the database
 * (`db/prepared.ts`); seven columns rather than one per account field, because on the embedded
 * database decoding each column of the answer costs more than the lookup itself, and an array
 * rather than an object (`row_to_json`), which costs the embedded database a fifth more.
 */
const SESSION_LOOKUP = `
  SELECT s.id, s.user_type, s.account_id, s.remember, s.created_at, s.last_seen_at, s.second_factor_at,
    s.viewing_id, s.viewing_until,
    CASE s.user_type
      WHEN 'individual' THEN (SELECT json_build_array(ac.email, ac.name_zh, ac.name_en, ac.person_id_encrypted,
          ac.must_change_password, ac.line_user_id, ac.preferred_locale, ac.created_at,
          m.id, m.member_no, m.class_id, m.term_start, m.term_end, m.paused_from, m.paused_until, m.last_day,
          (SELECT json_agg(r.role) FROM account_roles r WHERE r.account_id = ac.id),
          (SELECT json_agg(json_build_array(p.id, p.number, p.type, p.state, p.class_id)) FROM applications p
            WHERE p.account_id = ac.id AND p.state NOT IN ('rejected', 'effective', 'cancelled', 'expired')
              AND p.type <> 'creditClaim'),
          (SELECT json_agg(json_build_array(o.amount, EXISTS (SELECT 1 FROM remittances rm
              WHERE rm.order_id = o.id AND rm.status = 'reported')))
            FROM orders o WHERE o.account_id = ac.id AND o.status = 'pending'),
          (SELECT json_agg(c.kind_id) FROM (
            SELECT mc.kind_id FROM member_certificates mc WHERE mc.account_id = ac.id
            UNION SELECT ce.kind_id FROM credit_entries ce WHERE ce.account_id = ac.id) c),
          (SELECT json_agg(json_build_array(pp.post_id, pp.status)) FROM papers pp
            WHERE pp.account_id = ac.id AND pp.status <> 'withdrawn'))
        FROM accounts ac LEFT JOIN memberships m ON m.account_id = ac.id
        WHERE ac.id = coalesce(s.viewing_id, s.account_id) AND ac.closed_at IS NULL)
      WHEN 'organ' THEN (SELECT json_build_array(og.email, og.name, og.name_en, og.tax_id, og.contact_name,
          og.topic_ids, og.must_change_password, og.preferred_locale, og.created_at,
          (SELECT json_agg(json_build_array(p.state, p.form ->> 'kindId')) FROM applications p
            WHERE p.organisation_id = og.id AND p.type = 'course'))
        FROM organisations og WHERE og.id = s.account_id)
    END AS account
  FROM (
    -- An office worker viewing a member's pages: only while the view lasts, the session's second
    -- factor still counts ($3: when it was last given at the earliest) and they still hold the role.
    SELECT s.*, CASE WHEN s.viewing_until > $2::timestamptz AND s.second_factor_at > $3::timestamptz
        AND EXISTS (SELECT 1 FROM account_roles r WHERE r.account_id = s.account_id AND r.role = 'office')
      THEN s.viewing_account_id END AS viewing_id
    FROM sessions s
    WHERE s.token_hash = $1 AND s.expires_at > $2::timestamptz) s`;

/** The account part of a looked-up row (its JSON array, in the statement's order), or null when it is gone. */
function accountOf(userType: unknown, a: unknown[] | null): IndividualRow | OrganisationRow | null {
  if (!a) return null;
  if (userType === 'individual') {
    const [
      email,
      nameZh,
      nameEn,
      personIdEncrypted,
      mustChangePassword,
      lineUserId,
      preferredLocale,
      createdAt,
      membershipId,
      memberNo,
      classId,
      termStart,
      termEnd,
      pausedFrom,
      pausedUntil,
      lastDay,
      roles,
      openApplications,
      dueOrders,
      certificationKindIds,
      paperStates,
    ] = a;
    return {
      userType: 'individual',
      email: email as string,
      nameZh: nameZh as string,
      nameEn: nameEn as string,
      personIdEncrypted: personIdEncrypted as string,
      membership:
        membershipId === null
          ? null
          : {
              membershipId: membershipId as number,
              memberNo: memberNo as string,
              classId: classId as number,
              termStart: termStart as string | null,
              termEnd: termEnd as string | null,
              pausedFrom: pausedFrom as string | null,
              pausedUntil: pausedUntil as string | null,
              lastDay: lastDay as string | null,
            },
      roles: (roles as Role[] | null) ?? [],
      staffRolesWaiting: [],
      openApplications: (
        (openApplications ?? []) as [number, string, ApplicationType, ApplicationState, number | null][]
      )
        .map(([id, number, type, state, classId]) => ({ id, number, type, state, classId }))
        .sort((x, y) => y.id - x.id),
      dueOrders: ((dueOrders ?? []) as [number, boolean][]).map(([amount, transferReported]) => ({
        amount,
        transferReported,
      })),
      certificationKindIds: (certificationKindIds as number[] | null) ?? [],
      paperStates: ((paperStates ?? []) as [number, PaperStatus][]).map(([postId, status]) => ({ postId, status })),
      mustChangePassword: mustChangePassword as boolean,
      lineUserId: lineUserId as string | null,
      preferredLocale: preferredLocale as string,
      createdAt: new Date(createdAt as string),
    };
  }
  const [email, name, nameEn, taxId, contactName, topicIds, mustChangePassword, preferredLocale, createdAt, courses] =
    a;
  return {
    userType: 'organ',
    courseStates: ((courses ?? []) as [ApplicationState, string][]).map(([state, kindId]) => ({
      state,
      kindId: Number(kindId),
    })),
    email: email as string,
    name: name as string,
    nameEn: nameEn as string,
    taxId: taxId as string,
    contactName: contactName as string,
    topicIds: topicIds as number[],
    mustChangePassword: mustChangePassword as boolean,
    preferredLocale: preferredLocale as string,
    createdAt: new Date(createdAt as string),
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
  const [row] = await rt.database.prepared('session_lookup', SESSION_LOOKUP, [
    tokenHash(token),
    now,
    new Date(now.getTime() - STAFF_FACTOR_MS),
  ]);
  if (!row) return null;
  // A session whose account is gone signs no one in.
  const account = accountOf(row.user_type, row.account as unknown[] | null);
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
  const viewingId = row.viewing_id as number | null;
  const passed = row.second_factor_at ? new Date(row.second_factor_at as Date) : null;
  const secondFactorAt =
    viewingId === null && passed && now.getTime() - passed.getTime() < STAFF_FACTOR_MS ? passed : null;
  if (account.userType === 'individual' && viewingId !== null) {
    // The member's own view, without any role of theirs: a reviewer's or officer's desks stay closed.
    account.roles = [];
  } else if (account.userType === 'individual' && !secondFactorAt) {
    account.staffRolesWaiting = account.roles.filter(isStaffRole);
    account.roles = account.roles.filter((role) => !isStaffRole(role));
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(
      Math.min(now.getTime() + lifetimeMs(session.remember, rt.config.SESSION_IDLE_MINUTES), end),
    );
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  }
  return {
    sessionId: session.id,
    userType: session.userType,
    accountId: viewingId ?? session.accountId,
    remember: session.remember,
    secondFactorAt,
    viewing:
      viewingId === null ? null : { staffAccountId: session.accountId, until: new Date(row.viewing_until as Date) },
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
