import type { I18nText } from '../../../lib/i18n-text';
import type { Role } from '../../../lib/roles';
import type { IndexPartType } from '../schema';

type Image =
  | { kind: 'banner'; name: string; hue: number }
  | { kind: 'card'; name: string; hue: number; icon: 'book' | 'cross' | 'people' | 'chart' }
  | { kind: 'partner'; name: string; hue: number; initials: string };

interface DemoItem {
  title: I18nText;
  description?: I18nText;
  imageAlt: I18nText;
  linkUrl: string;
  image: Image;
}

export interface DemoPart {
  type: IndexPartType;
  title: I18nText;
  items: DemoItem[];
}

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

/**
 * The demo society's people and content, in both languages. The society itself (name, contact,
 * classes, certifications…) is the society file `society/demo/society.yaml`.
 */
/**
 * The demo's staff (DESIGN.md §19) beyond the members who hold staff roles (membership.ts): the
 * office manager, a web user. Every demo account holding a staff role has its authenticator set
 * up with this one published secret (README), so anyone trying the demo can add it to an app.
 */
export const DEMO_STAFF: { email: string; roles: Role[] }[] = [
  { email: 'admin@example.org', roles: ['admin', 'office', 'editor', 'ceOfficer', 'events'] },
];
export const DEMO_SECOND_FACTOR_SECRET = 'DEMOSTAFFSECRET2DEMOSTAFFSECRET2';

export const DEMO = {
  /**
   * Demo accounts, so every area can be tried at once (README lists them). A society going live
   * starts with SEED_DEMO=false or removes them.
   */
  accounts: [
    {
      email: 'member@example.org',
      password: 'Member2026demo',
      nameZh: '林美玲',
      nameEn: 'Lin Mei-Ling',
      personId: 'A123456789',
      birthDate: '1982-03-15',
      gender: 'female' as const,
      mobile: '0912345678',
      address: '100 臺北市中正區中山南路 7 號',
      workplace: '臺大醫院',
      department: '家庭醫學部',
      jobTitle: '主治醫師',
      education: '國立臺灣大學醫學系',
    },
    {
      email: 'webuser@example.org',
      password: 'Webuser2026demo',
      nameZh: '陳志明',
      nameEn: 'Chen Chih-Ming',
      personId: 'F131104093',
      birthDate: '1994-08-02',
      gender: 'male' as const,
      mobile: '0922333444',
      address: '',
      workplace: '高雄長庚紀念醫院',
      department: '護理部',
      jobTitle: '護理師',
      education: '',
    },
    {
      email: 'grace@example.org',
      password: 'Grace2026demo',
      nameZh: '王怡君',
      nameEn: 'Wang Yi-Chun',
      personId: 'B223456700',
      birthDate: '2001-05-20',
      gender: 'female' as const,
      mobile: '0933111222',
      address: '',
      workplace: '臺北醫學大學',
      department: '護理學系',
      jobTitle: '學生',
      education: '臺北醫學大學護理學系',
    },
    {
      email: 'student@example.org',
      password: 'Student2026demo',
      nameZh: '張家豪',
      nameEn: 'Chang Chia-Hao',
      personId: 'H124567895',
      birthDate: '2000-11-08',
      gender: 'male' as const,
      mobile: '0955666777',
      address: '',
      workplace: '國立陽明交通大學',
      department: '醫學系',
      jobTitle: '學生',
      education: '國立陽明交通大學醫學系',
    },
    {
      email: 'lapsed@example.org',
      password: 'Lapsed2026demo',
      nameZh: '黃冠宇',
      nameEn: 'Huang Kuan-Yu',
      personId: 'C145672305',
      birthDate: '2000-11-03',
      gender: 'male' as const,
      mobile: '0933222333',
      address: '',
      workplace: '中國醫藥大學',
      department: '醫學系',
      jobTitle: '學生',
      education: '中國醫藥大學醫學系',
    },
    {
      email: 'paused@example.org',
      password: 'Paused2026demo',
      nameZh: '李雅婷',
      nameEn: 'Li Ya-Ting',
      personId: 'D209876506',
      birthDate: '1985-07-12',
      gender: 'female' as const,
      mobile: '0933333444',
      address: '',
      workplace: '成大醫院',
      department: '小兒部',
      jobTitle: '主治醫師',
      education: '國立成功大學醫學系',
    },
    {
      email: 'former@example.org',
      password: 'Former2026demo',
      nameZh: '吳建宏',
      nameEn: 'Wu Chien-Hung',
      personId: 'E135792409',
      birthDate: '1979-02-27',
      gender: 'male' as const,
      mobile: '0933444555',
      address: '',
      workplace: '馬偕紀念醫院',
      department: '檢驗科',
      jobTitle: '醫檢師',
      education: '輔仁大學醫學檢驗生物技術學系',
    },
    {
      email: 'reviewer@example.org',
      password: 'Reviewer2026demo',
      nameZh: '張惠雯',
      nameEn: 'Chang Hui-Wen',
      personId: 'H246801307',
      birthDate: '1968-09-09',
      gender: 'female' as const,
      mobile: '0933555666',
      address: '',
      workplace: '臺北榮民總醫院',
      department: '教學部',
      jobTitle: '主任',
      education: '國立陽明大學醫學系',
    },
    {
      email: 'status-reviewer@example.org',
      password: 'Status2026demo',
      nameZh: '劉家豪',
      nameEn: 'Liu Chia-Hao',
      personId: 'K112233402',
      birthDate: '1975-04-18',
      gender: 'male' as const,
      mobile: '0933666777',
      address: '',
      workplace: '林口長庚紀念醫院',
      department: '內科部',
      jobTitle: '主治醫師',
      education: '長庚大學醫學系',
    },
    {
      email: 'finance@example.org',
      password: 'Finance2026demo',
      nameZh: '蔡佩珊',
      nameEn: 'Tsai Pei-Shan',
      personId: 'N255667700',
      birthDate: '1983-12-01',
      gender: 'female' as const,
      mobile: '0933777888',
      address: '',
      workplace: '臺灣臨床繼續教育醫學會',
      department: '秘書處',
      jobTitle: '會計',
      education: '國立臺北大學會計學系',
    },
    {
      email: 'editor@example.org',
      password: 'Editor2026demo',
      nameZh: '周明德',
      nameEn: 'Chou Ming-Te',
      personId: 'E123456783',
      birthDate: '1966-02-14',
      gender: 'male' as const,
      mobile: '0933999000',
      address: '',
      workplace: '臺灣臨床繼續教育醫學會',
      department: '期刊編輯部',
      jobTitle: '總編輯',
      education: '國立臺灣大學醫學系',
    },
    {
      email: 'admin@example.org',
      password: 'Admin2026demo',
      nameZh: '林雅婷',
      nameEn: 'Lin Ya-Ting',
      personId: 'F224466884',
      birthDate: '1985-09-09',
      gender: 'female' as const,
      mobile: '0933123123',
      address: '',
      workplace: '臺灣臨床繼續教育醫學會',
      department: '秘書處',
      jobTitle: '秘書長',
      education: '國立政治大學公共行政學系',
    },
    {
      email: 'applicant@example.org',
      password: 'Applicant2026demo',
      nameZh: '許志偉',
      nameEn: 'Hsu Chih-Wei',
      personId: 'P198765008',
      birthDate: '1990-06-30',
      gender: 'male' as const,
      mobile: '0933888999',
      address: '',
      workplace: '彰化基督教醫院',
      department: '放射科',
      jobTitle: '醫事放射師',
      education: '中山醫學大學醫學影像暨放射科學系',
    },
    {
      email: 'payer@example.org',
      password: 'Payer2026demo',
      nameZh: '張志明',
      nameEn: 'Chang Chih-Ming',
      personId: 'F123456702',
      birthDate: '1978-11-02',
      gender: 'male' as const,
      mobile: '0922555777',
      address: '220 新北市板橋區南雅南路二段 21 號',
      workplace: '亞東紀念醫院',
      department: '心臟內科',
      jobTitle: '主治醫師',
      education: '國立陽明大學醫學系',
    },
    {
      // Brought over from the old system and not signed in yet: no password until the first sign-in.
      email: 'invited@example.org',
      password: null,
      nameZh: '黃怡君',
      nameEn: 'Huang Yi-Chun',
      personId: 'H224680135',
      birthDate: '1985-04-18',
      gender: 'female' as const,
      mobile: '0955123456',
      address: '',
      workplace: '林口長庚紀念醫院',
      department: '小兒科',
      jobTitle: '主治醫師',
      education: '長庚大學醫學系',
    },
  ],
  organisations: [
    {
      email: 'organ@example.org',
      password: 'Organ2026demo',
      name: '仁愛醫療財團法人仁愛綜合醫院',
      nameEn: 'Jen-Ai General Hospital',
      taxId: '04595257',
      contactName: '張淑芬',
      contactTitle: '教學部專員',
      phone: '02-2709-3600',
      address: '106 臺北市大安區仁愛路四段 10 號',
      website: 'https://www.example.org',
    },
  ],
  posts: [
    {
      name: t('2027 年會學術論文徵稿', 'Call for abstracts: 2027 annual meeting'),
      description: t(
        '口頭報告與海報論文，截止日前可線上修改。',
        'Oral and poster presentations; editable online until the deadline.',
      ),
      notice: t(
        '歡迎會員與各界投稿 2027 年會之口頭報告與海報論文。\n\n摘要請以中英文撰寫，各 3,000 字以內，並上傳 PDF 全文（20 MB 以內）。本次採雙盲審查：稿件內文請勿出現作者姓名與服務機構，系統會自動移除 PDF 檔案中的作者資料。\n\n審查依原創性、方法、臨床應用與寫作四項評分，結果將以電子郵件通知。截止日前可隨時修改草稿；送出時須簽署論文授權書。',
        'Members and colleagues are invited to submit oral and poster presentations to the 2027 annual meeting.\n\nWrite the abstract in Chinese and in English, up to 3,000 characters each, and upload the full text as a PDF (up to 20 MB). Review is double-blind: keep the authors’ names and institutions out of the manuscript; the portal removes the author details stored in the PDF file itself.\n\nPapers are scored on originality, method, clinical use and writing, and the result is mailed to you. You can change your draft until the deadline; sending it includes signing the paper authorisation.',
      ),
      topics: [
        { code: 'education', name: t('醫學教育', 'Medical education') },
        { code: 'clinical', name: t('臨床研究', 'Clinical research') },
        { code: 'quality', name: t('醫療品質與病人安全', 'Quality and patient safety') },
      ],
      rubric: [
        { code: 'originality', label: t('原創性', 'Originality'), max: 10 },
        { code: 'method', label: t('研究方法', 'Method'), max: 10 },
        { code: 'relevance', label: t('臨床應用', 'Clinical use'), max: 10 },
        { code: 'writing', label: t('寫作', 'Writing'), max: 5 },
      ],
      blind: true,
      opensInDays: -20,
      closesInDays: 70,
    },
    {
      name: t('學會期刊第 13 卷投稿', 'Journal volume 13 submissions'),
      description: t('原著論文、病例報告與綜論。', 'Original articles, case reports and reviews.'),
      notice: t(
        '學會期刊第 13 卷受理原著論文、病例報告與綜論。採單盲審查：審查人可見作者資料，作者不會得知審查人身分。',
        'Volume 13 of the society’s journal takes original articles, case reports and reviews. Review is single-blind: reviewers see who the authors are; authors never learn who reviewed them.',
      ),
      topics: [
        { code: 'original', name: t('原著論文', 'Original article') },
        { code: 'case', name: t('病例報告', 'Case report') },
        { code: 'review', name: t('綜論', 'Review article') },
      ],
      rubric: [
        { code: 'merit', label: t('學術價值', 'Scientific merit'), max: 10 },
        { code: 'presentation', label: t('呈現', 'Presentation'), max: 10 },
      ],
      blind: false,
      opensInDays: -60,
      closesInDays: 180,
    },
  ],
  homeParts: [
    {
      type: 'carousel',
      title: t('焦點活動', 'Highlights'),
      items: [
        {
          title: t('第十五屆會員大會暨學術研討會', '15th General Assembly and Scientific Meeting'),
          description: t(
            '以病人為中心的臨床教育：即日起開放報名',
            'Patient-centred clinical education: registration now open',
          ),
          imageAlt: t('藍色漸層的大會主視覺', 'Blue gradient key visual of the meeting'),
          linkUrl: '/event/list',
          image: { kind: 'banner', name: 'banner-assembly', hue: 212 },
        },
        {
          title: t('2027 年度常年會費線上繳費', 'Pay your 2027 dues online'),
          description: t('信用卡、ATM 轉帳、超商代碼皆可使用', 'By card, ATM transfer or convenience-store code'),
          imageAlt: t('綠色漸層的會費繳費橫幅', 'Green gradient banner for membership dues'),
          linkUrl: '/member/center',
          image: { kind: 'banner', name: 'banner-dues', hue: 160 },
        },
        {
          title: t('臨床教師培育課程第二梯次', 'Clinical teacher training, second cohort'),
          description: t('六大模組，完成即可取得認證與積分', 'Six modules leading to certification and credits'),
          imageAlt: t('紫色漸層的課程橫幅', 'Purple gradient course banner'),
          linkUrl: '/news/list',
          image: { kind: 'banner', name: 'banner-course', hue: 262 },
        },
      ],
    },
    {
      type: 'card',
      title: t('會員服務', 'Member services'),
      items: [
        {
          title: t('入會申請', 'Join the society'),
          description: t('線上填寫申請表、上傳證明文件並完成繳費。', 'Apply online, upload your documents and pay.'),
          imageAlt: t('人像圖示', 'People pictogram'),
          linkUrl: '/webUser/createAccount',
          image: { kind: 'card', name: 'card-join', hue: 205, icon: 'people' },
        },
        {
          title: t('繼續教育積分', 'Education credits'),
          description: t(
            '查詢積分、申請積分認定與下載證明。',
            'Check your credits, apply for recognition and download certificates.',
          ),
          imageAlt: t('長條圖圖示', 'Bar chart pictogram'),
          linkUrl: '/credit/overview',
          image: { kind: 'card', name: 'card-credits', hue: 30, icon: 'chart' },
        },
        {
          title: t('期刊投稿', 'Submit a paper'),
          description: t('投稿至學會期刊並追蹤審稿進度。', "Submit to the society's journal and follow the review."),
          imageAlt: t('書本圖示', 'Book pictogram'),
          linkUrl: '/webUser/post/entrance',
          image: { kind: 'card', name: 'card-journal', hue: 340, icon: 'book' },
        },
        {
          title: t('課程認證申請', 'Course accreditation'),
          description: t('機構可申請繼續教育課程認證。', 'Organisations can apply to have courses accredited.'),
          imageAlt: t('十字圖示', 'Cross pictogram'),
          linkUrl: '/organ/createAccount',
          image: { kind: 'card', name: 'card-accreditation', hue: 120, icon: 'cross' },
        },
      ],
    },
    {
      type: 'link',
      title: t('相關連結', 'Related links'),
      items: [
        {
          title: t('衛生福利部', 'Ministry of Health and Welfare'),
          imageAlt: t('衛生福利部標誌', 'Ministry of Health and Welfare logo'),
          linkUrl: 'https://www.mohw.gov.tw/',
          image: { kind: 'partner', name: 'link-mohw', hue: 140, initials: 'MOHW' },
        },
        {
          title: t('醫策會', 'Joint Commission of Taiwan'),
          imageAlt: t('醫策會標誌', 'Joint Commission of Taiwan logo'),
          linkUrl: 'https://www.jct.org.tw/',
          image: { kind: 'partner', name: 'link-jct', hue: 10, initials: 'JCT' },
        },
        {
          title: t('臺灣醫學會', 'Formosan Medical Association'),
          imageAlt: t('臺灣醫學會標誌', 'Formosan Medical Association logo'),
          linkUrl: 'https://www.fma.org.tw/',
          image: { kind: 'partner', name: 'link-fma', hue: 220, initials: 'FMA' },
        },
      ],
    },
  ] satisfies DemoPart[],
};
