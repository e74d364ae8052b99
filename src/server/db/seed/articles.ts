import type { ButtonSize, ContentType, I18nContent, LinkButton, Spacing } from '../../../lib/content-types';
import type { I18nText } from '../../../lib/i18n-text';
import { articleCategories, articles } from '../schema';
import type { SeedContext } from './context';
import { bannerSvg, cardSvg } from './images';
import { minimalPdf } from './pdf';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
const DAY = 24 * 60 * 60 * 1000;

interface DemoArticle {
  category: string;
  pinned?: boolean;
  title: I18nText;
  summary: I18nText;
}

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

/** More news so the lists have several pages; `cover` draws a card picture for the card view. */
export const MORE_NEWS: (DemoArticle & { cover?: { hue: number; icon: 'book' | 'cross' | 'people' | 'chart' } })[] = [
  {
    category: 'education',
    title: t('2027 上半年線上課程總表公布', 'Online course calendar for the first half of 2027'),
    summary: t(
      '上半年共開設十二門線上課程，涵蓋教學評估、回饋技巧與臨床推理，完成課程可累計繼續教育積分。',
      'Twelve online courses on assessment, feedback and clinical reasoning run in the first half of the year; each earns education credits.',
    ),
    cover: { hue: 200, icon: 'book' },
  },
  {
    category: 'news',
    title: t('本會榮獲衛生福利部優良醫學團體獎', 'Society receives the Ministry of Health and Welfare award'),
    summary: t(
      '表彰本會長期推動臨床教師培育與跨院際教學合作之貢獻。',
      'The award recognises our long-standing work on clinical teacher training and teaching across hospitals.',
    ),
    cover: { hue: 40, icon: 'chart' },
  },
  {
    category: 'announcements',
    title: t('第九屆理監事選舉候選人登記', 'Nominations open for the 9th board election'),
    summary: t(
      '有意參選第九屆理事、監事之會員，請於公告期限內填具登記表並送交秘書處。',
      'Members who wish to stand for the 9th board of directors or supervisors should send the nomination form to the secretariat in time.',
    ),
  },
  {
    category: 'education',
    title: t('教學型門診觀摩活動報名', 'Teaching clinic observation: registration'),
    summary: t(
      '開放會員至合作醫院觀摩教學型門診，每梯次名額六名，額滿為止。',
      'Members can observe teaching clinics at partner hospitals; six places per session, first come, first served.',
    ),
    cover: { hue: 280, icon: 'people' },
  },
  {
    category: 'news',
    title: t('學會 LINE 官方帳號上線', 'The society is now on LINE'),
    summary: t(
      '加入學會 LINE 官方帳號，即可收到活動提醒、積分通知與最新消息。',
      'Add our official LINE account for event reminders, credit notices and the latest news.',
    ),
  },
  {
    category: 'announcements',
    title: t('會員資料更新提醒', 'Please keep your member details up to date'),
    summary: t(
      '為確保通知與繳費單寄送正確，請會員登入會員專區確認聯絡地址與電子郵件。',
      'So that notices and invoices reach you, please check your postal address and e-mail in the member area.',
    ),
  },
  {
    category: 'education',
    title: t('OSCE 考官培訓工作坊', 'OSCE examiner training workshop'),
    summary: t(
      '工作坊著重評分一致性與標準化病人合作，適合擔任院內 OSCE 考官之臨床教師。',
      'A workshop on consistent scoring and working with standardised patients, for clinical teachers who examine in hospital OSCEs.',
    ),
    cover: { hue: 170, icon: 'cross' },
  },
  {
    category: 'news',
    title: t('年輕醫師教學獎得獎名單揭曉', 'Young teacher awards: the winners'),
    summary: t(
      '本年度共五位年輕醫師獲獎，將於會員大會中公開表揚。',
      "Five young doctors receive this year's award; they will be honoured at the General Assembly.",
    ),
  },
  {
    category: 'announcements',
    title: t('秘書處辦公室搬遷公告', 'The secretariat is moving'),
    summary: t(
      '秘書處將遷至臺北市中正區仁愛路一段 1 號 8 樓，電話與傳真號碼不變。',
      "The secretariat moves to 8F, No. 1, Sec. 1, Ren'ai Rd., Taipei; phone and fax numbers stay the same.",
    ),
  },
  {
    category: 'education',
    title: t('醫學教育研究計畫徵求', 'Call for medical education research proposals'),
    summary: t(
      '本會補助會員進行醫學教育相關研究，每案最高新臺幣二十萬元，歡迎提出申請。',
      'The society funds members’ research in medical education with up to NT$200,000 per project. Proposals are welcome.',
    ),
    cover: { hue: 320, icon: 'chart' },
  },
];

/** A plain portrait placeholder (a silhouette on a soft colour), as a society would upload. */
function portraitSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" fill="hsl(${hue} 45% 86%)"/>
<circle cx="120" cy="96" r="46" fill="hsl(${hue} 30% 46%)"/>
<path d="M36 240c4-52 40-84 84-84s80 32 84 84z" fill="hsl(${hue} 30% 46%)"/>
</svg>`;
}

interface Person {
  name: I18nText;
  role: I18nText;
  affiliation: I18nText;
  description?: I18nText;
  portrait?: number;
}

const PEOPLE = {
  chen: {
    name: t('陳文雄', 'Chen Wen-Hsiung'),
    affiliation: t('臺大醫院內科部', 'Department of Internal Medicine, National Taiwan University Hospital'),
  },
  lin: {
    name: t('林淑芬', 'Lin Shu-Fen'),
    affiliation: t('臺北榮民總醫院教學部', 'Department of Medical Education, Taipei Veterans General Hospital'),
  },
  wang: {
    name: t('王志明', 'Wang Chih-Ming'),
    affiliation: t(
      '高雄醫學大學附設醫院家庭醫學科',
      'Department of Family Medicine, Kaohsiung Medical University Hospital',
    ),
  },
  chang: {
    name: t('張雅婷', 'Chang Ya-Ting'),
    affiliation: t('中國醫藥大學附設醫院小兒科', 'Department of Pediatrics, China Medical University Hospital'),
  },
  lee: {
    name: t('李建宏', 'Lee Chien-Hung'),
    affiliation: t('林口長庚紀念醫院外科部', 'Department of Surgery, Chang Gung Memorial Hospital, Linkou'),
  },
  huang: {
    name: t('黃美惠', 'Huang Mei-Hui'),
    affiliation: t('成大醫院護理部', 'Department of Nursing, National Cheng Kung University Hospital'),
  },
  wu: {
    name: t('吳國華', 'Wu Kuo-Hua'),
    affiliation: t('臺中榮民總醫院急診部', 'Emergency Department, Taichung Veterans General Hospital'),
  },
  liu: {
    name: t('劉怡君', 'Liu Yi-Chun'),
    affiliation: t('花蓮慈濟醫院醫學教育部', 'Department of Medical Education, Hualien Tzu Chi Hospital'),
  },
  tsai: {
    name: t('蔡明哲', 'Tsai Ming-Che'),
    affiliation: t('馬偕紀念醫院精神醫學部', 'Department of Psychiatry, MacKay Memorial Hospital'),
  },
  cheng: {
    name: t('鄭佩珊', 'Cheng Pei-Shan'),
    affiliation: t('奇美醫院藥劑部', 'Department of Pharmacy, Chi Mei Medical Center'),
  },
};

const ROLE = {
  chair: t('理事長', 'Chair'),
  vice: t('副理事長', 'Vice-chair'),
  standing: t('常務理事', 'Standing director'),
  director: t('理事', 'Director'),
  chiefSupervisor: t('常務監事', 'Chief supervisor'),
  supervisor: t('監事', 'Supervisor'),
};

/**
 * The board of directors 2026–2028. With `portraits`, six members have a photo and the rest
 * show their initials.
 */
export async function boardContent({ addSvg }: SeedContext, withPortraits: boolean): Promise<I18nContent> {
  const portrait = async (key: string, hue: number) =>
    withPortraits ? addSvg(`portrait-${key}.svg`, portraitSvg(hue), 240, 240) : undefined;
  const groups: { title: I18nText; members: Person[] }[] = [
    {
      title: t('理事長與副理事長', 'Chair and vice-chairs'),
      members: [
        {
          ...PEOPLE.chen,
          role: ROLE.chair,
          description: t(
            '專長為內科教學與臨床推理，曾任臺大醫院教學部主任，推動住院醫師核心能力評估。',
            'An internist and teacher of clinical reasoning; formerly head of medical education at NTUH, where he introduced competency-based assessment of residents.',
          ),
          portrait: await portrait('chen', 210),
        },
        {
          ...PEOPLE.lin,
          role: ROLE.vice,
          description: t(
            '長期投入臨床教師培育，主持本會臨床教師認證課程。',
            "Has trained clinical teachers for many years and leads the society's certification course.",
          ),
          portrait: await portrait('lin', 340),
        },
        { ...PEOPLE.wang, role: ROLE.vice, portrait: await portrait('wang', 150) },
      ],
    },
    {
      title: t('常務理事', 'Standing directors'),
      members: [
        { ...PEOPLE.chang, role: ROLE.standing, portrait: await portrait('chang', 30) },
        { ...PEOPLE.lee, role: ROLE.standing },
        { ...PEOPLE.huang, role: ROLE.standing, portrait: await portrait('huang', 270) },
      ],
    },
    {
      title: t('理事', 'Directors'),
      members: [
        { ...PEOPLE.wu, role: ROLE.director },
        { ...PEOPLE.liu, role: ROLE.director, portrait: await portrait('liu', 190) },
      ],
    },
    {
      title: t('監事', 'Supervisors'),
      members: [
        { ...PEOPLE.tsai, role: ROLE.chiefSupervisor },
        { ...PEOPLE.cheng, role: ROLE.supervisor },
      ],
    },
  ];
  const body = (locale: 'zh-tw' | 'en-us') => ({
    committeeList: groups.map((group) => ({
      title: group.title[locale]!,
      memberList: group.members.map((m) => ({
        name: m.name[locale]!,
        role: m.role[locale]!,
        affiliation: m.affiliation[locale],
        ...(m.description ? { description: m.description[locale] } : {}),
        ...(m.portrait ? { imageFileId: m.portrait } : {}),
      })),
    })),
  });
  return { 'zh-tw': body('zh-tw'), 'en-us': body('en-us') };
}

/** The society's history, 1998 to 2026. */
export function historyContent(): I18nContent {
  const entries: [string, I18nText, I18nText][] = [
    [
      '1998',
      t('學會成立', 'The society is founded'),
      t(
        '由全臺四十二位臨床教師發起，於臺北召開成立大會。',
        'Forty-two clinical teachers from across Taiwan hold the founding assembly in Taipei.',
      ),
    ],
    [
      '2003',
      t('學會期刊創刊', 'First issue of the journal'),
      t('發行第一卷第一期，收錄原著論文六篇。', 'Volume 1, issue 1 appears with six original articles.'),
    ],
    [
      '2008',
      t('建立繼續教育積分制度', 'Education credit system'),
      t(
        '會員參與課程與研討會可累計積分，作為臨床教師資格更新依據。',
        'Members earn credits for courses and meetings, counted towards renewing their clinical teacher status.',
      ),
    ],
    [
      '2012',
      t('臨床教師認證上路', 'Clinical teacher certification'),
      t('首批一百二十位會員取得本會臨床教師認證。', 'The first 120 members are certified as clinical teachers.'),
    ],
    [
      '2016',
      t('國際學術合作', 'International cooperation'),
      t(
        '與日本臨床教育學會共同辦理第一屆臺日聯合研討會。',
        'The first joint Taiwan–Japan meeting is held with our Japanese partner society.',
      ),
    ],
    [
      '2020',
      t('課程全面線上化', 'Courses move online'),
      t(
        '因應疫情，繼續教育課程改以線上直播與錄影課程進行。',
        'During the pandemic, courses move to live online sessions and recordings.',
      ),
    ],
    [
      '2023',
      t('成立二十五週年', '25th anniversary'),
      t('舉辦二十五週年紀念研討會，會員人數突破三千人。', 'An anniversary meeting is held; membership passes 3,000.'),
    ],
    [
      '2026',
      t('全新會員入口網站', 'New member portal'),
      t(
        '會籍、繳費、積分與投稿服務整合於單一網站，並支援 LINE 帳號綁定。',
        'Membership, payments, credits and submissions come together in one portal that can be linked to LINE.',
      ),
    ],
  ];
  const body = (locale: 'zh-tw' | 'en-us') => ({
    timelineList: entries.map(([time, title, text]) => ({ time, title: title[locale]!, textContent: text[locale]! })),
  });
  return { 'zh-tw': body('zh-tw'), 'en-us': body('en-us') };
}

/** Membership fees and rules, one tab per topic. */
export function feesContent(): I18nContent {
  return {
    'zh-tw': {
      tabList: [
        {
          title: '入會資格',
          htmlList: [
            '<h3>正式會員</h3><p>具醫事人員證書，並於教學醫院從事臨床教學工作滿一年者。</p><h3>準會員</h3><p>醫學系、護理系及相關科系之學生，或從事臨床工作未滿一年之醫事人員。</p>',
          ],
        },
        {
          title: '會費',
          htmlList: [
            '<table><caption>各類會員會費（新臺幣）</caption><thead><tr><th scope="col">會員類別</th><th scope="col">入會費</th><th scope="col">常年會費</th></tr></thead><tbody><tr><td>正式會員</td><td>1,000</td><td>1,500</td></tr><tr><td>準會員</td><td>0</td><td>500</td></tr><tr><td>團體會員</td><td>5,000</td><td>10,000</td></tr></tbody></table>',
            '<p>常年會費每年一月一日起開放繳納，請於三月三十一日前完成。</p>',
          ],
        },
        {
          title: '權利與義務',
          htmlList: [
            '<ul><li>參加會員大會，並享有選舉、被選舉及表決權。</li><li>以會員價參加本會主辦之課程與研討會。</li><li>免費閱覽學會期刊全文。</li><li>遵守本會章程及決議，並按時繳納會費。</li></ul>',
          ],
        },
        {
          title: '停權與退會',
          htmlList: [
            '<p>逾期二年未繳納常年會費者，經理事會決議停權；補繳後即恢復會員權利。會員得以書面或於會員專區申請退會，已繳會費恕不退還。</p>',
          ],
        },
      ],
    },
    'en-us': {
      tabList: [
        {
          title: 'Eligibility',
          htmlList: [
            '<h3>Full members</h3><p>Licensed health professionals who have taught clinically at a teaching hospital for at least one year.</p><h3>Associate members</h3><p>Students of medicine, nursing and related fields, or health professionals with less than one year of clinical work.</p>',
          ],
        },
        {
          title: 'Fees',
          htmlList: [
            '<table><caption>Fees by membership class (NT$)</caption><thead><tr><th scope="col">Class</th><th scope="col">Joining fee</th><th scope="col">Annual dues</th></tr></thead><tbody><tr><td>Full member</td><td>1,000</td><td>1,500</td></tr><tr><td>Associate member</td><td>0</td><td>500</td></tr><tr><td>Institutional member</td><td>5,000</td><td>10,000</td></tr></tbody></table>',
            '<p>Annual dues can be paid from 1 January and are due by 31 March.</p>',
          ],
        },
        {
          title: 'Rights and duties',
          htmlList: [
            "<ul><li>Attend the General Assembly, vote and stand for election.</li><li>Join the society's courses and meetings at member rates.</li><li>Read the full text of the society's journal free of charge.</li><li>Follow the society's charter and resolutions and pay dues on time.</li></ul>",
          ],
        },
        {
          title: 'Suspension and withdrawal',
          htmlList: [
            '<p>Members whose dues are two years overdue are suspended by resolution of the board and reinstated once they pay. Members may withdraw in writing or in the member area; dues already paid are not refunded.</p>',
          ],
        },
      ],
    },
  };
}

interface Doctor {
  name: I18nText;
  specialty: I18nText;
  hospital: I18nText;
  address: I18nText;
  phone: string;
  url?: string;
  portrait?: number;
}

/** Certified clinical teachers, grouped by region. With `portraits`, most have a photo. */
async function doctorContent({ addSvg }: SeedContext, withPortraits: boolean): Promise<I18nContent> {
  const portrait = async (key: string, hue: number) =>
    withPortraits ? addSvg(`teacher-${key}.svg`, portraitSvg(hue), 240, 240) : undefined;
  const regions: { region: I18nText; doctors: Doctor[] }[] = [
    {
      region: t('北區', 'North'),
      doctors: [
        {
          ...PEOPLE.chen,
          specialty: t('一般內科', 'General internal medicine'),
          hospital: t('臺大醫院', 'National Taiwan University Hospital'),
          address: t('臺北市中正區中山南路 7 號', 'No. 7, Zhongshan S. Rd., Zhongzheng Dist., Taipei'),
          phone: '02-2312-3456',
          url: 'https://www.ntuh.gov.tw/',
          portrait: await portrait('chen', 210),
        },
        {
          ...PEOPLE.lee,
          specialty: t('一般外科', 'General surgery'),
          hospital: t('林口長庚紀念醫院', 'Chang Gung Memorial Hospital, Linkou'),
          address: t('桃園市龜山區復興街 5 號', 'No. 5, Fuxing St., Guishan Dist., Taoyuan'),
          phone: '03-328-1200',
          url: 'https://www.cgmh.org.tw/',
        },
        {
          ...PEOPLE.tsai,
          specialty: t('精神醫學', 'Psychiatry'),
          hospital: t('馬偕紀念醫院', 'MacKay Memorial Hospital'),
          address: t('臺北市中山區中山北路二段 92 號', 'No. 92, Sec. 2, Zhongshan N. Rd., Zhongshan Dist., Taipei'),
          phone: '02-2543-3535',
          portrait: await portrait('tsai', 60),
        },
      ],
    },
    {
      region: t('中區', 'Central'),
      doctors: [
        {
          ...PEOPLE.chang,
          specialty: t('小兒科', 'Pediatrics'),
          hospital: t('中國醫藥大學附設醫院', 'China Medical University Hospital'),
          address: t('臺中市北區育德路 2 號', 'No. 2, Yude Rd., North Dist., Taichung'),
          phone: '04-2205-2121',
          url: 'https://www.cmuh.cmu.edu.tw/',
          portrait: await portrait('chang', 30),
        },
        {
          ...PEOPLE.wu,
          specialty: t('急診醫學', 'Emergency medicine'),
          hospital: t('臺中榮民總醫院', 'Taichung Veterans General Hospital'),
          address: t('臺中市西屯區臺灣大道四段 1650 號', 'No. 1650, Sec. 4, Taiwan Blvd., Xitun Dist., Taichung'),
          phone: '04-2359-2525',
          portrait: await portrait('wu', 110),
        },
      ],
    },
    {
      region: t('南區', 'South'),
      doctors: [
        {
          ...PEOPLE.wang,
          specialty: t('家庭醫學', 'Family medicine'),
          hospital: t('高雄醫學大學附設醫院', 'Kaohsiung Medical University Hospital'),
          address: t('高雄市三民區自由一路 100 號', 'No. 100, Ziyou 1st Rd., Sanmin Dist., Kaohsiung'),
          phone: '07-312-1101',
          url: 'https://www.kmuh.org.tw/',
          portrait: await portrait('wang', 150),
        },
        {
          ...PEOPLE.huang,
          specialty: t('護理教育', 'Nursing education'),
          hospital: t('成大醫院', 'National Cheng Kung University Hospital'),
          address: t('臺南市北區勝利路 138 號', 'No. 138, Shengli Rd., North Dist., Tainan'),
          phone: '06-235-3535',
        },
        {
          ...PEOPLE.cheng,
          specialty: t('臨床藥學', 'Clinical pharmacy'),
          hospital: t('奇美醫院', 'Chi Mei Medical Center'),
          address: t('臺南市永康區中華路 901 號', 'No. 901, Zhonghua Rd., Yongkang Dist., Tainan'),
          phone: '06-281-2811',
          portrait: await portrait('cheng', 300),
        },
      ],
    },
    {
      region: t('東區', 'East'),
      doctors: [
        {
          ...PEOPLE.liu,
          specialty: t('醫學教育', 'Medical education'),
          hospital: t('花蓮慈濟醫院', 'Hualien Tzu Chi Hospital'),
          address: t('花蓮縣花蓮市中央路三段 707 號', 'No. 707, Sec. 3, Zhongyang Rd., Hualien City'),
          phone: '03-856-1825',
          url: 'https://hlm.tzuchi.com.tw/',
          portrait: await portrait('liu', 190),
        },
      ],
    },
  ];
  const body = (locale: 'zh-tw' | 'en-us') => ({
    doctorList: regions.map((r) => ({
      region: r.region[locale]!,
      doctorList: r.doctors.map((d) => ({
        name: d.name[locale]!,
        specialty: d.specialty[locale],
        hospital: d.hospital[locale]!,
        address: d.address[locale],
        phone: d.phone,
        ...(d.url ? { url: d.url } : {}),
        ...(d.portrait ? { imageFileId: d.portrait } : {}),
      })),
    })),
  });
  return { 'zh-tw': body('zh-tw'), 'en-us': body('en-us') };
}

/** About the society: rich text with headings, a list, a table, a link and a picture. */
export function aboutContent(pictureId: number): I18nContent {
  const picture = (alt: string) =>
    `<figure><img src="/api/amsw1002?fileId=${pictureId}" alt="${alt}" width="1600" height="600"><figcaption>${alt}</figcaption></figure>`;
  return {
    'zh-tw': {
      htmlList: [
        '<h2>宗旨</h2><p>本會以提升臨床教學品質、培育臨床教師及促進醫學教育研究為宗旨，結合各醫事職類之教師，共同推動以病人為中心的臨床教育。</p>',
        `<h2>主要工作</h2><ul><li>辦理臨床教師培育課程與認證</li><li>規劃繼續教育課程並核發積分</li><li>發行學會期刊，推廣醫學教育研究</li><li>促進國內外學術交流與合作</li></ul>${picture('第十五屆會員大會會場')}`,
        '<h2>會員概況</h2><table><caption>2026 年底會員人數</caption><thead><tr><th scope="col">會員類別</th><th scope="col">人數</th></tr></thead><tbody><tr><td>正式會員</td><td>2,846</td></tr><tr><td>準會員</td><td>412</td></tr><tr><td>團體會員</td><td>58</td></tr></tbody></table><p>入會方式與會費請見<a href="/membership/fees">會員規章與會費</a>。</p>',
      ],
    },
    'en-us': {
      htmlList: [
        '<h2>Our mission</h2><p>The society works to raise the quality of clinical teaching, to train clinical teachers and to advance research in medical education, bringing together teachers of every health profession for patient-centred clinical education.</p>',
        `<h2>What we do</h2><ul><li>Train and certify clinical teachers</li><li>Plan continuing education courses and award credits</li><li>Publish the society's journal and promote research in medical education</li><li>Foster academic exchange in Taiwan and abroad</li></ul>${picture('The venue of the 15th General Assembly')}`,
        '<h2>Membership</h2><table><caption>Members at the end of 2026</caption><thead><tr><th scope="col">Class</th><th scope="col">Members</th></tr></thead><tbody><tr><td>Full members</td><td>2,846</td></tr><tr><td>Associate members</td><td>412</td></tr><tr><td>Institutional members</td><td>58</td></tr></tbody></table><p>How to join and what it costs: see <a href="/en-us/membership/fees">membership rules and fees</a>.</p>',
      ],
    },
  };
}

const html = (zh: string, en: string): I18nContent => ({ 'zh-tw': { htmlList: [zh] }, 'en-us': { htmlList: [en] } });

/** Marks the stored HTML below: the browser test checks that this never becomes true. */
export const XSS_MARKER = '__xss';

/**
 * An article pasted from Word with what comes along: inline styles, Office markup, and (planted,
 * as an attacker with an editor account might) a script, an event handler and a `javascript:`
 * link. The sanitiser must leave only the text.
 */
function pastedFromWordContent(): I18nContent {
  const mess = (text: string, link: string) =>
    `<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->` +
    `<p class="MsoNormal" style="margin:0cm;font-family:'標楷體'"><span lang="EN-US" style="font-size:14pt">${text}</span><o:p></o:p></p>` +
    `<script>window.${XSS_MARKER} = 'script'; alert('script');</script>` +
    `<img src="file:///C:/Users/secretary/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png" alt="" width="1" height="1" onerror="window.${XSS_MARKER}='onerror';alert('onerror')">` +
    `<p class="MsoNormal"><a href="javascript:window.${XSS_MARKER}='link';alert('link')" onclick="window.${XSS_MARKER}='click'">${link}</a></p>`;
  return {
    'zh-tw': { htmlList: [mess('各位會員好：下半年臨床見習輪訓表已排定，請至各院教學部領取紙本。', '點此下載輪訓表')] },
    'en-us': {
      htmlList: [
        mess(
          'Dear members, the clinical rotation schedule for the second half of the year is ready; paper copies are at each hospital’s education office.',
          'Download the schedule',
        ),
      ],
    },
  };
}

interface SpecialArticle {
  category: string;
  title: I18nText;
  summary: I18nText;
  contentType: ContentType;
  content: I18nContent;
  pinned?: boolean;
  spacing?: Spacing;
  buttonSize?: ButtonSize;
  links?: LinkButton[];
  attachments?: { fileId: number; label: I18nText }[];
  coverFileId?: number;
  /** Days before `now`; null is a draft. */
  publishedDaysAgo: number | null;
  /** Days before `now` that it was withdrawn. */
  withdrawnDaysAgo?: number;
}

/** The articles of each content type, one with downloads, one pasted from Word, a draft and a withdrawn one. */
async function specialArticles(context: SeedContext): Promise<SpecialArticle[]> {
  const { addSvg, addFile } = context;
  const formPdf = await addFile(
    'ce-credit-application-form-2027.pdf',
    'application/pdf',
    minimalPdf([
      'Continuing education credit application 2027',
      'Applicant name:',
      'Member number:',
      'Course title and date:',
      'Credits requested:',
    ]),
  );
  const rulesPdf = await addFile(
    'ce-credit-rules-2027.pdf',
    'application/pdf',
    minimalPdf([
      'Rules for continuing education credits 2027',
      '1. Courses must be approved before they start.',
      '2. Apply within 30 days of the course.',
      '3. Keep your certificate of attendance.',
    ]),
  );
  const venue = await addSvg('article-venue.svg', bannerSvg(212), 1600, 600);
  const boardCover = await addSvg('article-board.svg', cardSvg(212, 'people'), 800, 500);
  const historyCover = await addSvg('article-history.svg', cardSvg(30, 'book'), 800, 500);
  return [
    {
      category: 'about',
      title: t('第八屆理監事名單（2026–2028）', 'Board of directors 2026–2028'),
      summary: t(
        '第八屆理事長、副理事長、常務理事、理事及監事名單。',
        'The chair, vice-chairs, standing directors, directors and supervisors of the 8th board.',
      ),
      contentType: 'committee',
      content: await boardContent(context, true),
      coverFileId: boardCover,
      publishedDaysAgo: 3,
    },
    {
      category: 'about',
      title: t('第八屆理監事名冊', 'Register of the 8th board'),
      summary: t(
        '第八屆理監事之職稱、姓名與服務單位一覽。',
        'The roles, names and affiliations of the 8th board at a glance.',
      ),
      contentType: 'committee_no_image',
      content: await boardContent(context, false),
      spacing: 'dense',
      publishedDaysAgo: 6,
    },
    {
      category: 'about',
      title: t('各區認證臨床教師名錄', 'Certified clinical teachers by region'),
      summary: t(
        '依北、中、南、東四區列出本會認證之臨床教師與服務醫院，歡迎洽詢見習。',
        'Certified clinical teachers and their hospitals in the North, Centre, South and East; contact them about observerships.',
      ),
      contentType: 'doctormap',
      content: await doctorContent(context, true),
      publishedDaysAgo: 9,
    },
    {
      category: 'about',
      title: t('認證臨床教師通訊錄', 'Certified clinical teachers: contact list'),
      summary: t(
        '各區認證臨床教師之服務醫院、地址與電話。',
        'The hospitals, addresses and phone numbers of certified clinical teachers in each region.',
      ),
      contentType: 'doctormap_no_image',
      content: await doctorContent(context, false),
      spacing: 'loose',
      publishedDaysAgo: 14,
    },
    {
      category: 'about',
      title: t('學會沿革', 'Society history'),
      summary: t('從 1998 年成立至今的重要里程碑。', 'Milestones from our founding in 1998 to today.'),
      contentType: 'timeline',
      content: historyContent(),
      coverFileId: historyCover,
      publishedDaysAgo: 18,
    },
    {
      category: 'announcements',
      title: t('會員規章與會費', 'Membership fees and rules'),
      summary: t(
        '入會資格、各類會員會費、會員權利義務及停權退會規定。',
        'Eligibility, fees by membership class, members’ rights and duties, and suspension and withdrawal.',
      ),
      contentType: 'tab',
      content: feesContent(),
      buttonSize: 'small',
      links: [{ label: t('前往會員專區繳費', 'Pay in the member area'), url: '/member/center' }],
      publishedDaysAgo: 22,
    },
    {
      category: 'news',
      title: t('第十五屆會員大會交通與場地資訊', 'Getting to the 15th General Assembly'),
      summary: t(
        '大會場地、交通方式、議程時間與注意事項。',
        'The venue, how to get there, the timetable and what to bring.',
      ),
      contentType: 'html',
      content: {
        'zh-tw': {
          htmlList: [
            `<h2>會場</h2><p>臺大醫院國際會議中心 301 室（臺北市中正區徐州路 2 號）。</p><figure><img src="/api/amsw1002?fileId=${venue}" alt="大會主視覺" width="1600" height="600"><figcaption>第十五屆會員大會主視覺</figcaption></figure>`,
            '<h2>交通方式</h2><ul><li>捷運：淡水信義線「臺大醫院站」2 號出口，步行約五分鐘。</li><li>公車：搭乘 20、22、38 路至「臺大醫院」站。</li><li>本會場無提供停車，請多利用大眾運輸。</li></ul>',
            '<h2>議程</h2><table><caption>大會當日議程</caption><thead><tr><th scope="col">時間</th><th scope="col">內容</th></tr></thead><tbody><tr><td>08:30–09:00</td><td>報到</td></tr><tr><td>09:00–10:30</td><td>專題演講</td></tr><tr><td>10:50–12:00</td><td>會員大會</td></tr><tr><td>13:30–17:00</td><td>論文發表與海報展示</td></tr></tbody></table><p>完整議程請見<a href="https://www.example.org/agenda" target="_blank">大會網站</a>。</p>',
          ],
        },
        'en-us': {
          htmlList: [
            `<h2>Venue</h2><p>Room 301, NTUH International Convention Center (No. 2, Xuzhou Rd., Zhongzheng Dist., Taipei).</p><figure><img src="/api/amsw1002?fileId=${venue}" alt="Key visual of the meeting" width="1600" height="600"><figcaption>Key visual of the 15th General Assembly</figcaption></figure>`,
            '<h2>Getting there</h2><ul><li>MRT: Tamsui–Xinyi line to NTU Hospital station, exit 2, then a five-minute walk.</li><li>Bus: routes 20, 22 or 38 to NTU Hospital.</li><li>There is no parking at the venue; please use public transport.</li></ul>',
            '<h2>Timetable</h2><table><caption>Timetable of the day</caption><thead><tr><th scope="col">Time</th><th scope="col">Session</th></tr></thead><tbody><tr><td>08:30–09:00</td><td>Registration</td></tr><tr><td>09:00–10:30</td><td>Keynote lectures</td></tr><tr><td>10:50–12:00</td><td>General Assembly</td></tr><tr><td>13:30–17:00</td><td>Oral and poster presentations</td></tr></tbody></table><p>The full programme is on the <a href="https://www.example.org/agenda" target="_blank">meeting website</a>.</p>',
          ],
        },
      },
      coverFileId: venue,
      pinned: true,
      publishedDaysAgo: 2,
    },
    {
      category: 'education',
      title: t('2027 年繼續教育積分申請表單下載', 'Education credit application forms for 2027'),
      summary: t(
        '2027 年度積分申請表與申請須知，請下載填寫後於課程結束三十日內提出。',
        'The 2027 application form and rules; fill them in and apply within 30 days of the course.',
      ),
      contentType: 'html',
      content: html(
        '<p>申請繼續教育積分前，請先詳閱申請須知。申請表填妥後，可於會員專區線上上傳，或寄送至秘書處。</p>',
        '<p>Please read the rules before you apply. Upload the completed form in the member area or send it to the secretariat.</p>',
      ),
      buttonSize: 'large',
      links: [
        { label: t('申請積分認定', 'Claim points'), url: '/credit/claim' },
        { label: t('衛福部繼續教育規定', 'Ministry rules on continuing education'), url: 'https://www.mohw.gov.tw/' },
      ],
      attachments: [
        { fileId: formPdf, label: t('積分申請表', 'Credit application form') },
        { fileId: rulesPdf, label: t('積分申請須知', 'Rules for credit applications') },
      ],
      publishedDaysAgo: 11,
    },
    {
      category: 'education',
      title: t('下半年臨床見習輪訓表', 'Clinical rotation schedule, second half of the year'),
      summary: t(
        '下半年臨床見習輪訓表已排定，紙本請至各院教學部領取。',
        'The rotation schedule for the second half of the year is ready; paper copies are at each hospital’s education office.',
      ),
      contentType: 'html',
      content: pastedFromWordContent(),
      publishedDaysAgo: 16,
    },
    {
      category: 'announcements',
      title: t('【草稿】第九屆理監事選舉辦法修訂', '[Draft] Revised rules for the 9th board election'),
      summary: t(
        '理事會審議中之選舉辦法修訂草案。',
        'The draft revision of the election rules under review by the board.',
      ),
      contentType: 'html',
      content: html(
        '<p>本草案修訂通訊投票之程序，並增訂電子投票之規定，尚待理事會審議。</p>',
        '<p>This draft revises postal voting and adds rules for electronic voting; the board has yet to review it.</p>',
      ),
      publishedDaysAgo: null,
    },
    {
      category: 'news',
      title: t('2025 年度會員大會延期通知', 'The 2025 General Assembly is postponed'),
      summary: t('因颱風來襲，原訂之會員大會延期舉行。', 'The General Assembly is postponed because of the typhoon.'),
      contentType: 'html',
      content: html(
        '<p>因颱風來襲，原訂之會員大會延期舉行，新日期另行公告。</p>',
        '<p>The General Assembly is postponed because of the typhoon; the new date will be announced.</p>',
      ),
      publishedDaysAgo: 60,
      withdrawnDaysAgo: 30,
    },
  ];
}

/**
 * Articles in the society file's categories: the eight first news items (newest a day before `now`, then
 * every four days), more news so the lists page, one article of each content type, one with
 * downloads, one pasted from Word with a script in it, a draft and a withdrawn one.
 */
export async function seedArticles(context: SeedContext): Promise<void> {
  const { tx, now, addSvg } = context;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  // The categories come from the demo's society file, applied before.
  const categoryIds = new Map(
    (await tx.select({ id: articleCategories.id, slug: articleCategories.slug }).from(articleCategories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const simple = (item: DemoArticle) => ({
    categoryId: categoryIds.get(item.category)!,
    title: item.title,
    summary: item.summary,
    content: html(`<p>${item.summary['zh-tw']}</p>`, `<p>${item.summary['en-us']}</p>`),
    pinned: item.pinned ?? false,
  });
  // Two of the first news items have a picture, so the card view of the first page shows some.
  const newsCovers: Record<number, number> = {
    1: await addSvg('news-cover-assembly.svg', cardSvg(212, 'people'), 800, 500),
    3: await addSvg('news-cover-journal.svg', cardSvg(20, 'book'), 800, 500),
  };
  await tx.insert(articles).values(
    NEWS.map((item, i) => ({
      ...simple(item),
      coverFileId: newsCovers[i] ?? null,
      publishedAt: daysAgo(i * 4 + 1),
      updatedAt: daysAgo(i * 4 + 1),
    })),
  );
  for (const [i, item] of MORE_NEWS.entries()) {
    const coverFileId = item.cover
      ? await addSvg(`news-cover-${i + 1}.svg`, cardSvg(item.cover.hue, item.cover.icon), 800, 500)
      : null;
    await tx
      .insert(articles)
      .values({ ...simple(item), coverFileId, publishedAt: daysAgo(32 + i * 5), updatedAt: daysAgo(32 + i * 5) });
  }
  for (const item of await specialArticles(context)) {
    const publishedAt = item.publishedDaysAgo === null ? null : daysAgo(item.publishedDaysAgo);
    await tx.insert(articles).values({
      categoryId: categoryIds.get(item.category)!,
      title: item.title,
      summary: item.summary,
      contentType: item.contentType,
      content: item.content,
      spacing: item.spacing ?? 'comfortable',
      buttonSize: item.buttonSize ?? 'medium',
      links: item.links ?? [],
      attachments: item.attachments ?? [],
      coverFileId: item.coverFileId ?? null,
      pinned: item.pinned ?? false,
      publishedAt,
      updatedAt: publishedAt ?? now,
      unpublishAt: item.withdrawnDaysAgo === undefined ? null : daysAgo(item.withdrawnDaysAgo),
    });
  }
}
