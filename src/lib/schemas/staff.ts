import { SOCIETY_SECTIONS } from '../society/sections';
import { z } from 'zod';
import { OFFICE_ROLES, REVIEW_QUEUES, ROLES } from '../roles';
import { idParam, blankIsAbsent } from './common';
import { emailSchema, mobileSchema, personIdSchema } from '../validators/schemas';
import { birthDate, individualContactFields, individualWorkFields, localeSchema } from './account';
import type { IndividualDetail } from './account-responses';

/** A code of the second factor: six digits from the app, or a recovery code (`XXXXX-XXXXX`). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6, 'secondFactorCode')
  .max(24, 'secondFactorCode')
  .regex(/^[0-9A-Za-z\s-]+$/, 'secondFactorCode');

export const secondFactorCodeBody = z.object({ code: secondFactorCode });

/** Holding or releasing the mail outbox (`held`), with a fresh second-factor code. */
export const mailHoldBody = z.object({ held: z.boolean(), code: secondFactorCode });

/** Whether the mail outbox is held (since when, by whom) and how many mails wait. */
export const mailHoldView = z.object({
  heldAt: z.string().nullable(),
  heldBy: z.object({ kind: z.enum(['restore', 'command', 'staff']), name: z.string() }).nullable(),
  waiting: z.number().int(),
});

export const grantRoleBody = z.object({
  email: emailSchema,
  role: z.enum(ROLES),
  code: secondFactorCode,
});

/** An admin takes an office role themselves (the first admin of a new portal), with a fresh code. */
export const takeRoleBody = z.object({
  role: z.enum(OFFICE_ROLES),
  code: secondFactorCode,
});

export const revokeRoleBody = z.object({
  accountId: z.number().int().positive().max(2_147_483_647),
  role: z.enum(ROLES),
  code: secondFactorCode,
});

export const resetSecondFactorBody = z.object({
  accountId: z.number().int().positive().max(2_147_483_647),
  code: secondFactorCode,
});

export const secondFactorStatusView = z.object({
  staffRoles: z.array(z.enum(ROLES)),
  enrolled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int().describe('How many passkeys the account has registered'),
  passedAt: z.string().nullable().describe('When this session passed the second factor (null: not yet)'),
});

export const enrolmentView = z.object({
  secret: z.string().describe('The Base32 secret, for typing into an authenticator app by hand'),
  uri: z.string().describe('The otpauth:// address the QR code holds'),
  qrSvg: z.string().describe('The QR code of uri as SVG markup'),
});

export const recoveryCodesView = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown this once; each stands in for the app once'),
});

/** A base64url value of a WebAuthn response (a credential id, client data, a signature…). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'passkeyResponse');

/** The parts of a WebAuthn response both ceremonies share (as `@simplewebauthn/browser` sends them). */
const webAuthnResponse = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What the browser answers to `navigator.credentials.create` (RegistrationResponseJSON). */
export const passkeyRegistrationResponse = z.object({
  ...webAuthnResponse,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What the browser answers to `navigator.credentials.get` (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponse = z.object({
  ...webAuthnResponse,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(4096),
    userHandle: base64url(1024).optional(),
  }),
});

export const passkeyName = z.string().trim().min(1, 'passkeyName').max(60, 'passkeyName');

export const addPasskeyBody = z.object({ name: passkeyName, response: passkeyRegistrationResponse });

export const passkeyVerifyBody = z.object({ response: passkeyAuthenticationResponse });

export const removePasskeyBody = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  code: secondFactorCode,
});

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON), passed on as they are. */
export const passkeyOptionsView = z
  .object({ challenge: z.string() })
  .loose()
  .describe('The options to hand to @simplewebauthn/browser (startRegistration / startAuthentication)');

export const roleHolderView = z.object({
  accountId: z.number().int(),
  email: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  roles: z.array(z.object({ role: z.enum(ROLES), grantedBy: z.string(), grantedAt: z.string() })),
  secondFactor: z.boolean(),
});

/** The audit log's filter: words (who, what, which target, address), an action or its group, days (Taipei), and the page. */
export const auditFilterQuery = z.object({
  q: blankIsAbsent(z.string().trim().max(100)),
  action: blankIsAbsent(
    z
      .string()
      .max(60)
      .regex(/^[A-Za-z][A-Za-z.]*$/),
  ),
  from: blankIsAbsent(z.iso.date()),
  to: blankIsAbsent(z.iso.date()),
  before: blankIsAbsent(idParam),
});
export type AuditFilter = z.output<typeof auditFilterQuery>;

export const auditRowView = z.object({
  id: z.number().int(),
  at: z.string(),
  actorType: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  ip: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const PERSON_KINDS = ['member', 'webUser', 'organisation'] as const;

/** The people desk's search: words (a name, number, e-mail, mobile or national ID) and a kind. */
export const peopleQuery = z.object({
  q: blankIsAbsent(z.string().trim().max(100)),
  kind: blankIsAbsent(z.enum(PERSON_KINDS)),
});

export const personHitView = z.object({
  userType: z.enum(['individual', 'organ']),
  id: z.number().int(),
  kind: z.enum(PERSON_KINDS),
  nameZh: z.string(),
  nameEn: z.string(),
  email: z.string(),
  number: z.string().nullable().describe("The member number, or an organisation's business number"),
  personIdMasked: z.string().nullable(),
  classId: z.number().int().nullable(),
  status: z.string().nullable().describe("The membership's status today (null: not a member)"),
  awaitingFirstSignIn: z.boolean(),
  closed: z.boolean(),
});

/** What the office sets on a person's account, with why, and the version the form was read from. */
const personCorrectionFields = z.object({
  nameZh: z.string().trim().max(50).default(''),
  email: emailSchema,
  personId: z
    .union([z.literal(''), personIdSchema])
    .default('')
    .describe('Empty: the stored national ID stays; a valid ID replaces it'),
  birthDate: z.union([z.literal(''), birthDate]).default(''),
  gender: z.enum(['male', 'female', 'other', '']).default(''),
  ...individualContactFields,
  mobile: z.union([z.literal(''), mobileSchema]).default(''),
  ...individualWorkFields,
  preferredLocale: localeSchema,
  reason: z.string().trim().min(1, 'reason').max(200, 'reason'),
  updatedAt: z.iso.datetime({ offset: true }).describe("The account's updatedAt the form was filled from"),
  code: z
    .union([z.literal(''), secondFactorCode])
    .default('')
    .describe(
      "A fresh code of the office worker's second factor: needed to change the e-mail of an account holding a staff role",
    ),
});
const named = { message: 'name', path: ['nameZh'] };

/** A person's account as their story shows it, as far as the correction form reads it. */
type CorrectableAccount = Omit<IndividualDetail, 'accountId' | 'personIdMasked'>;

/** The correction form's starting values from the stored account: the national ID left empty (it stays). */
export function correctionInitial(a: CorrectableAccount) {
  return {
    nameZh: a.nameZh,
    nameEn: a.nameEn,
    email: a.email,
    personId: '',
    birthDate: a.birthDate ?? '',
    gender: a.gender ?? '',
    mobile: a.mobile,
    phone: a.phone,
    postalCode: a.postalCode,
    address: a.address,
    workplace: a.workplace,
    department: a.department,
    jobTitle: a.jobTitle,
    education: a.education,
    preferredLocale: a.preferredLocale,
    updatedAt: a.updatedAt,
  };
}

/** The correction form in the browser (the account is the page's). */
export const personCorrectionForm = personCorrectionFields.refine((v) => v.nameZh !== '' || v.nameEn !== '', named);

export const personCorrectionBody = personCorrectionFields
  .extend({ accountId: z.number().int().positive().max(2_147_483_647) })
  .refine((v) => v.nameZh !== '' || v.nameEn !== '', named);

/** A correction of a person's details as the service takes it (without the account it is for). */
export type PersonCorrectionValues = z.output<typeof personCorrectionForm>;

export const personCorrectionView = z.object({
  changed: z.array(z.string()).describe('The fields that changed ([]: nothing did)'),
  updatedAt: z.string(),
});

/** Closing (or reopening) an account, with why. */
export const personStateBody = z.object({
  accountId: z.number().int().positive().max(2_147_483_647),
  close: z.boolean(),
  reason: z.string().trim().min(1, 'reason').max(200, 'reason'),
});

/** The queues' page: one queue or all the reader supervises, and only the overdue. */
export const queuesQuery = z.object({
  queue: blankIsAbsent(z.enum(REVIEW_QUEUES)),
  overdue: blankIsAbsent(z.enum(['1']).transform(() => true)),
});

const rowId = z.number().int().positive().max(2_147_483_647);

/** The reviewers a queue's supervisor may give an item to. */
export const queueReviewersQuery = z.object({ itemId: idParam });

export const queueReviewersView = z.object({
  itemId: z.number().int(),
  queue: z.enum(REVIEW_QUEUES),
  open: z.boolean(),
  holders: z.array(z.object({ assignmentId: z.number().int(), reviewerId: z.number().int() })),
  reviewers: z.array(
    z.object({
      accountId: z.number().int(),
      name: z.string(),
      email: z.string(),
      openLoad: z.number().int().describe('Reviews they hold now on open items, in every queue'),
      excluded: z.enum(['ownSubject', 'conflict', 'assigned']).nullable(),
    }),
  ),
});

/** An open item given to a reviewer from the console, or taken back from one (`replaces`) and given to another. */
export const queueAssignBody = z.object({
  itemId: rowId,
  reviewerId: rowId,
  replaces: rowId.nullable().default(null),
  holders: z.array(rowId).max(100).describe('The assignments holding the item as the page showed them'),
  dueOn: z.iso.date().optional(),
});

/** A reminder to the holders of one overdue item, or of every overdue item of a queue. */
export const queueRemindBody = z
  .object({ itemId: rowId.optional(), queue: z.enum(REVIEW_QUEUES).optional() })
  .refine((b) => (b.itemId === undefined) !== (b.queue === undefined), {
    message: 'itemId or queue',
    path: ['itemId'],
  });

export const queueRemindView = z.object({
  sent: z.number().int().describe('Reviewers mailed'),
  skipped: z.number().int().describe('Reviewers reminded within the last 24 hours, left out'),
});

/** The society file's text as the console edits it (pictures inline as data: addresses at most 1 MB each). */
export const SOCIETY_TEXT_MAX = 3_000_000;
export const societyTextBody = z.object({ text: z.string().min(1).max(SOCIETY_TEXT_MAX) });
export const societyApplyBody = z.object({ text: z.string().min(1).max(SOCIETY_TEXT_MAX), code: secondFactorCode });
export const societyChangeView = z.object({
  path: z.string(),
  kind: z.enum(['set', 'add', 'remove', 'close', 'unpublish', 'order']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export const societyProblemView = z.object({ path: z.string(), zh: z.string(), en: z.string() });
export const societyCheckView = z.union([
  z.object({ ok: z.literal(false), problems: z.array(societyProblemView) }),
  z.object({ ok: z.literal(true), changes: z.array(societyChangeView), setUp: z.boolean() }),
]);

/** A section of the society file as the console's forms edit it (`lib/society/sections.ts`). */
export const societySectionName = z.enum(SOCIETY_SECTIONS);
export const societySectionQuery = z.object({ name: societySectionName });
/** The section's value in the file's form; the society file's schema checks it once merged into the stored society. */
const sectionValue = z
  .unknown()
  .refine((value) => value !== undefined, 'required')
  .describe("The section's value as `GET …/society/section` answers it");
export const societySectionBody = z.object({ name: societySectionName, value: sectionValue });
export const societySectionApplyBody = societySectionBody.extend({ code: secondFactorCode });

/** A console import as the import page reads it (services/imports/console-imports.ts). */
const bothLanguages = z.object({ 'zh-tw': z.string(), 'en-us': z.string().optional() });
export const importRunView = z.object({
  id: z.number().int(),
  kind: z.enum(['members', 'credits']),
  certificationCode: z.string().nullable(),
  fileName: z.string(),
  state: z.enum(['checking', 'checked', 'applying', 'applied', 'discarded', 'failed']),
  totalLines: z.number().int(),
  linesRead: z.number().int(),
  report: z.record(z.string(), z.unknown()).nullable(),
  refusals: z.array(
    z.object({
      line: z.number().int(),
      problems: z.array(z.object({ column: bothLanguages.nullable(), text: bothLanguages })),
    }),
  ),
  hasRejects: z.boolean(),
  error: bothLanguages.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportRunView = z.infer<typeof importRunView>;
