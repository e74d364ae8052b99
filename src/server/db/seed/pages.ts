import type { I18nText } from '../../../lib/i18n-text';
import { customPages } from '../schema';
import { aboutContent, boardContent, feesContent, historyContent } from './articles';
import type { SeedContext } from './context';
import { bannerSvg } from './images';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
const DAY = 24 * 60 * 60 * 1000;

/**
 * The society's own pages, served at `/{slug}`: about, board, history, fees, the privacy policy and
 * terms of use the footer links to, and one draft.
 */
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
      slug: 'privacy',
      title: t('隱私權政策', 'Privacy policy'),
      summary: t(
        '本會如何蒐集、處理及利用您的個人資料，以及您依個人資料保護法享有的權利。',
        'How the society collects, processes and uses your personal data, and your rights under the Personal Data Protection Act.',
      ),
      contentType: 'html',
      content: {
        'zh-tw': {
          htmlList: [
            '<p>臺灣臨床繼續教育醫學會（以下稱本會）依《個人資料保護法》蒐集、處理及利用您的個人資料，並採取適當之安全措施。</p>',
            '<h2>蒐集之目的與類別</h2><ul><li>會員管理、會費收取與收據開立</li><li>繼續教育積分登錄與證明</li><li>學術活動報名、期刊投稿與審查</li></ul><p>蒐集之個人資料包括姓名、身分證字號（加密儲存）、聯絡方式、服務機構及學經歷。</p>',
            '<h2>利用期間、地區與對象</h2><p>於本會存續期間，在臺灣地區由本會及受託辦理繳費、寄送之機構利用；法令另有規定者從其規定。</p>',
            '<h2>您的權利</h2><p>您得向本會查詢、閱覽、請求製給複本、補充或更正、停止蒐集處理利用或刪除您的個人資料。請來信 <a href="mailto:service@tscce.example.org">service@tscce.example.org</a>。</p>',
            '<h2>Cookie</h2><p>本網站僅使用維持登入與記住語言所必需之 Cookie，不使用廣告追蹤。</p>',
          ],
        },
        'en-us': {
          htmlList: [
            '<p>The Taiwan Society for Continuing Clinical Education (the society) collects, processes and uses your personal data under the Personal Data Protection Act, and keeps it with appropriate security measures.</p>',
            '<h2>Purposes and categories</h2><ul><li>Membership administration, dues and receipts</li><li>Recording and certifying education credits</li><li>Event registration, journal submissions and review</li></ul><p>We collect your name, national ID number (stored encrypted), contact details, employer, education and experience.</p>',
            '<h2>Period, place and recipients</h2><p>For as long as the society exists, in Taiwan, by the society and the organisations it engages for payments and mailing, unless the law requires otherwise.</p>',
            '<h2>Your rights</h2><p>You may ask to see, copy, complete or correct your data, or ask us to stop using or to delete it. Write to <a href="mailto:service@tscce.example.org">service@tscce.example.org</a>.</p>',
            '<h2>Cookies</h2><p>This site uses only the cookies it needs to keep you signed in and to remember your language; it uses no advertising trackers.</p>',
          ],
        },
      },
      publishedAt: published,
      updatedAt: published,
    },
    {
      slug: 'terms',
      title: t('網站使用條款', 'Terms of use'),
      summary: t(
        '使用本網站及會員服務前請詳閱之條款。',
        'The terms that apply when you use this site and its member services.',
      ),
      contentType: 'html',
      content: {
        'zh-tw': {
          htmlList: [
            '<h2>帳號與密碼</h2><p>請妥善保管您的帳號密碼，不得轉借他人使用。發現帳號遭冒用時，請立即變更密碼並通知本會。</p>',
            '<h2>內容之著作權</h2><p>本網站刊載之文章、期刊論文及活動資料，著作權屬本會或原作者所有；除合理使用外，未經同意不得重製或轉載。</p>',
            '<h2>繳費與退費</h2><p>會費及活動費用之繳納、收據與退費，依本會會員規章及各活動公告辦理。</p>',
            '<h2>條款之修改</h2><p>本會得修改本條款，修改後於本網站公告，自公告日起生效。</p>',
          ],
        },
        'en-us': {
          htmlList: [
            '<h2>Your account</h2><p>Keep your password to yourself and do not let others use your account. If you think someone has used it, change your password at once and tell the society.</p>',
            '<h2>Copyright</h2><p>Articles, journal papers and event material on this site belong to the society or their authors; apart from fair use, do not copy or republish them without permission.</p>',
            "<h2>Payments and refunds</h2><p>Dues and event fees, their receipts and refunds follow the membership rules and each event's announcement.</p>",
            '<h2>Changes</h2><p>The society may change these terms; changes take effect when they are published on this site.</p>',
          ],
        },
      },
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
