/**
 * The office corrects a person's details (DESIGN.md §19): every field the member sees on their
 * profile, and the ones only the office may change (names, national ID, birth date, e-mail). One
 * transaction: the account is locked, refused if it changed since the form was read, the new
 * e-mail and ID checked against every other account, and the audit row carries the fields before
 * and after (the ID masked) with the reason the office gave. A changed e-mail is told to both
 * addresses, so the owner notices a change they did not ask for, and the new one carries the link
 * that proves it (services/accounts/verify-email.ts). Nobody corrects their own record
 * (-11 `correctOwn`, as closing, merging and viewing oneself are refused), and the e-mail of an
 * account holding a staff role (its sign-in and its reset links) changes only with a fresh code of
 * the office worker's second factor (`withSecondFactor`).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { isLocale } from '../../../lib/locales';
import { hasAName } from '../../../lib/schemas/account';
import type { PersonCorrectionValues } from '../../../lib/schemas/staff';
import { STAFF_ROLES } from '../../../lib/roles';
import { maskPersonId } from '../../../lib/validators/tw-id';
import type { Actor } from '../../auth/sessions';
import { decrypt, encrypt } from '../../auth/secrets';
import type { Executor } from '../../db/client';
import { accountRoles, accounts } from '../../db/schema';
import { AppError } from '../../app-error';
import { enqueueMails } from '../../integrations/mail/outbox';
import { emailChangedByOffice } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { personIdHash } from '../accounts/account-store';
import { recordAudit } from '../accounts/audit';
import { voidResetChallenges } from '../accounts/email-challenges';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import { issueEmailVerification, VERIFY_VALID_DAYS, voidEmailVerifications } from '../accounts/verify-email';
import { withSecondFactor } from './second-factor';

/**
 * What the office may set on an individual account: `personId` '' keeps the stored ID (a valid one
 * replaces it), `birthDate` '' clears it (an imported member without one).
 */
export type PersonDetails = Omit<PersonCorrectionValues, 'reason' | 'updatedAt' | 'code'>;

/**
 * The details with why (kept in the audit log), the account's `updatedAt` the form was filled from
 * (a change in between refuses this one) and, to change a staff account's e-mail, a fresh code of
 * the office worker's second factor.
 */
export type PersonCorrection = Omit<PersonCorrectionValues, 'code'> & { code?: string };

type Field = Exclude<keyof PersonDetails, 'personId'>;
const FIELDS: readonly Field[] = [
  'nameZh',
  'nameEn',
  'email',
  'birthDate',
  'gender',
  'mobile',
  'phone',
  'postalCode',
  'address',
  'workplace',
  'department',
  'jobTitle',
  'education',
  'preferredLocale',
];

/** Whether an account holds a staff role (its e-mail is guarded by the second factor). */
export async function holdsStaffRole(db: Executor, accountId: number): Promise<boolean> {
  const [held] = await db
    .select({ role: accountRoles.role })
    .from(accountRoles)
    .where(and(eq(accountRoles.accountId, accountId), inArray(accountRoles.role, [...STAFF_ROLES])))
    .limit(1);
  return held !== undefined;
}

const codeNeeded = () => new AppError(ErrorCode.DATA_CHECK, { fields: ['code'] }, { key: 'personEmailCode' });

/** Answers the names of the fields that changed ([]: nothing did, and nothing was written). */
export async function correctPerson(
  staff: Actor,
  accountId: number,
  input: PersonCorrection,
  ip: string,
): Promise<{ changed: string[]; updatedAt: string }> {
  if (accountId === staff.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'correctOwn' }, { key: 'correctOwn' });
  if (!hasAName(input)) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['nameZh'] }, { key: 'nameNeeded' });
  const rt = await runtime();
  const { db } = rt.database;
  const newIdHash = input.personId === '' ? null : await personIdHash(input.personId);
  const siteNames = { 'zh-tw': (await getWebInfo('zh-tw')).name, 'en-us': (await getWebInfo('en-us')).name };
  const origin = await mailOrigin();
  // A staff account's new e-mail: the office worker's fresh code first (taken, then the change runs).
  const [stored] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
  const guarded = stored !== undefined && stored.email !== input.email && (await holdsStaffRole(db, accountId));
  const code = input.code ?? '';
  if (guarded && code === '') throw codeNeeded();
  const apply = async (tx: Executor, codeGiven: boolean) => {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!row) throw new AppError(ErrorCode.NO_DATA);
    if (row.updatedAt.toISOString() !== new Date(input.updatedAt).toISOString())
      throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'personChanged' });
    if (!codeGiven && row.email !== input.email && (await holdsStaffRole(tx, accountId))) throw codeNeeded();

    const current = Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? ''])) as Record<Field, string>;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of FIELDS) {
      if (current[field] === input[field]) continue;
      before[field] = current[field];
      after[field] = input[field];
    }
    const idChanged = newIdHash !== null && newIdHash !== row.personIdHash;
    if (idChanged) {
      before.personId = maskPersonId(decrypt(rt.secrets.personIdKey, row.personIdEncrypted));
      after.personId = maskPersonId(input.personId);
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return { changed, updatedAt: row.updatedAt.toISOString() };

    if ('email' in after) {
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.email, input.email), ne(accounts.id, accountId)));
      if (taken) throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
    }
    if (idChanged) {
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.personIdHash, newIdHash), ne(accounts.id, accountId)));
      if (taken) throw new AppError(ErrorCode.DUPLICATE, { fields: ['personId'] }, { key: 'personIdTaken' });
    }

    const updatedAt = new Date();
    await tx
      .update(accounts)
      .set({
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        email: input.email,
        birthDate: input.birthDate === '' ? null : input.birthDate,
        gender: input.gender === '' ? null : input.gender,
        mobile: input.mobile,
        phone: input.phone,
        postalCode: input.postalCode,
        address: input.address,
        workplace: input.workplace,
        department: input.department,
        jobTitle: input.jobTitle,
        education: input.education,
        preferredLocale: input.preferredLocale,
        ...(idChanged
          ? { personIdEncrypted: encrypt(rt.secrets.personIdKey, input.personId), personIdHash: newIdHash }
          : {}),
        // A new address has not been proved by its owner.
        ...('email' in after ? { emailVerifiedAt: null } : {}),
        updatedAt,
      })
      .where(eq(accounts.id, accountId));
    if ('email' in after) {
      // A reset or verification link mailed to the old address no longer opens or proves the account.
      await voidResetChallenges(tx, row.email, 'individual');
      await voidEmailVerifications(tx, row.email);
      const locale = isLocale(input.preferredLocale) ? input.preferredLocale : 'zh-tw';
      const facts = { siteName: siteNames[locale], from: row.email, to: input.email, at: updatedAt, locale };
      // The new address is asked to prove it reaches the owner.
      const verifyUrl = await issueEmailVerification(tx, origin, input.email, locale);
      await enqueueMails(
        tx,
        [
          { to: row.email, ...emailChangedByOffice(facts), locale },
          { to: input.email, ...emailChangedByOffice({ ...facts, verifyUrl }), locale },
        ],
        { kind: 'account.emailChanged', eraseAfter: new Date(Date.now() + VERIFY_VALID_DAYS * 86_400_000) },
      );
    }
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'person.corrected',
      ip,
      target: { type: 'account', id: accountId },
      before,
      after,
      detail: { reason: input.reason },
    });
    return { changed, updatedAt: updatedAt.toISOString() };
  };
  return guarded
    ? withSecondFactor(staff, code, ip, (tx) => apply(tx, true))
    : db.transaction((tx) => apply(tx, false));
}
