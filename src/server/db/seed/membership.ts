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
  membershipTerms,
  numberSequences,
  orderItems,
  orders,
  payments,
  remittances,
  reviewItems,
} from '../schema';
import type { Tx } from './context';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

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
    roles: ['reviewer:membership', 'reviewer:credit', 'reviewer:paper'],
  },
  {
    email: 'status-reviewer@example.org',
    classCode: 'regular',
    joinedYearsAgo: 9,
    status: 'active',
    roles: ['reviewer:memberStatus', 'reviewer:contiEdu', 'reviewer:paper'],
  },
  { email: 'finance@example.org', classCode: 'regular', joinedYearsAgo: 7, status: 'active', roles: ['finance'] },
  { email: 'editor@example.org', classCode: 'regular', joinedYearsAgo: 12, status: 'active', roles: ['editorInChief'] },
  { email: 'payer@example.org', classCode: 'regular', joinedYearsAgo: 5, status: 'active' },
  { email: 'invited@example.org', classCode: 'regular', joinedYearsAgo: 8, status: 'active' },
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
  // The classes come from the demo society file, applied before this.
  const classRows = await tx
    .select({
      id: memberClasses.id,
      code: memberClasses.code,
      life: memberClasses.life,
      termKind: memberClasses.termKind,
    })
    .from(memberClasses);
  const classIds = new Map(classRows.map((c) => [c.code, c.id]));

  const counters = new Map<string, number>();
  const next = (name: string) => {
    const value = (counters.get(name) ?? 0) + 1;
    counters.set(name, value);
    return value;
  };

  for (const member of DEMO_MEMBERS) {
    const accountId = accountIds.get(member.email)!;
    const cls = classRows.find((c) => c.code === member.classCode)!;
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
        event: state === 'returned' ? 'return' : state === 'awaitingPayment' ? 'requirePayment' : 'takeEffect',
        fromState: 'submitted',
        toState: state,
        actorType: state === 'returned' ? 'reviewer' : 'system',
        actorId: state === 'returned' ? accountIds.get('reviewer@example.org')! : null,
        comment: extra.reviewComment ?? null,
      });
    return row!.id;
  };
  const lastYear = year - 1;
  // Billed at the start of December and paid on the 10th of last year, as the reports then show it.
  const billedAt = new Date(`${lastYear}-12-01T02:00:00Z`);
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
      createdAt: billedAt,
      updatedAt: new Date(`${lastYear}-12-10T02:00:00Z`),
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

  // Waiting for finance: a member renewed for next year and reported paying by bank transfer yesterday.
  const payerId = accountIds.get('payer@example.org')!;
  const coming = { start: `${year + 1}-01-01`, end: `${year + 1}-12-31` };
  const billed = new Date(now.getTime() - 3 * 86_400_000);
  const renewing = await addApplication(payerId, 'extension', 'awaitingPayment', regular, {
    amount: 1500,
    reviewed: false,
    submittedAt: billed,
    dueAt: new Date(now.getTime() + 30 * 86_400_000),
    form: { after: `${year}-12-31`, termStart: coming.start, termEnd: coming.end },
  });
  const dues = t(`常年會費（${coming.start} 至 ${coming.end}）`, `Dues for ${coming.start} to ${coming.end}`);
  const [waiting] = await tx
    .insert(orders)
    .values({
      number: formatNumber('O{yyyy}-{seq:6}', { year, seq: next(`order:${year}`) }),
      accountId: payerId,
      applicationId: renewing,
      description: t(`${year + 1} 年常年會費`, `Dues for ${year + 1}`),
      amount: 1500,
      dueAt: new Date(now.getTime() + 30 * 86_400_000),
      createdAt: billed,
      updatedAt: billed,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values({ orderId: waiting!.id, kind: 'dues', description: dues, amount: 1500 });
  await tx.insert(remittances).values({
    orderId: waiting!.id,
    accountId: payerId,
    transferDate: addDays(today, -1),
    amount: 1500,
    accountLast5: '40213',
    createdAt: new Date(now.getTime() - 86_400_000),
  });

  for (const [name, value] of counters)
    await tx
      .insert(numberSequences)
      .values({ name, value: name.startsWith('memberNo') ? value + 41 : value })
      .onConflictDoNothing();
}
