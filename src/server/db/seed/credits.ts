import { addDays, addMonths, type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import {
  certificateEnd,
  type CreditClass,
  type CreditMethod,
  type CreditRuleSet,
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

/** A practising licence as Taiwan's rules for healthcare professionals set it. */
const LICENCE_RULES: CreditRuleSet = {
  periodMonths: 72,
  totalPoints: 120,
  renewalWindowMonths: 6,
  classMinimums: [],
  categories: [
    { key: 'professional', name: t('專業課程', 'Professional') },
    { key: 'quality', name: t('專業品質', 'Professional quality') },
    { key: 'ethics', name: t('專業倫理', 'Professional ethics') },
    { key: 'law', name: t('專業相關法規', 'Professional law') },
  ],
  groups: [
    {
      key: 'qualityEthicsLaw',
      name: t('專業品質、倫理及法規', 'Quality, ethics and law'),
      categories: ['quality', 'ethics', 'law'],
      min: 12,
      cap: 24,
      mustInclude: [
        { topic: 'infectionControl', min: 1 },
        { topic: 'gender', min: 1 },
      ],
    },
  ],
  methodCaps: [{ method: 'online', cap: 60 }],
  claimFee: 0,
  attendance: { fullShare: 0.9, proRateShare: 0.5 },
  accreditation: {
    reviewFee: 2000,
    leadDays: 30,
    urgentDays: 14,
    urgentFee: 1000,
    rosterDays: 30,
    maxPointsPerHour: 1,
  },
};

/** The society's own specialist certificate: 300 points, half of them class A. */
const SPECIALIST_RULES: CreditRuleSet = {
  periodMonths: 72,
  totalPoints: 300,
  renewalWindowMonths: 6,
  classMinimums: [{ creditClass: 'A', min: 150 }],
  categories: [
    { key: 'clinical', name: t('臨床醫學', 'Clinical medicine') },
    { key: 'research', name: t('研究與教學', 'Research and teaching') },
    { key: 'ethicsLaw', name: t('醫學倫理與法規', 'Medical ethics and law') },
  ],
  groups: [
    {
      key: 'ethicsLaw',
      name: t('醫學倫理與法規', 'Medical ethics and law'),
      categories: ['ethicsLaw'],
      min: 6,
      cap: null,
      mustInclude: [],
    },
  ],
  methodCaps: [
    { method: 'online', cap: 100 },
    { method: 'journalQuiz', cap: 60 },
    { method: 'paper', cap: 90 },
    { method: 'lecture', cap: 60 },
  ],
  claimFee: 300,
  attendance: { fullShare: 0.8, proRateShare: 0.8 },
  // The society's own certificate: its courses are applied for two months ahead, a month at the latest.
  accreditation: {
    reviewFee: 3000,
    leadDays: 60,
    urgentDays: 30,
    urgentFee: 2000,
    rosterDays: 30,
    maxPointsPerHour: 1,
  },
};

export const DEMO_CERTIFICATIONS = [
  {
    code: 'licence',
    name: t('醫師執業執照繼續教育', 'Physician practising licence: continuing education'),
    issuer: t('衛生福利部', 'Ministry of Health and Welfare'),
    description: t(
      '醫師執業執照每六年更新一次，更新前須完成 120 點繼續教育積分。\n\n其中專業品質、專業倫理及專業相關法規課程合計至少 12 點，並應包括感染管制及性別議題課程；超過 24 點者，以 24 點計。\n\n網路繼續教育課程最多採計 60 點。本會認定之課程，出席後由主辦單位上傳簽到紀錄，積分自動登錄。',
      'A physician’s practising licence is renewed every six years, after 120 points of continuing education.\n\nCourses on professional quality, ethics and law must make up at least 12 points, including infection control and gender topics; more than 24 count as 24.\n\nOnline courses count for at most 60 points. For courses the society accredits, the organiser uploads the attendance and the points are recorded automatically.',
    ),
    rules: LICENCE_RULES,
  },
  {
    code: 'specialist',
    name: t('本會專科醫師證書', 'The society’s specialist certificate'),
    issuer: t('臺灣臨床繼續教育醫學會', 'Taiwan Society for Continuing Clinical Education'),
    description: t(
      '本會專科醫師證書效期六年，更新前須累積 300 學分，其中甲類學分至少 150 學分，醫學倫理與法規至少 6 學分。\n\n論文發表最多採計 90 學分、擔任講師最多 60 學分、期刊通訊課程最多 60 學分。未能自動登錄之學分（論文、授課、國外研習）可線上申請認定，每件審查費新臺幣 300 元。',
      'The society’s specialist certificate runs six years; renewing it takes 300 credits, at least 150 of them class A and 6 of medical ethics and law.\n\nPapers count for at most 90 credits, lectures given for 60 and journal quizzes for 60. Credits not recorded automatically (papers, lectures, courses abroad) are claimed online; each claim’s review costs NT$300.',
    ),
    rules: SPECIALIST_RULES,
  },
] as const;

/** A certification the society is still preparing: not published, shown only through a preview link. */
const DRAFT_CERTIFICATION = {
  code: 'ultrasound',
  name: t('腹部超音波專科認證（新制）', 'Abdominal ultrasound certification (new rules)'),
  issuer: t('臺灣臨床繼續教育醫學會', 'Taiwan Society for Continuing Clinical Education'),
  description: t(
    '腹部超音波專科認證效期六年，更新前須累積 180 學分，其中甲類學分至少 90 學分。新制尚在規劃中，公開前僅供預覽。',
    'The abdominal ultrasound certification runs six years; renewing it takes 180 credits, at least 90 of them class A. The new rules are being prepared and can only be previewed before they are published.',
  ),
  rules: { ...SPECIALIST_RULES, totalPoints: 180, classMinimums: [{ creditClass: 'A' as const, min: 90 }] },
};

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
  const kindIds = new Map<string, number>();
  for (const [i, kind] of DEMO_CERTIFICATIONS.entries()) {
    const [row] = await tx
      .insert(certificationKinds)
      .values({ ...kind, publishedAt: new Date(now.getTime() - 365 * 86_400_000), sort: i * 10 })
      .returning({ id: certificationKinds.id });
    kindIds.set(kind.code, row!.id);
  }
  await tx.insert(certificationKinds).values({ ...DRAFT_CERTIFICATION, publishedAt: null, sort: 90 });
  const monthStart = (monthsAgo: number): CalendarDate => `${addMonths(today, -monthsAgo).slice(0, 7)}-01`;
  for (const holder of HOLDERS) {
    const accountId = accountIds.get(holder.email)!;
    const kind = DEMO_CERTIFICATIONS.find((k) => k.code === holder.code)!;
    const kindId = kindIds.get(holder.code)!;
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
  await seedWaitingClaim(context, accountIds.get('member@example.org')!, kindIds.get('licence')!);
  const [organ] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.email, 'organ@example.org'));
  await seedCourses(
    context,
    organ!.id,
    kindIds.get('licence')!,
    LICENCE_RULES,
    accountIds.get('status-reviewer@example.org')!,
  );
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
      submittedAt: new Date(now.getTime() - 2 * 86_400_000),
      form: {
        kindId,
        method: 'lecture',
        category: 'quality',
        creditClass: 'A',
        title,
        provider: '臺大醫院感染管制中心',
        earnedOn,
        points: 2,
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
  });
  await tx.insert(reviewItems).values({
    queue: 'credit',
    subjectId: claim!.id,
    applicantId: accountId,
    dueAt: new Date(now.getTime() + 14 * 86_400_000),
  });
}
