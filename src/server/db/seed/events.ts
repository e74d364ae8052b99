import { asc } from 'drizzle-orm';
import type { Attachment } from '../../../lib/content-types';
import type { I18nText } from '../../../lib/i18n-text';
import { eventCategories, events, type EventCredit, type EventFee } from '../schema';
import type { SeedContext } from './context';
import { bannerSvg } from './images';
import { minimalPdf } from './pdf';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

const SOCIETY = t('臺灣臨床繼續教育醫學會', 'Taiwan Society for Continuing Clinical Education');

/** Which category an event belongs to, by its place in the demo society file's `eventCategories`. */
export const MEETING = 0;
export const WORKSHOP = 1;
export const COURSE = 2;
export const WEBINAR = 3;

/** An event's fees: the society's members', everyone else's, and students' where they pay their own. */
export function eventFees(members: number, nonMembers: number, students?: number): EventFee[] {
  return [
    { label: t('本會會員', 'Members'), amount: members },
    { label: t('非會員', 'Non-members'), amount: nonMembers },
    ...(students === undefined ? [] : [{ label: t('學生', 'Students'), amount: students }]),
  ];
}

/** The usual fees: members free, non-members NT$1,500, students NT$500. */
export const STANDARD_FEES = eventFees(0, 1500, 500);
export const WEBINAR_FEES = eventFees(0, 300);
export const ce = (points: number): EventCredit => ({ label: t('本會繼續教育積分', 'Society CE credits'), points });
export const ethics = (points: number): EventCredit => ({ label: t('醫學倫理與法規', 'Ethics and law'), points });

export interface DemoEvent {
  /** Days from the seed's `now` to the first day. */
  inDays?: number;
  /** Or the first day as a Taipei date (`2024-06-15`), for the demo's archive. */
  on?: string;
  /** Start hour in Taipei (default 9). */
  hour?: number;
  /** Length of each day in hours. */
  hours: number;
  /** Days it runs (default 1). */
  days?: number;
  category: number;
  title: I18nText;
  summary: I18nText;
  place: I18nText;
  organiser?: I18nText;
  /** Programme lines, [time, zh, en]; becomes the description. */
  programme?: [string, string, string][];
  /** A description written out, instead of one made from the programme. */
  description?: I18nText;
  fees?: EventFee[];
  credits?: EventCredit[];
  /** The registration page's slug at example.org; none: no online registration. */
  register?: string;
  /** A stored registration address used as it is (the malicious demo event's). */
  registrationUrl?: string;
  /** Registration closes this many days before `now` (already closed) or after. */
  closesInDays?: number;
  /** Hue of a cover picture; none: no cover. */
  coverHue?: number;
  /** Attach the demo programme PDF. */
  withProgramme?: boolean;
  draft?: boolean;
}

export const EVENTS: DemoEvent[] = [
  {
    inDays: 12,
    hours: 8,
    category: MEETING,
    title: t('第十五屆會員大會暨學術研討會', '15th General Assembly and Scientific Meeting'),
    summary: t(
      '全日議程含專題演講、口頭論文發表與海報展示。',
      'A full day of keynotes, oral presentations and posters.',
    ),
    place: t('臺大醫院國際會議中心 301 室', 'NTUH International Convention Center, Room 301'),
    programme: [
      ['08:30', '報到', 'Registration'],
      ['09:00', '理事長致詞與會員大會', 'Opening address and General Assembly'],
      ['10:30', '專題演講：以能力為導向的醫學教育', 'Keynote: competency-based medical education'],
      ['13:30', '口頭論文發表', 'Oral presentations'],
      ['15:30', '海報展示與頒獎', 'Posters and awards'],
    ],
    fees: STANDARD_FEES,
    credits: [ce(6), ethics(2)],
    register: 'assembly-15',
    coverHue: 212,
    withProgramme: true,
  },
  {
    inDays: 26,
    hour: 14,
    hours: 3,
    category: WORKSHOP,
    title: t('實證醫學教學工作坊', 'Evidence-based medicine teaching workshop'),
    summary: t(
      '小組實作如何設計以問題為導向的實證醫學教案。',
      'Small-group practice in designing problem-based EBM teaching.',
    ),
    place: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
    programme: [
      ['14:00', '實證醫學教學的常見困難', 'Common difficulties in teaching EBM'],
      ['14:40', '分組設計 PICO 教案', 'Group work: designing a PICO case'],
      ['16:20', '成果分享與回饋', 'Presentations and feedback'],
    ],
    fees: STANDARD_FEES,
    credits: [ce(3)],
    register: 'ebm-workshop',
  },
  {
    inDays: 40,
    hours: 4,
    category: MEETING,
    title: t('模擬醫學與病人安全研討會', 'Simulation and patient safety symposium'),
    summary: t(
      '介紹高擬真模擬情境設計與團隊資源管理訓練。',
      'High-fidelity scenario design and crew resource management training.',
    ),
    place: t('高雄長庚紀念醫院 教學大樓 6 樓', 'Kaohsiung Chang Gung Memorial Hospital, Teaching Building 6F'),
    organiser: t(
      '臺灣臨床繼續教育醫學會、高雄長庚紀念醫院臨床技能中心',
      'Taiwan Society for Continuing Clinical Education and the Kaohsiung Chang Gung Clinical Skills Center',
    ),
    fees: STANDARD_FEES,
    credits: [ce(4)],
    register: 'simulation-symposium',
    coverHue: 168,
  },
  {
    inDays: 55,
    hour: 13,
    hours: 2,
    category: COURSE,
    title: t('醫學倫理與法律繼續教育課程', 'Medical ethics and law: continuing education course'),
    summary: t(
      '符合醫事人員執業登記倫理與法規課程積分要求。',
      'Meets the ethics and law credit requirement for practice registration.',
    ),
    place: t('臺中榮民總醫院 第一會議室', 'Taichung Veterans General Hospital, Conference Room 1'),
    fees: STANDARD_FEES,
    credits: [ethics(2)],
    register: 'ethics-law-course',
  },
  {
    inDays: 3,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('抗生素管理最新進展線上講座', 'Antimicrobial stewardship update (webinar)'),
    summary: t(
      '整理近一年抗生素管理指引的更新重點與院內推行經驗。',
      'What changed in stewardship guidance this year, and how hospitals put it into practice.',
    ),
    place: t('線上（YouTube 直播）', 'Online (YouTube live)'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
    register: 'stewardship-webinar',
    closesInDays: -1,
  },
  {
    inDays: 7,
    hours: 6,
    category: WORKSHOP,
    title: t('床邊超音波實作工作坊', 'Point-of-care ultrasound hands-on workshop'),
    summary: t(
      '小班實作，每四位學員配置一台超音波與一位指導醫師；名額已滿。',
      'Small groups of four per machine and instructor; the workshop is full.',
    ),
    place: t('臺北榮民總醫院 臨床技能中心', 'Taipei Veterans General Hospital, Clinical Skills Center'),
    fees: eventFees(2000, 3500),
    credits: [ce(6)],
    register: 'pocus-workshop',
    closesInDays: -10,
    coverHue: 28,
  },
  {
    inDays: 19,
    hours: 8,
    days: 3,
    category: MEETING,
    title: t('2026 亞太臨床教育高峰會', 'Asia-Pacific Clinical Education Summit 2026'),
    summary: t(
      '三天的國際會議，邀請亞太地區醫學教育學者分享課程改革、評量與師資培育的經驗。',
      'Three days with clinical educators from across the Asia-Pacific region on curriculum reform, assessment and faculty development.',
    ),
    place: t('臺北國際會議中心', 'Taipei International Convention Center'),
    programme: [
      ['第一天', '課程改革與能力導向教育', 'Day 1: curriculum reform and competency-based education'],
      ['第二天', '職場評量與回饋', 'Day 2: workplace-based assessment and feedback'],
      ['第三天', '師資培育與研究方法', 'Day 3: faculty development and research methods'],
    ],
    fees: eventFees(3000, 6000, 1500),
    credits: [ce(18), ethics(2)],
    register: 'apce-summit-2026',
    coverHue: 262,
  },
  {
    inDays: 15,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('診所資訊安全線上講座', 'Information security for clinics (webinar)'),
    summary: t(
      '從釣魚郵件到勒索軟體：診所與小型醫院保護病歷資料的實務做法。',
      'From phishing to ransomware: practical ways clinics and small hospitals protect medical records.',
    ),
    place: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
    // Stored HTML as an editor might paste it, with markup that must never run; the pages show it sanitised.
    description: t(
      '<p>本講座說明常見的攻擊手法與防護措施。</p><script>window.__eventXss = true; document.title = "hacked";</script>' +
        '<p><img src="javascript:window.__eventXss=true" onerror="window.__eventXss = true" alt="">講師：資訊安全顧問 陳志明</p>' +
        '<p><a href="javascript:window.__eventXss = true">下載講義</a></p>',
      '<p>How common attacks work and how to defend against them.</p><script>window.__eventXss = true; document.title = "hacked";</script>' +
        '<p><img src="javascript:window.__eventXss=true" onerror="window.__eventXss = true" alt="">Speaker: Chen Chih-ming, security consultant</p>' +
        '<p><a href="javascript:window.__eventXss = true">Download the handout</a></p>',
    ),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
    registrationUrl: 'javascript:window.__eventXss = true',
  },
  {
    inDays: 33,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('如何撰寫病例報告線上講座', 'Writing a case report (webinar)'),
    summary: t(
      '從選題、CARE 指引到投稿回覆，一步步完成第一篇病例報告。',
      'From choosing a case and the CARE guideline to answering reviewers: your first case report.',
    ),
    place: t('線上（YouTube 直播）', 'Online (YouTube live)'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
    register: 'case-report-webinar',
  },
  {
    inDays: 47,
    hours: 7,
    days: 2,
    category: WORKSHOP,
    title: t('模擬教學師資培訓課程', 'Simulation instructor course'),
    summary: t(
      '兩天課程：情境撰寫、引導式回饋（debriefing）與評量工具。',
      'Two days on scenario writing, debriefing and assessment tools.',
    ),
    place: t('林口長庚紀念醫院 模擬中心', 'Linkou Chang Gung Memorial Hospital, Simulation Center'),
    fees: STANDARD_FEES,
    credits: [ce(12)],
    register: 'simulation-instructor',
  },
  {
    inDays: 62,
    hours: 3,
    category: COURSE,
    title: t('感染管制年度必修課程', 'Annual infection control course'),
    summary: t(
      '涵蓋手部衛生、隔離防護與多重抗藥性菌株管理的年度必修內容。',
      'The yearly essentials: hand hygiene, isolation precautions and multidrug-resistant organisms.',
    ),
    place: t('成大醫院 門診大樓 第二講堂', 'NCKU Hospital, Outpatient Building Lecture Hall 2'),
    fees: STANDARD_FEES,
    credits: [ce(3)],
    register: 'infection-control',
  },
  {
    inDays: 75,
    hours: 6,
    category: MEETING,
    title: t('東區學術研討會（花蓮）', 'Eastern regional meeting (Hualien)'),
    summary: t(
      '聚焦偏鄉醫療與遠距教學，歡迎東部院所同仁參加。',
      'Rural care and distance teaching; colleagues from eastern Taiwan are especially welcome.',
    ),
    place: t('花蓮慈濟醫院 協力樓', 'Hualien Tzu Chi Hospital, Xieli Building'),
    fees: STANDARD_FEES,
    credits: [ce(5)],
    register: 'east-regional',
    coverHue: 140,
  },
  {
    inDays: 90,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('人工智慧與臨床決策支援線上講座', 'AI in clinical decision support (webinar)'),
    summary: t(
      '大型語言模型在臨床的應用、限制與倫理考量。',
      'Large language models in the clinic: uses, limits and ethics.',
    ),
    place: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
    fees: WEBINAR_FEES,
    credits: [ce(1), ethics(1)],
    register: 'ai-cds-webinar',
  },
  {
    inDays: 105,
    hours: 8,
    category: COURSE,
    title: t('高級心臟救命術複訓課程', 'Advanced cardiac life support refresher'),
    summary: t(
      '依最新急救指引更新，含案例演練與技能測驗。',
      'Updated to the latest resuscitation guidelines, with megacode practice and a skills test.',
    ),
    place: t('馬偕紀念醫院 淡水院區 教學中心', 'MacKay Memorial Hospital Tamsui, Teaching Center'),
    fees: eventFees(1200, 2500),
    credits: [ce(8)],
    register: 'acls-refresher',
  },
  {
    inDays: 118,
    hours: 7,
    days: 2,
    category: MEETING,
    title: t('冬季學術研討會', 'Winter scientific meeting'),
    summary: t(
      '兩天議程，含住院醫師研究競賽與教學實務論壇。',
      'Two days, with the residents’ research contest and a teaching practice forum.',
    ),
    place: t('臺中林酒店 國際會議廳', 'The Lin Hotel Taichung, International Ballroom'),
    fees: STANDARD_FEES,
    credits: [ce(10)],
    register: 'winter-meeting',
    coverHue: 196,
  },
  {
    inDays: -5,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('醫病溝通與共享決策線上講座', 'Patient communication and shared decision-making (webinar)'),
    summary: t('以實際案例示範共享決策輔助工具的使用。', 'Real cases showing how to use shared decision-making aids.'),
    place: t('線上（YouTube 直播）', 'Online (YouTube live)'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
    register: 'sdm-webinar',
  },
  {
    inDays: -14,
    hours: 4,
    category: WORKSHOP,
    title: t('文獻評讀工作坊', 'Critical appraisal workshop'),
    summary: t(
      '以隨機對照試驗與系統性回顧為例，練習文獻評讀。',
      'Practice appraising randomised trials and systematic reviews.',
    ),
    place: t('臺大醫學院 103 講堂', 'NTU College of Medicine, Lecture Hall 103'),
    fees: STANDARD_FEES,
    credits: [ce(4)],
    register: 'appraisal-workshop',
  },
  {
    inDays: -29,
    hours: 7,
    days: 2,
    category: MEETING,
    title: t('春季學術研討會', 'Spring scientific meeting'),
    summary: t(
      '兩天議程：臨床教學研究成果發表與國際講者專題演講。',
      'Two days of clinical teaching research and international keynotes.',
    ),
    place: t('臺大醫院國際會議中心', 'NTUH International Convention Center'),
    fees: STANDARD_FEES,
    credits: [ce(10), ethics(2)],
    register: 'spring-meeting',
    coverHue: 340,
  },
  {
    inDays: -41,
    hour: 13,
    hours: 3,
    category: COURSE,
    title: t('研究倫理（IRB）課程', 'Research ethics (IRB) course'),
    summary: t(
      '人體研究法規、知情同意與研究計畫送審實務。',
      'Human research regulations, informed consent and preparing an IRB submission.',
    ),
    place: t('臺北醫學大學 杏春樓', 'Taipei Medical University, Xingchun Building'),
    fees: STANDARD_FEES,
    credits: [ethics(3)],
    register: 'irb-course',
  },
  {
    inDays: -53,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('通訊診療法規線上講座', 'Telemedicine regulations (webinar)'),
    summary: t(
      '通訊診察治療辦法修正重點與診所實務問答。',
      'The amended telemedicine rules and questions from practice.',
    ),
    place: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
    fees: WEBINAR_FEES,
    credits: [ethics(1)],
    register: 'telemedicine-webinar',
  },
  {
    inDays: -67,
    hours: 3,
    category: WORKSHOP,
    title: t('臨床教學微技巧工作坊', 'Clinical teaching micro-skills workshop'),
    summary: t(
      '一分鐘教學法（One-Minute Preceptor）與 SNAPPS 的實作練習。',
      'Hands-on practice of the One-Minute Preceptor and SNAPPS.',
    ),
    place: t('彰化基督教醫院 教研大樓', 'Changhua Christian Hospital, Education Building'),
    fees: STANDARD_FEES,
    credits: [ce(3)],
    register: 'micro-skills',
  },
  {
    inDays: -80,
    hours: 3,
    category: COURSE,
    title: t('游離輻射防護課程', 'Radiation safety course'),
    summary: t('醫用游離輻射防護法規與實務。', 'Radiation protection rules and practice in medicine.'),
    place: t('臺北榮民總醫院 致德樓', 'Taipei Veterans General Hospital, Zhide Building'),
    fees: STANDARD_FEES,
    credits: [ce(3)],
  },
  {
    inDays: -94,
    hours: 6,
    category: MEETING,
    title: t('南區學術研討會（高雄）', 'Southern regional meeting (Kaohsiung)'),
    summary: t(
      '南部院所教學經驗分享與住院醫師論文發表。',
      'Teaching experience from southern hospitals and residents’ papers.',
    ),
    place: t('高雄醫學大學附設醫院 啟川大樓', 'Kaohsiung Medical University Hospital, Chi-Chuan Building'),
    fees: STANDARD_FEES,
    credits: [ce(5)],
    register: 'south-regional',
  },
  {
    inDays: -108,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('住院醫師職業倦怠因應線上講座', 'Managing burnout in residents (webinar)'),
    summary: t(
      '辨識倦怠徵兆、建立支持系統與工時管理。',
      'Recognising burnout, building support and managing duty hours.',
    ),
    place: t('線上（YouTube 直播）', 'Online (YouTube live)'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
  },
  {
    inDays: -119,
    hours: 4,
    category: WORKSHOP,
    title: t('醫療品質改善專案工作坊', 'Quality improvement project workshop'),
    summary: t(
      '以 PDSA 循環規劃一個可在單位內完成的品質改善專案。',
      'Plan a quality improvement project your unit can finish, with PDSA cycles.',
    ),
    place: t('奇美醫院 第五醫療大樓', 'Chi Mei Medical Center, Medical Building 5'),
    fees: STANDARD_FEES,
    credits: [ce(4)],
    register: 'qi-workshop',
  },
  {
    inDays: -2,
    hour: 14,
    hours: 2,
    category: COURSE,
    title: t('病歷書寫與醫療糾紛預防課程', 'Medical records and dispute prevention course'),
    summary: t(
      '從常見醫療爭議案例學習完整、及時的病歷記載。',
      'Learning complete and timely record-keeping from common dispute cases.',
    ),
    place: t('臺灣大學醫學院 102 講堂', 'NTU College of Medicine, Lecture Hall 102'),
    fees: STANDARD_FEES,
    credits: [ethics(2)],
    register: 'records-course',
  },
  {
    inDays: -60,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('長期照護與出院準備線上講座', 'Long-term care and discharge planning (webinar)'),
    summary: t(
      '長照 2.0 資源串接與出院準備服務的實務流程。',
      'Connecting long-term care resources and planning discharges in practice.',
    ),
    place: t('線上（YouTube 直播）', 'Online (YouTube live)'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
  },
  {
    inDays: -101,
    hours: 6,
    category: MEETING,
    title: t('北區學術研討會（新竹）', 'Northern regional meeting (Hsinchu)'),
    summary: t(
      '竹苗地區院所的教學創新與跨領域合作經驗分享。',
      'Teaching innovation and interprofessional work from hospitals in Hsinchu and Miaoli.',
    ),
    place: t('新竹馬偕紀念醫院 第一講堂', 'Hsinchu MacKay Memorial Hospital, Lecture Hall 1'),
    fees: STANDARD_FEES,
    credits: [ce(5)],
    register: 'north-regional',
  },
  {
    inDays: 140,
    hours: 8,
    days: 2,
    category: MEETING,
    title: t('2027 年會暨國際研討會（籌備中）', '2027 Annual Congress and International Symposium (in preparation)'),
    summary: t(
      '議程與講者確認中，預覽連結僅供籌備委員檢閱。',
      'Programme and speakers are being confirmed; the preview is for the organising committee.',
    ),
    place: t('高雄展覽館', 'Kaohsiung Exhibition Center'),
    fees: STANDARD_FEES,
    credits: [ce(12)],
    register: 'congress-2027',
    coverHue: 30,
    draft: true,
  },
];

/** Stored HTML of an event's description in one language: a welcome and the schedule. */
function programmeHtml(event: DemoEvent, lang: 'zh-tw' | 'en-us'): string {
  const heading = lang === 'zh-tw' ? '議程' : 'Programme';
  const intro =
    lang === 'zh-tw'
      ? '<p>歡迎會員與非會員報名參加。議程如有異動，將於本頁公告。</p>'
      : '<p>Members and non-members are welcome. Any change to the programme will be announced on this page.</p>';
  if (!event.programme) return intro;
  const rows = event.programme
    .map(([time, zh, en]) => `<tr><th scope="row">${time}</th><td>${lang === 'zh-tw' ? zh : en}</td></tr>`)
    .join('');
  return `${intro}<h2>${heading}</h2><table><tbody>${rows}</tbody></table>`;
}

/**
 * About two dozen events in the society file's categories from four months ago to four months ahead, so the
 * upcoming and past lists page and the calendar has entries around today. Times are Taipei time
 * relative to `now`, so the demo always looks current.
 */
export async function seedEvents(context: SeedContext): Promise<void> {
  const programmeFileId = await context.addFile(
    'assembly-15-programme.pdf',
    'application/pdf',
    minimalPdf(['15th General Assembly and Scientific Meeting', 'Programme - see the event page for updates.']),
  );
  await insertEvents(context, EVENTS, 'event-cover', programmeFileId);
}

/**
 * Stores demo events: each on its Taipei date (`on`) or `inDays` from `now`, at its start hour in
 * Taipei, published 45 days before it starts (at least 30 days before `now`). `programmeFileId` is
 * attached to those `withProgramme`; covers are named `{coverPrefix}-{n}.svg`.
 */
export async function insertEvents(
  { tx, now, addSvg }: SeedContext,
  items: DemoEvent[],
  coverPrefix: string,
  programmeFileId?: number,
): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const hour = 60 * 60 * 1000;
  const categories = await tx
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .orderBy(asc(eventCategories.sort), asc(eventCategories.id));

  for (const [index, item] of items.entries()) {
    // The first day (by its UTC date) at the start hour in Taipei (UTC+8).
    const first = item.on ? new Date(`${item.on}T00:00:00Z`) : new Date(now.getTime() + (item.inDays ?? 0) * day);
    first.setUTCHours(0, 0, 0, 0);
    const startsAt = new Date(first.getTime() + ((item.hour ?? 9) - 8) * hour);
    const endsAt = new Date(startsAt.getTime() + ((item.days ?? 1) - 1) * day + item.hours * hour);
    const coverFileId =
      item.coverHue === undefined
        ? null
        : await addSvg(`${coverPrefix}-${index + 1}.svg`, bannerSvg(item.coverHue), 1600, 600);
    const attachments: Attachment[] =
      item.withProgramme && programmeFileId !== undefined
        ? [{ fileId: programmeFileId, label: t('大會議程', 'Programme') }]
        : [];
    await tx.insert(events).values({
      categoryId: categories[item.category]!.id,
      title: item.title,
      summary: item.summary,
      description: item.description ?? t(programmeHtml(item, 'zh-tw'), programmeHtml(item, 'en-us')),
      place: item.place,
      organiser: item.organiser ?? SOCIETY,
      coverFileId,
      startsAt,
      endsAt,
      fees: item.fees ?? [],
      credits: item.credits ?? [],
      registrationUrl: item.registrationUrl ?? (item.register ? `https://example.org/register/${item.register}` : null),
      registrationClosesAt: item.closesInDays === undefined ? null : new Date(now.getTime() + item.closesInDays * day),
      attachments,
      publishedAt: item.draft ? null : new Date(Math.min(now.getTime() - 30 * day, startsAt.getTime() - 45 * day)),
      createdAt: new Date(now.getTime() - 60 * day),
      updatedAt: new Date(now.getTime() - 7 * day),
    });
  }
}
