import { eq } from 'drizzle-orm';
import { addDays, addMonths, taipeiDate } from '../../../lib/calendar-date';
import type { I18nText } from '../../../lib/i18n-text';
import type { MembershipStatus } from '../../../lib/membership/terms';
import type { Role } from '../../../lib/roles';
import { formatNumber } from '../../../lib/numbering';
import {
  accountRoles,
  applicationHistory,
  applications,
  type ApplicationType,
  memberClasses,
  memberships,
  membershipSettings,
  membershipTerms,
  numberSequences,
  orderItems,
  orders,
  payments,
  reviewItems,
} from '../schema';
import type { Tx } from './context';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

const licence = {
  key: 'licence',
  name: t('醫事人員執業執照影本', 'Copy of the healthcare practising licence'),
  required: true,
};

/** The classes a Taiwanese medical society has, with believable fees in NT$. */
export const DEMO_CLASSES = [
  {
    code: 'regular',
    name: t('正式會員', 'Regular member'),
    description: t(
      '領有醫事人員執業執照、從事臨床或教學工作者。享有選舉權、被選舉權與學分登錄服務。',
      'Licensed healthcare professionals in clinical practice or teaching. Members vote, stand for office and have their credits recorded.',
    ),
    eligibility: t('持有效醫事人員執業執照。', 'A valid healthcare practising licence.'),
    terms: t(
      '入會後應遵守本會章程並按年繳納常年會費。\n\n會籍以曆年計，每年 12 月 31 日到期；10 月 1 日以後入會者，首期會籍至翌年年底。\n\n逾期未繳者於寬限期後停權。',
      'Members keep the society’s statutes and pay dues every year.\n\nTerms follow the calendar year and end on 31 December; who joins on or after 1 October is a member to the end of the next year.\n\nUnpaid dues suspend membership after the grace period.',
    ),
    documents: [licence],
    entranceFee: 1000,
    duesPerTerm: 1500,
    termKind: 'calendarYear' as const,
    termMonths: null,
    life: false,
    reviewed: true,
    upgradeTo: ['life'],
    open: true,
  },
  {
    code: 'associate',
    name: t('準會員', 'Associate member'),
    description: t(
      '從事醫療相關工作、尚未取得執業執照者，或對臨床繼續教育有興趣之專業人員。',
      'Professionals in healthcare-related work without a practising licence, or with an interest in continuing clinical education.',
    ),
    eligibility: t('服務於醫療或教育機構。', 'Working at a healthcare or educational institution.'),
    terms: t(
      '準會員無選舉權與被選舉權；取得執業執照後得申請升等為正式會員。',
      'Associate members do not vote or stand for office; once licensed they may apply to become regular members.',
    ),
    documents: [
      {
        key: 'employment',
        name: t('在職證明', 'Certificate of employment'),
        required: true,
      },
    ],
    entranceFee: 500,
    duesPerTerm: 800,
    termKind: 'calendarYear' as const,
    termMonths: null,
    life: false,
    reviewed: true,
    upgradeTo: ['regular'],
    open: true,
  },
  {
    code: 'student',
    name: t('學生會員', 'Student member'),
    description: t(
      '醫學、護理及醫事相關科系在學學生。會籍自入會日起算一年。',
      'Students of medicine, nursing and the health professions. A term lasts twelve months from joining.',
    ),
    eligibility: t('具在學學籍。', 'Currently enrolled.'),
    terms: t(
      '畢業後請申請升等為準會員或正式會員。',
      'After graduating, apply to become an associate or regular member.',
    ),
    documents: [
      {
        key: 'studentId',
        name: t('學生證正反面影本', 'Copy of both sides of the student card'),
        required: true,
      },
    ],
    entranceFee: 0,
    duesPerTerm: 300,
    termKind: 'months' as const,
    termMonths: 12,
    life: false,
    reviewed: false,
    upgradeTo: ['associate', 'regular'],
    open: true,
  },
  {
    code: 'life',
    name: t('永久會員', 'Life member'),
    description: t(
      '一次繳納永久會費，免繳常年會費，享有正式會員之一切權利。',
      'One payment for life, no yearly dues, with every right of a regular member.',
    ),
    eligibility: t('持有效醫事人員執業執照。', 'A valid healthcare practising licence.'),
    terms: t('永久會費繳納後不予退還。', 'The life fee is not refunded.'),
    documents: [licence],
    entranceFee: 30000,
    duesPerTerm: 0,
    termKind: 'calendarYear' as const,
    termMonths: null,
    life: true,
    reviewed: true,
    upgradeTo: [],
    open: true,
  },
  {
    code: 'overseas',
    name: t('海外會員', 'Overseas member'),
    description: t(
      '於海外執業之醫事人員（籌備中，開放前可由預覽連結檢視）。',
      'Healthcare professionals practising abroad (in preparation; viewable through a preview link before it opens).',
    ),
    eligibility: t('持有效之海外執業證明。', 'A valid licence to practise abroad.'),
    terms: t('會籍以曆年計。', 'Terms follow the calendar year.'),
    documents: [licence],
    entranceFee: 1000,
    duesPerTerm: 2000,
    termKind: 'calendarYear' as const,
    termMonths: null,
    life: false,
    reviewed: true,
    upgradeTo: [],
    open: false,
  },
];

/** Who is a member in the demo, in each status, and who holds a role. */
interface DemoMember {
  email: string;
  classCode: string;
  joinedYearsAgo: number;
  /** Which status the dates are set up to give today. */
  status: MembershipStatus;
  roles?: Role[];
}

export const DEMO_MEMBERS: DemoMember[] = [
  { email: 'member@example.org', classCode: 'regular', joinedYearsAgo: 11, status: 'active' },
  { email: 'student@example.org', classCode: 'student', joinedYearsAgo: 1, status: 'active' },
  { email: 'grace@example.org', classCode: 'student', joinedYearsAgo: 2, status: 'inGrace' },
  { email: 'lapsed@example.org', classCode: 'student', joinedYearsAgo: 3, status: 'lapsed' },
  { email: 'paused@example.org', classCode: 'regular', joinedYearsAgo: 6, status: 'paused' },
  { email: 'former@example.org', classCode: 'associate', joinedYearsAgo: 4, status: 'ended' },
  {
    email: 'reviewer@example.org',
    classCode: 'life',
    joinedYearsAgo: 15,
    status: 'active',
    roles: ['reviewer:membership', 'reviewer:credit'],
  },
  {
    email: 'status-reviewer@example.org',
    classCode: 'regular',
    joinedYearsAgo: 9,
    status: 'active',
    roles: ['reviewer:memberStatus', 'reviewer:contiEdu'],
  },
  { email: 'finance@example.org', classCode: 'regular', joinedYearsAgo: 7, status: 'active', roles: ['finance'] },
];

/** The dates that give a member the status wanted today (grace 90 days, as the default settings). */
function datesFor(status: MembershipStatus, today: string, life: boolean) {
  const yearEnd = `${today.slice(0, 4)}-12-31`;
  switch (status) {
    case 'active':
      return { termEnd: life ? null : yearEnd, pausedFrom: null, pausedUntil: null, lastDay: null };
    case 'inGrace':
      return { termEnd: addDays(today, -30), pausedFrom: null, pausedUntil: null, lastDay: null };
    case 'lapsed':
      return { termEnd: addDays(today, -200), pausedFrom: null, pausedUntil: null, lastDay: null };
    case 'paused': {
      const termEnd = addDays(addMonths(today, -6), -1);
      return { termEnd, pausedFrom: addDays(termEnd, 1), pausedUntil: addMonths(termEnd, 18), lastDay: null };
    }
    case 'ended':
      return {
        termEnd: `${Number(today.slice(0, 4)) - 1}-12-31`,
        pausedFrom: null,
        pausedUntil: null,
        lastDay: addMonths(today, -2),
      };
  }
}

/**
 * The membership part of the demo: classes, settings, a member in every status, reviewers and
 * finance, paid orders behind the active member, and applications waiting in both queues.
 */
export async function seedMembership(tx: Tx, accountIds: Map<string, number>, now: Date): Promise<void> {
  const today = taipeiDate(now);
  const year = Number(today.slice(0, 4));
  // The row itself comes with the migration (every database has one); the demo sets the late-join day.
  await tx.update(membershipSettings).set({ lateJoinFrom: '10-01' }).where(eq(membershipSettings.id, 1));

  const classIds = new Map<string, number>();
  for (const [i, { upgradeTo: _upgradeTo, open, ...cls }] of DEMO_CLASSES.entries()) {
    const [row] = await tx
      .insert(memberClasses)
      .values({ ...cls, opensAt: open ? new Date(now.getTime() - 365 * 86_400_000) : null, sort: i * 10 })
      .returning({ id: memberClasses.id });
    classIds.set(cls.code, row!.id);
  }
  for (const cls of DEMO_CLASSES) {
    await tx
      .update(memberClasses)
      .set({ upgradeTo: cls.upgradeTo.map((code) => classIds.get(code)!) })
      .where(eq(memberClasses.id, classIds.get(cls.code)!));
  }

  const counters = new Map<string, number>();
  const next = (name: string) => {
    const value = (counters.get(name) ?? 0) + 1;
    counters.set(name, value);
    return value;
  };

  for (const member of DEMO_MEMBERS) {
    const accountId = accountIds.get(member.email)!;
    const cls = DEMO_CLASSES.find((c) => c.code === member.classCode)!;
    const classId = classIds.get(member.classCode)!;
    const joinedYear = year - member.joinedYearsAgo;
    const dates = datesFor(member.status, today, cls.life);
    const memberNo = formatNumber('M{yyyy}-{seq:4}', { year: joinedYear, seq: 41 + next(`memberNo:${joinedYear}`) });
    const termStart = dates.termEnd
      ? cls.termKind === 'months'
        ? addDays(addMonths(dates.termEnd, -12), 1)
        : `${dates.termEnd.slice(0, 4)}-01-01`
      : `${joinedYear}-03-01`;
    const [membership] = await tx
      .insert(memberships)
      .values({
        accountId,
        memberNo,
        classId,
        status: member.status,
        joinedOn: `${joinedYear}-03-01`,
        termStart,
        ...dates,
      })
      .returning({ id: memberships.id });
    await tx
      .insert(membershipTerms)
      .values({ membershipId: membership!.id, classId, start: termStart, end: dates.termEnd });
    for (const role of member.roles ?? [])
      await tx.insert(accountRoles).values({ accountId, role, grantedBy: 'demo seed' });
  }

  // The active member joined and renewed through the portal: their orders are paid, with receipts.
  const memberId = accountIds.get('member@example.org')!;
  const regular = classIds.get('regular')!;
  const addApplication = async (
    accountId: number,
    type: ApplicationType,
    state: (typeof applications.$inferInsert)['state'],
    classId: number,
    extra: Partial<typeof applications.$inferInsert> = {},
  ) => {
    const number = formatNumber('A{yyyy}-{seq:6}', { year, seq: next(`application:${year}`) });
    const [row] = await tx
      .insert(applications)
      .values({
        number,
        type,
        state,
        accountId,
        classId,
        reviewed: type !== 'extension',
        locale: 'zh-tw',
        submittedAt: now,
        ...extra,
      })
      .returning({ id: applications.id });
    await tx.insert(applicationHistory).values({
      applicationId: row!.id,
      event: 'submit',
      fromState: null,
      toState: 'submitted',
      actorType: 'applicant',
      actorId: accountId,
    });
    if (state !== 'submitted')
      await tx.insert(applicationHistory).values({
        applicationId: row!.id,
        event: state === 'returned' ? 'return' : 'takeEffect',
        fromState: 'submitted',
        toState: state,
        actorType: state === 'returned' ? 'reviewer' : 'system',
        actorId: state === 'returned' ? accountIds.get('reviewer@example.org')! : null,
        comment: extra.reviewComment ?? null,
      });
    return row!.id;
  };
  const lastYear = year - 1;
  const renewal = await addApplication(memberId, 'extension', 'effective', regular, { amount: 1500 });
  const receiptNo = formatNumber('R{yyyy}-{seq:6}', { year, seq: next(`receipt:${year}`) });
  const [order] = await tx
    .insert(orders)
    .values({
      number: formatNumber('O{yyyy}-{seq:6}', { year, seq: next(`order:${year}`) }),
      accountId: memberId,
      applicationId: renewal,
      description: t(`${year} 年常年會費`, `Dues for ${year}`),
      amount: 1500,
      status: 'paid',
      paidAt: new Date(`${lastYear}-12-10T02:00:00Z`),
      receiptNo,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values({
    orderId: order!.id,
    kind: 'dues',
    description: t(`${year} 年常年會費`, `Dues for ${year}`),
    amount: 1500,
    termStart: `${year}-01-01`,
    termEnd: `${year}-12-31`,
  });
  await tx.insert(payments).values({
    orderId: order!.id,
    amount: 1500,
    method: 'CREDIT',
    tradeNo: `DEMO${lastYear}1210001`,
    source: 'notify',
    paidAt: new Date(`${lastYear}-12-10T02:00:00Z`),
  });

  // Waiting in the queues: a web user's join, another returned for changes, a paused member's restart.
  const reviewDue = new Date(now.getTime() + 14 * 86_400_000);
  const join = await addApplication(accountIds.get('webuser@example.org')!, 'join', 'submitted', regular, {
    form: { documents: [] },
  });
  await tx.insert(reviewItems).values({
    queue: 'membership',
    subjectId: join,
    applicantId: accountIds.get('webuser@example.org')!,
    dueAt: reviewDue,
  });
  await addApplication(accountIds.get('applicant@example.org')!, 'join', 'returned', classIds.get('associate')!, {
    reviewComment: '在職證明缺少單位用印，請補件。',
    dueAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  // Paused since the paid term ended, so resuming buys a new term (status-flows.ts).
  const restart = await addApplication(accountIds.get('paused@example.org')!, 'restart', 'submitted', regular, {
    amount: 1500,
    form: { newTerm: true, reason: '出國進修結束，返國服務。' },
  });
  await tx.insert(reviewItems).values({
    queue: 'memberStatus',
    subjectId: restart,
    applicantId: accountIds.get('paused@example.org')!,
    dueAt: reviewDue,
  });

  for (const [name, value] of counters)
    await tx
      .insert(numberSequences)
      .values({ name, value: name.startsWith('memberNo') ? value + 41 : value })
      .onConflictDoNothing();
}
