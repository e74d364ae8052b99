import type { I18nText } from '../../../lib/i18n-text';
import { articleCategories, articles } from '../schema';
import type { SeedContext } from './context';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

interface DemoArticle {
  category: string;
  pinned?: boolean;
  title: I18nText;
  summary: I18nText;
}

export const ARTICLE_CATEGORIES = [
  { slug: 'news', name: t('最新消息', 'News') },
  { slug: 'announcements', name: t('學會公告', 'Announcements') },
  { slug: 'education', name: t('繼續教育', 'Continuing education') },
];

export const NEWS: DemoArticle[] = [
  {
    category: 'announcements',
    pinned: true,
    title: t('2027 年度常年會費繳費通知', 'Annual membership dues for 2027'),
    summary: t(
      '2027 年度常年會費即日起開放線上繳費，可使用信用卡、ATM 轉帳或超商代碼，請於 2027 年 3 月 31 日前完成。',
      'Dues for 2027 can now be paid online by card, ATM transfer or convenience-store code. Please pay by 31 March 2027.',
    ),
  },
  {
    category: 'news',
    title: t('第十五屆會員大會暨學術研討會開放報名', '15th General Assembly and Scientific Meeting: registration open'),
    summary: t(
      '本屆大會以「以病人為中心的臨床教育」為主題，邀請國內外講者分享實證教學與跨領域合作經驗。',
      "This year's theme is patient-centred clinical education, with speakers from Taiwan and abroad on evidence-based teaching and interprofessional work.",
    ),
  },
  {
    category: 'education',
    title: t('繼續教育積分申請流程更新', 'Updated procedure for education credit applications'),
    summary: t(
      '自 2027 年 1 月起，繼續教育積分申請改為全面線上審查，申請人可於會員專區即時查詢審查進度。',
      'From January 2027 all education credit applications are reviewed online, and applicants can follow their progress in the member area.',
    ),
  },
  {
    category: 'news',
    title: t('學會期刊第 12 卷第 4 期出刊', 'Journal volume 12, issue 4 published'),
    summary: t(
      '本期收錄原著論文八篇、病例報告四篇及專題綜論兩篇，歡迎會員線上閱覽全文。',
      'This issue has eight original articles, four case reports and two reviews; members can read the full text online.',
    ),
  },
  {
    category: 'announcements',
    title: t('農曆春節期間秘書處服務時間調整', 'Secretariat hours over Lunar New Year'),
    summary: t(
      '秘書處於春節連假期間暫停臨櫃服務，線上繳費與申請不受影響。',
      "The secretariat's counter is closed over the Lunar New Year holidays; online payments and applications continue as usual.",
    ),
  },
  {
    category: 'education',
    title: t('臨床教師培育課程：第二梯次招生', 'Clinical teacher training: second cohort enrolling'),
    summary: t(
      '課程共六個模組，完成全部課程並通過評量者，可取得學會臨床教師認證及繼續教育積分。',
      "Six modules; those who complete them all and pass the assessment receive the society's clinical teacher certificate and education credits.",
    ),
  },
  {
    category: 'news',
    title: t(
      '與日本臨床教育學會簽署學術合作備忘錄',
      'Memorandum of academic cooperation signed with a Japanese partner society',
    ),
    summary: t(
      '雙方將於未來三年合作辦理交換見習、聯合研討會及共同研究計畫。',
      'Over the next three years the two societies will run exchange observerships, joint meetings and shared research.',
    ),
  },
  {
    category: 'news',
    title: t('會員專區全新上線', 'The new member area is live'),
    summary: t(
      '新版會員專區整合會籍、繳費、積分與投稿服務，並支援行動裝置與 LINE 帳號綁定。',
      'The new member area brings membership, payments, credits and submissions together, works on phones and can be linked to LINE.',
    ),
  },
];

/** Article categories and articles; the newest is published a day before `now`, then every four days. */
export async function seedArticles({ tx, now }: SeedContext): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const categoryIds = new Map<string, number>();
  for (const [i, category] of ARTICLE_CATEGORIES.entries()) {
    const [row] = await tx
      .insert(articleCategories)
      .values({ slug: category.slug, name: category.name, sort: i })
      .returning({ id: articleCategories.id });
    categoryIds.set(category.slug, row!.id);
  }
  await tx.insert(articles).values(
    NEWS.map((item, i) => ({
      categoryId: categoryIds.get(item.category)!,
      title: item.title,
      summary: item.summary,
      content: {
        'zh-tw': { htmlList: [`<p>${item.summary['zh-tw']}</p>`] },
        'en-us': { htmlList: [`<p>${item.summary['en-us']}</p>`] },
      },
      pinned: item.pinned ?? false,
      publishedAt: new Date(now.getTime() - (i * 4 + 1) * day),
    })),
  );
}
