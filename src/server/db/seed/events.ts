import type { I18nText } from '../../../lib/i18n-text';
import { eventCategories, events } from '../schema';
import type { SeedContext } from './context';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

interface DemoEvent {
  inDays: number;
  hours: number;
  title: I18nText;
  summary: I18nText;
  place: I18nText;
}

export const EVENT_CATEGORIES = [t('學術研討會', 'Scientific meetings')];

export const EVENTS: DemoEvent[] = [
  {
    inDays: 12,
    hours: 8,
    title: t('第十五屆會員大會暨學術研討會', '15th General Assembly and Scientific Meeting'),
    summary: t(
      '全日議程含專題演講、口頭論文發表與海報展示。',
      'A full day of keynotes, oral presentations and posters.',
    ),
    place: t('臺大醫院國際會議中心 301 室', 'NTUH International Convention Center, Room 301'),
  },
  {
    inDays: 26,
    hours: 3,
    title: t('實證醫學教學工作坊', 'Evidence-based medicine teaching workshop'),
    summary: t(
      '小組實作如何設計以問題為導向的實證醫學教案。',
      'Small-group practice in designing problem-based EBM teaching.',
    ),
    place: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
  },
  {
    inDays: 40,
    hours: 4,
    title: t('模擬醫學與病人安全研討會', 'Simulation and patient safety symposium'),
    summary: t(
      '介紹高擬真模擬情境設計與團隊資源管理訓練。',
      'High-fidelity scenario design and crew resource management training.',
    ),
    place: t('高雄長庚紀念醫院 教學大樓 6 樓', 'Kaohsiung Chang Gung Memorial Hospital, Teaching Building 6F'),
  },
  {
    inDays: 55,
    hours: 2,
    title: t('醫學倫理與法律繼續教育課程', 'Medical ethics and law: continuing education course'),
    summary: t(
      '符合醫事人員執業登記倫理與法規課程積分要求。',
      'Meets the ethics and law credit requirement for practice registration.',
    ),
    place: t('臺中榮民總醫院 第一會議室', 'Taichung Veterans General Hospital, Conference Room 1'),
  },
];

/** Event categories and events, starting `inDays` after `now` at 09:00 Taipei time. */
export async function seedEvents({ tx, now }: SeedContext): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const [eventCategory] = await tx
    .insert(eventCategories)
    .values(EVENT_CATEGORIES.map((name, i) => ({ name, sort: i })))
    .returning({ id: eventCategories.id });
  await tx.insert(events).values(
    EVENTS.map((item) => {
      const startsAt = new Date(now.getTime() + item.inDays * day);
      startsAt.setUTCHours(1, 0, 0, 0); // 09:00 in Taipei
      return {
        categoryId: eventCategory!.id,
        title: item.title,
        summary: item.summary,
        place: item.place,
        startsAt,
        endsAt: new Date(startsAt.getTime() + item.hours * 60 * 60 * 1000),
        publishedAt: new Date(now.getTime() - 30 * day),
      };
    }),
  );
}
