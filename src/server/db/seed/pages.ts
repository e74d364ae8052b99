import type { I18nText } from '../../../lib/i18n-text';
import { customPages } from '../schema';
import { aboutContent, boardContent, feesContent, historyContent } from './articles';
import type { SeedContext } from './context';
import { bannerSvg } from './images';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
const DAY = 24 * 60 * 60 * 1000;

/** The society's own pages, served at `/{slug}`: about, board, history, fees, and one draft. */
export async function seedPages(context: SeedContext): Promise<void> {
  const { tx, now, addSvg } = context;
  const published = new Date(now.getTime() - 90 * DAY);
  const picture = await addSvg('about-assembly.svg', bannerSvg(190), 1600, 600);
  await tx.insert(customPages).values([
    {
      slug: 'about',
      title: t('學會簡介', 'About the society'),
      summary: t(
        '臺灣臨床繼續教育醫學會的宗旨、主要工作與會員概況。',
        'The mission, work and membership of the Taiwan Society for Continuing Clinical Education.',
      ),
      contentType: 'html',
      content: aboutContent(picture),
      links: [
        { label: t('理監事名單', 'Board of directors'), url: '/about/board' },
        { label: t('學會沿革', 'Our history'), url: '/about/history' },
      ],
      publishedAt: published,
      updatedAt: published,
    },
    {
      slug: 'about/board',
      title: t('理監事名單', 'Board of directors'),
      summary: t('第八屆（2026–2028）理監事名單。', 'The 8th board of directors and supervisors (2026–2028).'),
      contentType: 'committee',
      content: await boardContent(context, true),
      publishedAt: published,
      updatedAt: published,
    },
    {
      slug: 'about/history',
      title: t('學會沿革', 'Our history'),
      summary: t('從 1998 年成立至今的重要里程碑。', 'Milestones from our founding in 1998 to today.'),
      contentType: 'timeline',
      content: historyContent(),
      spacing: 'loose',
      publishedAt: published,
      updatedAt: published,
    },
    {
      slug: 'membership/fees',
      title: t('會員規章與會費', 'Membership rules and fees'),
      summary: t(
        '入會資格、各類會員會費、會員權利義務及停權退會規定。',
        'Eligibility, fees by membership class, rights and duties, and suspension and withdrawal.',
      ),
      contentType: 'tab',
      content: feesContent(),
      links: [{ label: t('前往會員專區繳費', 'Pay in the member area'), url: '/member/center' }],
      publishedAt: published,
      updatedAt: published,
    },
    {
      slug: 'about/charter-draft',
      title: t('學會章程修正草案', 'Draft amendments to the charter'),
      summary: t('理事會審議中之章程修正草案。', 'Draft amendments to the charter under review by the board.'),
      contentType: 'html',
      content: {
        'zh-tw': { htmlList: ['<p>本草案尚待會員大會通過。</p>'] },
        'en-us': { htmlList: ['<p>This draft awaits approval by the General Assembly.</p>'] },
      },
      publishedAt: null,
    },
  ]);
}
