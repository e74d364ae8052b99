/**
 * The demo organisation's courses for the licence: one waiting on the course queue, one held a few
 * days ago (accredited and paid for, its attendance roster still to be uploaded), and one
 * accredited in three weeks (on members' `/eventHorizon`).
 */
import { eq } from 'drizzle-orm';
import type { ApplicationEvent, ApplicationState } from '../../../lib/applications/state-machine';
import { addDays, type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import type { CreditRuleSet } from '../../../lib/credits/rules';
import type { I18nText } from '../../../lib/i18n-text';
import { type CourseInput, courseForm, recordApprovedCourse } from '../../services/credits/courses';
import { nextNumber } from '../../services/numbering';
import {
  applicationFiles,
  applicationHistory,
  applications,
  courses,
  files,
  orderItems,
  orders,
  payments,
  reviewAssignments,
  reviewDecisions,
  reviewItems,
} from '../schema';
import type { SeedContext } from './context';
import { minimalPdf } from './pdf';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

type Kind = { id: number; rules: CreditRuleSet };

/** The organisation's agenda and speakers' CVs for a course (PDFs it owns). */
async function courseDocuments(
  context: SeedContext,
  organisationId: number,
  agenda: string,
  speakers: string,
): Promise<{ key: string; fileId: number }[]> {
  const documents: { key: string; fileId: number }[] = [];
  for (const [key, name, lines] of [
    ['agenda', 'agenda.pdf', ['Agenda', agenda]],
    ['speakersCv', 'speakers-cv.pdf', ['Speakers', speakers]],
  ] as const) {
    const fileId = await context.addFile(name, 'application/pdf', minimalPdf([...lines]));
    await context.tx
      .update(files)
      .set({ ownerId: organisationId, ownerType: 'organ', purpose: 'applicationDocument' })
      .where(eq(files.id, fileId));
    documents.push({ key, fileId });
  }
  return documents;
}

/** A course application as the organisation sent it on `sentOn`, with its documents and its first history line. */
async function addCourseApplication(
  context: SeedContext,
  organisationId: number,
  kind: Kind,
  input: Omit<CourseInput, 'documents'>,
  sentOn: CalendarDate,
  documents: { key: string; fileId: number }[],
  state: 'submitted' | 'effective',
) {
  const { tx } = context;
  const { form, amount } = courseForm(kind, input, sentOn);
  const submittedAt = new Date(`${sentOn}T02:00:00Z`);
  const [app] = await tx
    .insert(applications)
    .values({
      number: await nextNumber(tx, 'application', 'A{yyyy}-{seq:6}', { year: Number(sentOn.slice(0, 4)) }),
      type: 'course',
      state,
      organisationId,
      classId: null,
      reviewed: true,
      amount,
      locale: 'zh-tw',
      submittedAt,
      form: form as unknown as Record<string, unknown>,
    })
    .returning({ id: applications.id });
  await tx
    .insert(applicationFiles)
    .values(documents.map((d) => ({ applicationId: app!.id, documentKey: d.key, fileId: d.fileId })));
  await tx.insert(applicationHistory).values({
    applicationId: app!.id,
    event: 'submit',
    fromState: null,
    toState: 'submitted',
    actorType: 'applicant',
    actorId: organisationId,
    at: submittedAt,
  });
  return { applicationId: app!.id, form, amount, submittedAt };
}

/** The demo's courses: see the file's comment. */
export async function seedCourses(
  context: SeedContext,
  organisationId: number,
  kindId: number,
  rules: CreditRuleSet,
  reviewerId: number,
): Promise<void> {
  const kind = { id: kindId, rules };
  await seedWaitingCourse(context, organisationId, kind);
  for (const demo of ACCREDITED) await seedAccreditedCourse(context, organisationId, kind, reviewerId, demo);
}

/** The course waiting on the course queue, on time for the licence's rules. */
async function seedWaitingCourse(context: SeedContext, organisationId: number, kind: Kind): Promise<void> {
  const { tx, now } = context;
  const today = taipeiDate(now);
  const day = addDays(today, 45);
  const documents = await courseDocuments(
    context,
    organisationId,
    'Infection control and antimicrobial stewardship seminar',
    'Wang Da-ming, Lin Mei-hua',
  );
  const { applicationId } = await addCourseApplication(
    context,
    organisationId,
    kind,
    {
      title: '感染管制與抗生素管理研討會',
      place: '臺北市中正區中山南路 7 號 第一會議室',
      audience: '醫師、護理師、藥師',
      open: true,
      sessions: [
        {
          title: '院內感染管制新指引',
          speaker: '王大明 主任（臺大醫院感染管制中心）',
          day,
          start: '09:00',
          end: '11:00',
          category: 'quality',
          creditClass: 'A',
          topics: ['infectionControl'],
          points: 2,
        },
        {
          title: '抗生素管理實務',
          speaker: '林美華 醫師（臺大醫院感染科）',
          day,
          start: '13:00',
          end: '15:00',
          category: 'professional',
          creditClass: 'A',
          topics: [],
          points: 2,
        },
      ],
    },
    addDays(today, -1),
    documents,
    'submitted',
  );
  await tx.insert(reviewItems).values({
    queue: 'contiEdu',
    subjectId: applicationId,
    applicantId: null,
    dueAt: new Date(now.getTime() + 14 * 86_400_000),
  });
}

/** A course as the demo organisation sent it, accredited on the seed's day `daysFromNow` (negative: held). */
interface AccreditedDemoCourse {
  daysFromNow: number;
  number: number;
  agenda: string;
  speakers: string;
  course: (day: CalendarDate) => Omit<CourseInput, 'documents'>;
}

/** The demo's accredited courses: one held three days ago (its roster to upload), one in three weeks. */
const ACCREDITED: AccreditedDemoCourse[] = [
  {
    daysFromNow: -3,
    number: 1,
    agenda: 'Medical ethics and patient communication workshop',
    speakers: 'Chen Yi-ting, Huang Chih-wei',
    course: (day) => ({
      title: '醫療倫理與醫病溝通工作坊',
      place: '臺北市大安區仁愛路四段 10 號 教學大樓 B1 國際會議廳',
      audience: '醫師、護理師',
      open: true,
      sessions: [
        {
          title: '臨床倫理案例討論',
          speaker: '陳怡婷 醫師（仁愛綜合醫院倫理委員會）',
          day,
          start: '09:00',
          end: '12:00',
          category: 'ethics',
          creditClass: 'A',
          topics: [],
          points: 3,
        },
        {
          title: '醫病共享決策與溝通',
          speaker: '黃志偉 醫師（仁愛綜合醫院家庭醫學科）',
          day,
          start: '13:30',
          end: '15:30',
          category: 'professional',
          creditClass: 'A',
          topics: ['gender'],
          points: 2,
        },
      ],
    }),
  },
  {
    daysFromNow: 21,
    number: 2,
    agenda: 'Medical law update and gender in clinical practice',
    speakers: 'Lee Wen-hsin, Tsai Pei-ling',
    course: (day) => ({
      title: '醫療法規與性別議題研習會',
      place: '臺北市大安區仁愛路四段 10 號 第二會議室',
      audience: '醫師、護理師、醫事人員',
      open: true,
      sessions: [
        {
          title: '醫療法及醫師法修正重點',
          speaker: '李文馨 律師',
          day,
          start: '09:00',
          end: '11:00',
          category: 'law',
          creditClass: 'A',
          topics: [],
          points: 2,
        },
        {
          title: '性別議題與醫病關係',
          speaker: '蔡佩玲 醫師（仁愛綜合醫院婦產科）',
          day,
          start: '11:00',
          end: '12:00',
          category: 'quality',
          creditClass: 'A',
          topics: ['gender'],
          points: 1,
        },
      ],
    }),
  },
];

/**
 * An accredited course: applied for two months ahead, approved with its code and points, its
 * review fee paid by card, accredited.
 */
async function seedAccreditedCourse(
  context: SeedContext,
  organisationId: number,
  kind: Kind,
  reviewerId: number,
  demo: AccreditedDemoCourse,
): Promise<void> {
  const { tx, now } = context;
  const day = addDays(taipeiDate(now), demo.daysFromNow);
  const sentOn = addDays(day, -60);
  const documents = await courseDocuments(context, organisationId, demo.agenda, demo.speakers);
  const sent = await addCourseApplication(
    context,
    organisationId,
    kind,
    demo.course(day),
    sentOn,
    documents,
    'effective',
  );
  const year = Number(day.slice(0, 4));
  const code = `CE-${year}-${String(demo.number).padStart(4, '0')}`;
  const approvedAt = new Date(sent.submittedAt.getTime() + 10 * 86_400_000);
  const paidAt = new Date(approvedAt.getTime() + 2 * 86_400_000);
  const granted = { ...sent.form, courseCode: code, score: 88 };
  granted.sessions = granted.sessions.map((s) => ({ ...s, grantedPoints: s.points }));
  const [approved] = await tx
    .update(applications)
    .set({ form: granted as unknown as Record<string, unknown>, decidedAt: approvedAt, updatedAt: paidAt })
    .where(eq(applications.id, sent.applicationId))
    .returning();
  const step = (event: ApplicationEvent, fromState: ApplicationState, toState: ApplicationState, at: Date) => ({
    applicationId: sent.applicationId,
    event,
    fromState,
    toState,
    actorType: event === 'approve' ? ('reviewer' as const) : ('system' as const),
    actorId: event === 'approve' ? reviewerId : null,
    at,
  });
  // As the review engine and the payment write them: approved, payment due, paid, in effect.
  await tx
    .insert(applicationHistory)
    .values([
      step('approve', 'submitted', 'approved', approvedAt),
      step('requirePayment', 'approved', 'awaitingPayment', approvedAt),
      step('pay', 'awaitingPayment', 'paid', paidAt),
      step('takeEffect', 'paid', 'effective', paidAt),
    ]);
  const description = t('課程認證審查費', 'Course accreditation review fee');
  const [order] = await tx
    .insert(orders)
    .values({
      number: await nextNumber(tx, 'order', 'O{yyyy}-{seq:6}', { year }),
      organisationId,
      applicationId: sent.applicationId,
      description,
      amount: sent.amount,
      status: 'paid',
      paidAt,
      receiptNo: await nextNumber(tx, 'receipt', 'R{yyyy}-{seq:6}', { year }),
      createdAt: approvedAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values({ orderId: order!.id, kind: 'courseReviewFee', description, amount: sent.amount });
  await tx.insert(payments).values({
    orderId: order!.id,
    amount: sent.amount,
    method: 'CREDIT',
    tradeNo: `DEMO${day.replaceAll('-', '')}${String(demo.number).padStart(4, '0')}`,
    source: 'notify',
    paidAt,
  });
  // The review as the engine leaves it: the item decided by the course reviewer, who declared no conflict.
  const [item] = await tx
    .insert(reviewItems)
    .values({
      queue: 'contiEdu',
      subjectId: sent.applicationId,
      applicantId: null,
      status: 'decided',
      dueAt: new Date(sent.submittedAt.getTime() + 14 * 86_400_000),
      createdAt: sent.submittedAt,
      closedAt: approvedAt,
    })
    .returning({ id: reviewItems.id });
  await tx.insert(reviewAssignments).values({
    itemId: item!.id,
    reviewerId,
    assignedBy: reviewerId,
    declaration: 'none',
    at: new Date(approvedAt.getTime() - 3_600_000),
  });
  await tx.insert(reviewDecisions).values({ itemId: item!.id, reviewerId, decision: 'approve', at: approvedAt });
  // The course recorded at the approval and accredited by the payment, as the review engine and the payment do it.
  await recordApprovedCourse(tx, approved!);
  await tx.update(courses).set({ status: 'accredited' }).where(eq(courses.applicationId, approved!.id));
}
