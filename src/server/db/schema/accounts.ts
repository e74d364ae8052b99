import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { I18nText } from '../../../lib/i18n-text';
import { createdAt, refId, updatedAt } from './columns';

export const USER_TYPES = ['individual', 'organ'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * An individual account: a web user, or a member once a membership is approved. The national ID
 * (personId) is stored encrypted (AES-256-GCM) and, for the duplicate check, as a keyed hash.
 * A member brought over from an old system (`npm run import`) has no password until they set one
 * through the mailed first-sign-in link, and no birth date until they give it.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null: no password yet (an imported member); no password signs such an account in. */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull().default(''),
    personIdEncrypted: text('person_id_encrypted').notNull(),
    personIdHash: text('person_id_hash').notNull(),
    /** Null for an imported member until they fill it in on their profile. */
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender').$type<'male' | 'female' | 'other'>(),
    mobile: text('mobile').notNull().default(''),
    phone: text('phone').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    address: text('address').notNull().default(''),
    workplace: text('workplace').notNull().default(''),
    department: text('department').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    education: text('education').notNull().default(''),
    lineUserId: text('line_user_id'),
    preferredLocale: text('preferred_locale').notNull().default('zh-tw'),
    /**
     * A member brought over from an old system whose file told no language (no `language` column,
     * names in both languages or Chinese only): their invitation is written in both languages.
     */
    localeUnknown: boolean('locale_unknown').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Closed by the office: no sign-in, no session, no mail link opens it; its records stay (the
     * society keeps payments and credits) and the office may reopen it.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The account this one was merged into by the office (it is then closed and holds nothing). */
    mergedInto: integer('merged_into').references((): AnyPgColumn => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_idx').on(t.email),
    uniqueIndex('accounts_person_id_hash_idx').on(t.personIdHash),
    uniqueIndex('accounts_line_user_idx').on(t.lineUserId),
  ],
);

/** Continuing-education topics an organisation can apply under (spec: organ topicList). */
export const topics = pgTable('topics', {
  id: serial('id').primaryKey(),
  /** Short stable name the society file refers to the topic by. */
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** An organisation account: hospitals, associations and training providers. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    taxId: text('tax_id').notNull(),
    contactName: text('contact_name').notNull(),
    contactTitle: text('contact_title').notNull().default(''),
    phone: text('phone').notNull(),
    fax: text('fax').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    address: text('address').notNull(),
    website: text('website').notNull().default(''),
    topicIds: jsonb('topic_ids').$type<number[]>().notNull().default([]),
    preferredLocale: text('preferred_locale').notNull().default('zh-tw'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organisations_email_idx').on(t.email), uniqueIndex('organisations_tax_id_idx').on(t.taxId)],
);

/** A signed-in browser or API client; only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userType: text('user_type').$type<UserType>().notNull(),
    accountId: integer('account_id').notNull(),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the account's second factor was last given in this session (staff roles count only after it). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /**
     * The member whose pages an office worker is looking at from this session, read-only, until
     * `viewingUntil` (the staff console's "view as the member"; null when not viewing).
     */
    viewingAccountId: integer('viewing_account_id'),
    viewingUntil: timestamp('viewing_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_account_idx').on(t.userType, t.accountId)],
);

/** `verify`: a mailed link that proves an address the office set reaches its owner. */
export const EMAIL_PURPOSES = ['signup', 'reset', 'change', 'verify'] as const;
export type EmailPurpose = (typeof EMAIL_PURPOSES)[number];

/** A code mailed to prove an address; after it is verified, a token (EmailAuthorization) is issued. */
export const emailChallenges = pgTable(
  'email_challenges',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<EmailPurpose>().notNull(),
    userType: text('user_type').$type<UserType>().notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Hash of the EmailAuthorization token, once the code (or the mailed link) proved the address. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_challenges_email_idx').on(t.email, t.purpose),
    uniqueIndex('email_challenges_token_idx').on(t.tokenHash),
  ],
);

/** Proof-of-work captchas handed out (the challenge itself is signed, not stored): single use. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  /** The work the challenge takes (1, 2 or 3), as signed into it. */
  level: integer('level').notNull().default(1),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Who did what, when: sign-ins, sign-outs, password changes, LINE links, and every staff action
 * and status change with what it changed (`before`, `after`) and on what (`targetType`,
 * `targetId`). Written in the transaction of the change; append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE, migration 0022).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorType: text('actor_type').$type<UserType | 'system'>().notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The chain (docs/decisions/033-audit-chain.md): the row's place in it (1, 2, 3 … in the order
     * of ids), the hash of the row before it ('' for the first) and its own hash, an HMAC over its
     * content, its place and that previous hash, keyed from the master key. Null only on a row
     * written before the chain, until the start step seals it once.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);

/**
 * The audit chain's head, one row (id 1): the last row chained (its place and hash), locked
 * `FOR UPDATE` by every append so rows join the chain one transaction after another; when the rows
 * written before the chain were sealed; and the daily check's last result (`checked*`) with the
 * break last mailed to the admins (`reportedBreak`), so one break is mailed once.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  lastHash: text('last_hash').notNull().default(''),
  sealedAt: timestamp('sealed_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** What the last check found (`ChainCheck` of db/audit-chain.ts: rows verified, the last one, the break). */
  checked: jsonb('checked').$type<{
    verified: number;
    lastId: number | null;
    break: { id: number; kind: string } | null;
  }>(),
  reportedBreak: text('reported_break'),
});

/**
 * An account's authenticator (TOTP, RFC 6238): the secret encrypted like national IDs, pending
 * until a first code confirms it, and the last time step used (a code is accepted once).
 */
export const secondFactors = pgTable('second_factors', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use codes that stand in for the authenticator once (only their hashes are kept). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId), uniqueIndex('recovery_codes_hash_idx').on(t.codeHash)],
);

/**
 * A staff member's passkey (WebAuthn), a second factor beside the authenticator app (decision
 * 020): the credential's id and COSE public key (base64url), and the last signature counter seen.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_account_idx').on(t.accountId)],
);

export const PASSKEY_CEREMONIES = ['register', 'verify'] as const;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

/**
 * The challenge of a passkey ceremony in progress: one per session and ceremony (a new one
 * replaces it), taken once, and only until `expiresAt`; gone with its session.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    sessionId: refId('session_id', () => sessions.id, { onDelete: 'cascade' }),
    ceremony: text('ceremony').$type<PasskeyCeremony>().notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.ceremony] })],
);

/** An OAuth authorisation in progress (LINE linking): state and PKCE verifier, bound to a session. */
export const oauthStates = pgTable('oauth_states', {
  id: serial('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  codeVerifier: text('code_verifier').notNull(),
  sessionId: integer('session_id').notNull(),
  accountId: integer('account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Codes issued by the built-in LINE Login simulator (used when no LINE channel is configured). */
export const lineSimulatorCodes = pgTable('line_simulator_codes', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull().unique(),
  codeChallenge: text('code_challenge').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  lineUserId: text('line_user_id').notNull(),
  displayName: text('display_name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
