import { addDays, addMonths, type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import {
  certificateEnd,
  type CreditClass,
  type CreditMethod,
  type CreditTopic,
  toTenths,
} from '../../../lib/credits/rules';
import type { I18nText } from '../../../lib/i18n-text';
import { eq } from 'drizzle-orm';
import { nextNumber } from '../../services/numbering';
import {
  applicationFiles,
  applicationHistory,
  applications,
  certificationKinds,
  creditEntries,
  files,
  memberCertificates,
  organisations,
  reviewItems,
} from '../schema';
import type { SeedContext } from './context';
import { seedCourses } from './courses';
import { minimalPdf } from './pdf';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

interface DemoEntry {
  title: I18nText;
  provider: string;
  points: number;
  category: string;
  method?: CreditMethod;
  creditClass?: CreditClass;
  topics?: CreditTopic[];
  /** Months before the seed's day it was earned. */
  monthsAgo: number;
}

const LICENCE_COURSES: DemoEntry[] = [
  {
    title: t('內科年會', 'Internal medicine annual congress'),
    provider: '臺灣內科醫學會',
    points: 18,
    category: 'professional',
    monthsAgo: 58,
  },
  {
    title: t('糖尿病照護新進展', 'Advances in diabetes care'),
    provider: '臺大醫院',
    points: 6,
    category: 'professional',
    monthsAgo: 52,
  },
  {
    title: t('感染管制實務更新', 'Infection control: practice update'),
    provider: '疾病管制署',
    points: 3,
    category: 'quality',
    topics: ['infectionControl'],
    monthsAgo: 47,
  },
  {
    title: t('高血壓治療指引', 'Hypertension treatment guideline'),
    provider: '臺灣高血壓學會',
    points: 8,
    category: 'professional',
    monthsAgo: 44,
  },
  {
    title: t('線上課程：抗生素管理', 'Online: antimicrobial stewardship'),
    provider: '衛生福利部',
    points: 12,
    category: 'professional',
    method: 'online',
    monthsAgo: 40,
  },
  {
    title: t('醫療場域性別平等與性騷擾防治', 'Gender equality and harassment prevention in healthcare'),
    provider: '臺大醫院',
    points: 2,
    category: 'ethics',
    topics: ['gender'],
    monthsAgo: 33,
  },
  {
    title: t('老年醫學與多重用藥', 'Geriatrics and polypharmacy'),
    provider: '臺北榮民總醫院',
    points: 10,
    category: 'professional',
    monthsAgo: 29,
  },
  {
    title: t('家庭醫學年會', 'Family medicine annual congress'),
    provider: '臺灣家庭醫學醫學會',
    points: 20,
    category: 'professional',
    monthsAgo: 24,
  },
  {
    title: t('醫療法與病人自主權利法', 'The Medical Care Act and the Patient Right to Autonomy Act'),
    provider: '臺灣醫事法律學會',
    points: 2,
    category: 'law',
    monthsAgo: 18,
  },
  {
    title: t('線上課程：慢性腎臟病', 'Online: chronic kidney disease'),
    provider: '衛生福利部',
    points: 9,
    category: 'professional',
    method: 'online',
    monthsAgo: 12,
  },
  {
    title: t('臨床倫理案例討論', 'Clinical ethics case discussion'),
    provider: '臺大醫院',
    points: 2,
    category: 'ethics',
    monthsAgo: 7,
  },
  {
    title: t('急診重症處置', 'Emergency critical care'),
    provider: '林口長庚紀念醫院',
    points: 12,
    category: 'professional',
    monthsAgo: 3,
  },
];

const SPECIALIST_RECORDS: DemoEntry[] = [
  {
    title: t('本會年會', 'The society’s annual congress'),
    provider: '臺灣臨床繼續教育醫學會',
    points: 40,
    category: 'clinical',
    monthsAgo: 26,
  },
  {
    title: t('實證醫學工作坊', 'Evidence-based medicine workshop'),
    provider: '臺灣實證醫學學會',
    points: 12,
    category: 'research',
    creditClass: 'B',
    monthsAgo: 22,
  },
  {
    title: t('期刊通訊課程', 'Journal quiz'),
    provider: '臺灣臨床繼續教育醫學會',
    points: 20,
    category: 'clinical',
    method: 'journalQuiz',
    creditClass: 'B',
    monthsAgo: 18,
  },
  {
    title: t('醫學倫理與法規研習', 'Medical ethics and law seminar'),
    provider: '臺灣醫事法律學會',
    points: 4,
    category: 'ethicsLaw',
    monthsAgo: 14,
  },
  {
    title: t('論文發表：基層糖尿病照護品質', 'Paper: quality of diabetes care in primary practice'),
    provider: '臺灣醫學雜誌',
    points: 30,
    category: 'research',
    method: 'paper',
    monthsAgo: 9,
  },
  {
    title: t('本會秋季研討會', 'The society’s autumn meeting'),
    provider: '臺灣臨床繼續教育醫學會',
    points: 24,
    category: 'clinical',
    monthsAgo: 2,
  },
];

/** Who holds which certificate in the demo, started how many months ago, with which records. */
const HOLDERS: { email: string; code: string; startedMonthsAgo: number; entries: DemoEntry[]; number: string }[] = [
  // Eight months before the end, short of the quality, ethics and law minimum (9 of 12).
  {
    email: 'member@example.org',
    code: 'licence',
    startedMonthsAgo: 64,
    entries: LICENCE_COURSES,
    number: '醫執字第 0987654 號',
  },
  {
    email: 'member@example.org',
    code: 'specialist',
    startedMonthsAgo: 30,
    entries: SPECIALIST_RECORDS,
    number: 'TSCCE-S-2024-0031',
  },
  // In the renewal window with everything met.
  {
    email: 'status-reviewer@example.org',
    code: 'licence',
    startedMonthsAgo: 69,
    entries: [
      ...LICENCE_COURSES,
      {
        title: t('病人安全與醫療品質', 'Patient safety and quality of care'),
        provider: '醫策會',
        points: 6,
        category: 'quality',
        monthsAgo: 5,
      },
      {
        title: t('醫學會年會', 'Annual congress'),
        provider: '臺灣醫學會',
        points: 16,
        category: 'professional',
        monthsAgo: 4,
      },
    ],
    number: '醫執字第 0876543 號',
  },
  // Early in a new period.
  {
    email: 'reviewer@example.org',
    code: 'licence',
    startedMonthsAgo: 14,
    entries: LICENCE_COURSES.filter((e) => e.monthsAgo <= 12),
    number: '醫執字第 0765432 號',
  },
];

/** The demo's certification kinds, and members' certificates at different stages with their ledgers. */
export async function seedCredits(context: SeedContext, accountIds: Map<string, number>): Promise<void> {
  const { tx, now } = context;
  const today = taipeiDate(now);
  // The certification kinds come from the demo society file, applied before this.
  const kinds = new Map(
    (
      await tx
        .select({ id: certificationKinds.id, code: certificationKinds.code, rules: certificationKinds.rules })
        .from(certificationKinds)
    ).map((k) => [k.code, k]),
  );
  const monthStart = (monthsAgo: number): CalendarDate => `${addMonths(today, -monthsAgo).slice(0, 7)}-01`;
  for (const holder of HOLDERS) {
    const accountId = accountIds.get(holder.email)!;
    const kind = kinds.get(holder.code)!;
    const kindId = kind.id;
    const startsOn = monthStart(holder.startedMonthsAgo);
    await tx.insert(memberCertificates).values({
      accountId,
      kindId,
      number: holder.number,
      startsOn,
      endsOn: certificateEnd(kind.rules, startsOn),
    });
    await tx.insert(creditEntries).values(
      holder.entries.map((e) => ({
        accountId,
        kindId,
        points: toTenths(e.points),
        creditClass: e.creditClass ?? 'A',
        category: e.category,
        method: e.method ?? 'course',
        topics: e.topics ?? [],
        title: e.title,
        provider: e.provider,
        source: 'society' as const,
        earnedOn: addDays(monthStart(e.monthsAgo), 9),
      })),
    );
  }
  const licence = kinds.get('licence')!;
  await seedWaitingClaim(context, accountIds.get('member@example.org')!, licence.id);
  const [organ] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.email, 'organ@example.org'));
  await seedCourses(context, organ!.id, licence.id, licence.rules, accountIds.get('status-reviewer@example.org')!);
}

/**
 * A claim waiting on the credit queue: the demo member's lecture on infection control, the kind of
 * record that counts toward their quality, ethics and law shortfall once a reviewer grants it.
 */
async function seedWaitingClaim(context: SeedContext, accountId: number, kindId: number): Promise<void> {
  const { tx, now } = context;
  const title = '院內感染管制教育訓練：手部衛生';
  const fileId = await context.addFile(
    'lecture-invitation.pdf',
    'application/pdf',
    minimalPdf(['Invitation to lecture', 'Hand hygiene: in-hospital infection control training', 'Two hours']),
  );
  await tx.update(files).set({ ownerId: accountId, purpose: 'applicationDocument' }).where(eq(files.id, fileId));
  const earnedOn = addDays(taipeiDate(now), -20);
  // Sent two days ago: the application, its history and its review item all say so.
  const submittedAt = new Date(now.getTime() - 2 * 86_400_000);
  const [claim] = await tx
    .insert(applications)
    .values({
      number: await nextNumber(tx, 'application', 'A{yyyy}-{seq:6}', { year: Number(taipeiDate(now).slice(0, 4)) }),
      type: 'creditClaim',
      state: 'submitted',
      accountId,
      classId: null,
      reviewed: true,
      amount: 0,
      locale: 'zh-tw',
      submittedAt,
      form: {
        kindId,
        method: 'lecture',
        category: 'quality',
        creditClass: 'A',
        title,
        provider: '臺大醫院感染管制中心',
        earnedOn,
        points: toTenths(2), // The stored form keeps tenths: two hours, two points.
        description: '受邀擔任院內感染管制教育訓練講師，講授手部衛生，時數二小時。',
      },
    })
    .returning({ id: applications.id });
  await tx.insert(applicationFiles).values({ applicationId: claim!.id, documentKey: 'evidence1', fileId });
  await tx.insert(applicationHistory).values({
    applicationId: claim!.id,
    event: 'submit',
    fromState: null,
    toState: 'submitted',
    actorType: 'applicant',
    actorId: accountId,
    at: submittedAt,
  });
  await tx.insert(reviewItems).values({
    queue: 'credit',
    subjectId: claim!.id,
    applicantId: accountId,
    dueAt: new Date(now.getTime() + 14 * 86_400_000),
    createdAt: submittedAt,
  });
}
