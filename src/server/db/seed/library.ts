import { asc, eq } from 'drizzle-orm';
import type { I18nContent } from '../../../lib/content-types';
import type { I18nText } from '../../../lib/i18n-text';
import { articleCategories, articles, journalLists, journalNumbers, journalVolumes } from '../schema';
import type { SeedContext } from './context';
import { cardSvg } from './images';
import {
  ce,
  COURSE,
  type DemoEvent,
  ethics,
  eventFees,
  insertEvents,
  MEETING,
  STANDARD_FEES,
  WEBINAR,
  WEBINAR_FEES,
  WORKSHOP,
} from './events';
import { type DemoPaper, paperWriter, SECTIONS, taipeiYear } from './journals';

/**
 * The demo's archive: news of 2023 to 2025, past events (and a few far ahead) and the journal's
 * volume of three years ago, on topics that overlap on purpose (ultrasound, ethics, COVID-19
 * vaccines, sepsis, simulation, OSCE, nursing, guidelines of several years), so that a search has
 * competitors and its ranking matters (tests/integration/search-relevance.test.ts). Dated in the
 * past, so the first pages of the lists stay the demo's current items. A few are written in one
 * language only.
 */

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
/** Text in one language only (Chinese, or English kept as the only text there is). */
const only = (text: string): I18nText => ({ 'zh-tw': text });

interface LibraryArticle {
  category: 'news' | 'announcements' | 'education';
  /** The Taipei day it was published. */
  on: string;
  title: I18nText;
  summary: I18nText;
  /** A paragraph after the summary in the body. */
  more?: I18nText;
}

export const LIBRARY_ARTICLES: LibraryArticle[] = [
  {
    category: 'news',
    on: '2023-01-10',
    title: t('國際敗血症治療指引 2021 年版中文摘要', 'The 2021 international sepsis guidelines: a summary in Chinese'),
    summary: t(
      '整理 2021 年版國際敗血症與敗血性休克處置指引之重點，包括初始輸液、升壓劑選擇與抗生素給予時機。',
      'The key points of the 2021 international guidelines for sepsis and septic shock: initial fluids, the choice of vasopressor and the timing of antibiotics.',
    ),
    more: t(
      '摘要由本會急重症教育小組翻譯整理，供臨床教師教學使用，原文請以指引全文為準。',
      "Prepared by the society's acute care education group for clinical teachers; the full guideline remains the authority.",
    ),
  },
  {
    category: 'news',
    on: '2023-02-14',
    title: t('COVID-19 疫苗追加劑接種建議更新', 'Updated advice on COVID-19 vaccine boosters'),
    summary: t(
      '依疾病管制署最新公告，整理 65 歲以上長者、醫事人員及高風險族群之 COVID-19 疫苗追加劑接種時程與注意事項。',
      "Following the Centers for Disease Control's latest notice: when people over 65, health workers and other high-risk groups should have a COVID-19 booster, and what to watch for.",
    ),
    more: t(
      '請會員協助於門診向符合資格之病人說明，並提醒接種後之觀察事項。',
      'Please explain the advice to eligible patients in clinic and remind them what to watch for after the dose.',
    ),
  },
  {
    category: 'education',
    on: '2023-03-28',
    title: t('住院醫師臨床教學評量表修訂說明', 'Revised forms for assessing residents as teachers'),
    summary: t(
      '評量表新增對學生回饋品質與臨床推理引導之項目，自 2023 年 5 月起於各合作醫院使用。',
      'The forms now rate the quality of feedback to students and the guidance of clinical reasoning; partner hospitals use them from May 2023.',
    ),
  },
  {
    category: 'education',
    on: '2023-04-11',
    title: t('2022 高血壓治療指引重點解讀', 'The 2022 hypertension guideline in brief'),
    summary: t(
      '2022 年版高血壓治療指引建議多數病人之血壓控制目標為 130/80 mmHg，並推廣居家血壓量測「722 原則」。',
      'The 2022 hypertension guideline sets a blood pressure target of 130/80 mmHg for most patients and promotes the 722 rule for measuring at home.',
    ),
    more: t(
      '本文並附上衛教單張範本，方便基層醫師與護理師向病人說明居家量測方式。',
      'A patient leaflet is attached so that primary care doctors and nurses can explain home measurement.',
    ),
  },
  {
    category: 'education',
    on: '2023-05-16',
    title: t('2020 心肺復甦術指引重點回顧', 'A look back at the 2020 CPR guidelines'),
    summary: t(
      '回顧 2020 年心肺復甦術及心血管緊急照護指引的更新，包括復原期照護與團隊急救訓練。',
      'What the 2020 guidelines for CPR and emergency cardiovascular care changed, including recovery care and team resuscitation training.',
    ),
  },
  {
    category: 'education',
    on: '2023-06-20',
    title: t('醫學倫理個案教材出版', 'A casebook for teaching medical ethics'),
    summary: t(
      '收錄二十則臨床倫理個案，涵蓋告知後同意、預立醫療決定與病人隱私，適合臨床教師於晨會或小組討論使用。',
      'Twenty clinical ethics cases on informed consent, advance decisions and privacy, for clinical teachers to use at morning meetings or in small groups.',
    ),
    more: t(
      '每則個案附有討論問題與參考法規，會員可於會員專區下載電子版。',
      'Each case comes with questions for discussion and the relevant law; members can download the e-book in the member area.',
    ),
  },
  {
    category: 'news',
    on: '2023-07-18',
    title: only('偏鄉醫療教學巡迴計畫啟動'),
    summary: only('結合醫學中心教學資源，至臺東、屏東及澎湖等地之偏鄉醫院辦理巡迴教學與遠距病例討論會。'),
    more: only('首站於臺東馬偕紀念醫院舉行，共有四十位在地醫護同仁參加。'),
  },
  {
    category: 'education',
    on: '2023-08-22',
    title: t('標準化病人招募與培訓說明會', 'Standardised patients: recruitment and training briefing'),
    summary: t(
      '歡迎對醫學教育有興趣的民眾擔任標準化病人，參與客觀結構式臨床測驗（OSCE）與臨床技能教學，完成培訓後依時數支給酬勞。',
      'Members of the public interested in medical education are welcome to become standardised patients for OSCEs and skills teaching; the work is paid by the hour once trained.',
    ),
  },
  {
    category: 'announcements',
    on: '2023-09-05',
    title: t('心臟超音波判讀線上題庫開放練習', 'Echocardiography reading: online question bank open'),
    summary: t(
      '題庫收錄兩百則心臟超音波影像與解說，會員登入後可免費練習，答對率達八成者可取得積分。',
      'Two hundred echocardiography clips with explanations; members practise free of charge after signing in, and those scoring 80% earn credits.',
    ),
  },
  {
    category: 'education',
    on: '2023-09-26',
    title: t('手部衛生稽核員培訓課程', 'Hand hygiene auditor training'),
    summary: t(
      '培訓各單位手部衛生稽核員，說明世界衛生組織五時機、稽核方法與回饋技巧。',
      "Training ward hand hygiene auditors in the WHO's five moments, audit methods and giving feedback.",
    ),
  },
  {
    category: 'announcements',
    on: '2023-10-02',
    title: t(
      '流感與 COVID-19 疫苗可同時接種：2023–2024 年度說明',
      'Influenza and COVID-19 vaccines at the same visit: the 2023–2024 season',
    ),
    summary: t(
      '本年度流感疫苗與 COVID-19 XBB.1.5 疫苗可於同一次就診時分別接種於不同部位，請會員協助向病人說明。',
      'This season the influenza vaccine and the XBB.1.5 COVID-19 vaccine can be given at the same visit in different arms; please explain this to your patients.',
    ),
  },
  {
    category: 'news',
    on: '2023-10-24',
    title: t('第十二屆會員大會暨學術研討會圓滿落幕', '12th General Assembly and Scientific Meeting: a report'),
    summary: t(
      '本屆大會逾八百位會員與會，發表口頭論文四十二篇、海報一百零六篇，並頒發年度教學優良獎。',
      'Over 800 members attended; there were 42 oral and 106 poster presentations, and the teaching excellence awards were presented.',
    ),
  },
  {
    category: 'education',
    on: '2023-11-07',
    title: t('敗血症早期辨識教學教材開放下載', 'Teaching materials on recognising sepsis early'),
    summary: t(
      '教材包含投影片、模擬案例與測驗題，協助各院推動急診與病房的敗血症早期辨識訓練。',
      'Slides, simulated cases and quiz questions to help hospitals train emergency and ward staff to recognise sepsis early.',
    ),
  },
  {
    category: 'announcements',
    on: '2023-12-28',
    title: t('2024 年度常年會費繳費通知', 'Annual membership dues for 2024'),
    summary: t(
      '2024 年度常年會費即日起開放繳費，請於 2024 年 3 月 31 日前完成，逾期未繳者將暫停會員權益。',
      'Dues for 2024 can now be paid; please pay by 31 March 2024, after which member benefits are suspended.',
    ),
  },
  {
    category: 'education',
    on: '2024-02-06',
    title: t('護理臨床教師培育計畫第三期招生', 'Nursing preceptor programme: third intake'),
    summary: t(
      '培育具教學能力之護理臨床教師，課程涵蓋新進護理人員輔導、臨床評量與回饋技巧。',
      'Training nurse preceptors in mentoring newly qualified nurses, clinical assessment and feedback.',
    ),
    more: t(
      '課程共四個月，採線上課程與臨床實作並行，結業者可申請本會護理臨床教師認證。',
      'Four months of online sessions and practice on the wards; those who finish can apply for the society’s nurse preceptor certificate.',
    ),
  },
  {
    category: 'education',
    on: '2024-03-12',
    title: t('重症超音波認證課程開始報名', 'Critical care ultrasound certification: enrolment open'),
    summary: t(
      '課程包含線上理論、實機操作與影像判讀測驗，完成者可取得本會重症超音波認證。',
      "Online theory, hands-on scanning and an image-reading test lead to the society's critical care ultrasound certificate.",
    ),
  },
  {
    category: 'announcements',
    on: '2024-04-23',
    title: only('秘書處電話系統維護公告'),
    summary: only('秘書處電話系統將於 4 月 27 日（星期六）進行維護，當日暫停電話服務，請改以電子郵件聯繫。'),
  },
  {
    category: 'news',
    on: '2024-05-28',
    title: t('虛擬實境模擬訓練試辦計畫成果發表', 'Virtual reality simulation pilot: the results'),
    summary: t(
      '六家醫院參與的虛擬實境模擬訓練試辦計畫已完成，學員對情境真實度與操作便利性給予高度評價。',
      'Six hospitals completed the virtual reality simulation pilot; trainees rated its realism and ease of use highly.',
    ),
  },
  {
    category: 'news',
    on: '2024-06-04',
    title: only('Joint Asia-Pacific faculty development workshop: call for participants'),
    summary: only(
      'Partner societies in Japan, Korea and Singapore invite clinical teachers from Taiwan to a joint faculty development workshop in Singapore; the working language is English.',
    ),
  },
  {
    category: 'news',
    on: '2024-07-09',
    title: t('2024 年輕醫師教學獎得獎名單', 'Young teacher awards 2024: the winners'),
    summary: t(
      '本年度共四位年輕醫師獲獎，獲獎者分別來自內科、外科、家庭醫學科與急診醫學科。',
      "Four young doctors receive this year's award, from internal medicine, surgery, family medicine and emergency medicine.",
    ),
  },
  {
    category: 'announcements',
    on: '2024-08-15',
    title: t('人體研究倫理審查新制說明', 'Changes to research ethics review explained'),
    summary: t(
      '自 2024 年 9 月起，多中心研究可由單一研究倫理審查委員會審查，本文說明送審流程與應備文件。',
      'From September 2024 a multicentre study can be reviewed by a single research ethics committee; here is how to apply and what to send.',
    ),
  },
  {
    category: 'news',
    on: '2024-09-24',
    title: only('與臺南市政府合作辦理長照人員教育訓練'),
    summary: only('本會與臺南市政府衛生局合作，為居家服務督導與照顧服務員開設失智照護與跌倒預防課程。'),
  },
  {
    category: 'news',
    on: '2024-10-29',
    title: t('第十三屆會員大會暨學術研討會紀實', '13th General Assembly and Scientific Meeting: a report'),
    summary: t(
      '大會以「模擬教學與病人安全」為主題，兩天議程共吸引九百餘位會員參加。',
      'The meeting’s theme was simulation and patient safety; more than 900 members took part over two days.',
    ),
  },
  {
    category: 'education',
    on: '2024-11-20',
    title: t('疫苗猶豫的溝通技巧：教學資源包上線', 'Talking about vaccine hesitancy: a teaching pack'),
    summary: t(
      '資源包含衛教單張、角色扮演腳本與評量表，協助臨床教師帶領學員練習與猶豫接種的病人溝通，包括 COVID-19 與流感疫苗。',
      'Leaflets, role-play scripts and a rating form to help clinical teachers practise conversations with patients who hesitate over vaccines, including COVID-19 and influenza.',
    ),
  },
  {
    category: 'announcements',
    on: '2024-12-10',
    title: t('2024 年度 OSCE 考場評鑑結果公布', '2024 OSCE centre review: the results'),
    summary: t(
      '本年度共評鑑二十一處客觀結構式臨床測驗考場，全數通過，其中四處獲評為優良考場。',
      'All twenty-one OSCE centres reviewed this year passed, four of them with distinction.',
    ),
  },
  {
    category: 'news',
    on: '2024-12-20',
    title: t('2024 年度會務與教育活動回顧', 'The society’s 2024 in review'),
    summary: t(
      '回顧本會 2024 年之會務推動與教育活動，感謝會員一年來的參與。',
      'A look back at the society’s work and courses in 2024, with thanks to every member who took part.',
    ),
    more: t(
      '2024 年本會辦理第十三屆會員大會，並完成 OSCE 考場評鑑、虛擬實境模擬訓練試辦及護理臨床教師培育計畫第三期。教育活動涵蓋腹部超音波實作、敗血症集束照護模擬、人體研究倫理審查新制說明與疫苗猶豫溝通技巧；會員可於會員專區查詢全年積分。',
      'In 2024 the society held its 13th General Assembly, reviewed the OSCE centres, piloted virtual reality simulation and ran the third intake of the nursing preceptor programme. Courses covered abdominal ultrasound, sepsis bundle simulation, the new research ethics review rules and talking about vaccine hesitancy; members can see the year’s credits in the member area.',
    ),
  },
  {
    category: 'announcements',
    on: '2024-12-27',
    title: t('2025 年度常年會費繳費通知', 'Annual membership dues for 2025'),
    summary: t(
      '2025 年度常年會費即日起開放繳費，可使用信用卡或 ATM 轉帳，請於 2025 年 3 月 31 日前完成。',
      'Dues for 2025 can now be paid by card or ATM transfer; please pay by 31 March 2025.',
    ),
  },
  {
    category: 'news',
    on: '2025-01-21',
    title: t('兒童敗血症指引 2024 年更新重點', 'Sepsis in children: what the 2024 criteria change'),
    summary: t(
      '2024 年發表之兒童敗血症新定義以器官功能障礙分數為基礎，本文整理其對兒科急診與加護病房的影響。',
      'The 2024 definition of sepsis in children rests on an organ dysfunction score; we summarise what it means for paediatric emergency and intensive care.',
    ),
  },
  {
    category: 'announcements',
    on: '2025-02-25',
    title: t('模擬醫學教學中心認證結果公告', 'Accredited simulation teaching centres announced'),
    summary: t(
      '本年度共有九家醫院之模擬醫學教學中心通過本會認證，效期三年。',
      'Nine hospital simulation centres have been accredited by the society this year, for three years.',
    ),
  },
  {
    category: 'news',
    on: '2025-03-18',
    title: t('本會發布人工智慧輔助教學倫理守則', 'Ethics guidance on AI-assisted teaching'),
    summary: t(
      '守則提醒以生成式人工智慧製作教材與評量時，應注意病人隱私、著作權與偏誤。',
      'The guidance covers patient privacy, copyright and bias when generative AI is used to prepare teaching materials and assessments.',
    ),
  },
  {
    category: 'education',
    on: '2025-04-15',
    title: t('抗生素管理教學模組上線', 'Antimicrobial stewardship teaching module'),
    summary: t(
      '線上模組以病例說明抗生素降階、療程長度與培養結果判讀，完成可得繼續教育積分一點。',
      'Cases on de-escalation, treatment length and reading culture results; completing the module earns one education credit.',
    ),
  },
  {
    category: 'news',
    on: '2025-05-08',
    title: t('腹部超音波檢查指引 2025 年版發布', 'Abdominal ultrasound examination guideline: 2025 edition'),
    summary: t(
      '本會與相關醫學會共同修訂腹部超音波檢查指引，新增檢查前準備、標準切面與報告格式之建議。',
      'Together with the specialty societies we have revised the guideline for abdominal ultrasound examinations, adding advice on preparation, standard views and the report.',
    ),
    more: t(
      '指引適用於各級醫療院所，並作為本會腹部超音波課程之教學依據。',
      "The guideline applies to hospitals and clinics alike and is the basis of the society's abdominal ultrasound courses.",
    ),
  },
  {
    category: 'news',
    on: '2025-06-17',
    title: t('新進護理人員留任調查結果出爐', 'Retention of newly qualified nurses: survey results'),
    summary: t(
      '調查四十二家醫院之新進護理人員，到職一年內離職率為 18%，完善的臨床教師制度與排班彈性是留任關鍵。',
      'Across forty-two hospitals, 18% of new nurses left within a year; good preceptorship and flexible rosters were what kept them.',
    ),
  },
  {
    category: 'education',
    on: '2025-07-22',
    title: t('住院醫師可信賴專業活動（EPA）導入指南', 'A guide to entrustable professional activities for residents'),
    summary: t(
      '說明可信賴專業活動之訂定、評量與臨床能力委員會之決策流程，並附各科範例。',
      'How to define and assess entrustable professional activities (EPAs) and how clinical competency committees decide, with examples from several specialties.',
    ),
  },
  {
    category: 'education',
    on: '2025-08-12',
    title: t('失智症早期篩檢教學影片上線', 'Teaching videos on screening for dementia early'),
    summary: t(
      '影片示範簡易智能量表與畫鐘測驗之施測與判讀，適合基層醫師與護理師自學。',
      'The videos show how to give and score the Mini-Mental State Examination and the clock-drawing test, for primary care doctors and nurses to learn on their own.',
    ),
  },
  {
    category: 'news',
    on: '2025-09-09',
    title: t('高血壓治療指引 2025 年更新說明會', 'Hypertension guideline 2025 update: briefing'),
    summary: t(
      '說明 2025 年高血壓治療指引之修訂內容，包括以單顆複方藥物起始治療及高齡病人之目標血壓。',
      'What changed in the 2025 hypertension guideline: starting treatment with a single-pill combination, and blood pressure targets for older patients.',
    ),
  },
  {
    category: 'news',
    on: '2025-10-14',
    title: t('本會與醫策會合辦病人安全週活動', 'Patient safety week with the Joint Commission of Taiwan'),
    summary: t(
      '今年以「用藥安全」為主題，舉辦病人安全海報競賽與系列線上講座。',
      "This year's theme is medication safety, with a patient safety poster contest and a series of webinars.",
    ),
  },
  {
    category: 'news',
    on: '2025-11-04',
    title: t('2025 心肺復甦術指引發布：臨床教學重點', 'The 2025 CPR guidelines: what to teach'),
    summary: t(
      '新版指引強調高品質胸外按壓、即時回饋裝置及以模擬訓練維持急救技能，本會將據以更新高級心臟救命術課程。',
      'The new guidelines stress high-quality compressions, real-time feedback devices and simulation to keep skills up; our advanced cardiac life support course will follow them.',
    ),
  },
  {
    category: 'news',
    on: '2025-12-23',
    title: t('2025 年度教育訓練回顧與 2026 年課程規劃', '2025 in review, and the courses planned for 2026'),
    summary: t(
      '回顧本會 2025 年辦理之工作坊與線上講座，並預告 2026 年之課程規劃。',
      'The workshops and webinars the society ran in 2025, and what is planned for 2026.',
    ),
    more: t(
      '2025 年共辦理二十八場教育活動，包括 OSCE 教案撰寫工作坊、安寧緩和醫療倫理線上講座、模擬醫學教育研討會及腹部超音波與重症超音波實作課程，參與人次逾三千。2026 年將新增敗血症集束照護與 COVID-19 疫苗衛教課程，並依 2025 年心肺復甦術指引與高血壓治療指引更新急救及慢性病照護課程；護理臨床教師與標準化病人培訓亦將持續辦理。',
      'In 2025 we ran twenty-eight courses and webinars, among them the OSCE station writing workshop, a webinar on ethics in palliative care, the simulation-based education conference and hands-on courses in abdominal and critical care ultrasound, with over 3,000 attendances. In 2026 we add courses on the sepsis bundle and on COVID-19 vaccine counselling, and bring our resuscitation and chronic care courses in line with the 2025 CPR guidelines and the hypertension guideline; nurse preceptor and standardised patient training continue.',
    ),
  },
];

const SOCIETY_PLACE = {
  ntuhSkills: t('臺大醫院 臨床技能中心', 'National Taiwan University Hospital, Clinical Skills Center'),
  online: t('線上（Microsoft Teams）', 'Online (Microsoft Teams)'),
  youtube: t('線上（YouTube 直播）', 'Online (YouTube live)'),
};

/** Past events on their Taipei dates, and four far ahead (beyond the demo's current ones). */
export const LIBRARY_EVENTS: DemoEvent[] = [
  {
    on: '2023-03-09',
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t(
      'COVID-19 疫苗猶豫之溝通策略線上講座',
      'Talking with patients who hesitate over COVID-19 vaccines (webinar)',
    ),
    summary: t(
      '以動機式晤談技巧回應病人對 COVID-19 疫苗安全性與效益的疑慮。',
      'Using motivational interviewing to answer patients’ doubts about the safety and benefit of COVID-19 vaccines.',
    ),
    place: SOCIETY_PLACE.youtube,
    fees: WEBINAR_FEES,
    credits: [ce(1)],
  },
  {
    on: '2023-11-18',
    hours: 4,
    category: WORKSHOP,
    title: t('臨床倫理諮詢工作坊', 'Clinical ethics consultation workshop'),
    summary: t(
      '以醫院倫理委員會之實際諮詢案例，練習四象限分析法與家庭會議的進行。',
      'Practise the four-box method and family meetings on cases brought to hospital ethics committees.',
    ),
    place: t('臺北榮民總醫院 致德樓', 'Taipei Veterans General Hospital, Zhide Building'),
    fees: STANDARD_FEES,
    credits: [ethics(3)],
  },
  {
    on: '2024-01-18',
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: only('長照 2.0 與居家醫療線上講座'),
    summary: only('居家醫療整合照護計畫之收案、轉介與長照資源串接實務。'),
    description: only('<p>歡迎會員與非會員報名參加。講座錄影將於會後上傳至會員專區。</p>'),
    place: only('線上（YouTube 直播）'),
    organiser: only('臺灣臨床繼續教育醫學會'),
    fees: WEBINAR_FEES,
    credits: [ce(1)],
  },
  {
    on: '2024-06-15',
    hours: 6,
    category: WORKSHOP,
    title: t('腹部超音波基礎實作工作坊', 'Abdominal ultrasound basics: hands-on workshop'),
    summary: t(
      '肝、膽、胰、脾與腎臟的標準切面掃描實作，每三位學員一台機器。',
      'Standard views of the liver, gallbladder, pancreas, spleen and kidneys, three trainees to a machine.',
    ),
    place: SOCIETY_PLACE.ntuhSkills,
    fees: eventFees(1500, 3000),
    credits: [ce(6)],
  },
  {
    on: '2024-09-07',
    hours: 4,
    category: WORKSHOP,
    title: t('敗血症集束照護模擬工作坊', 'Sepsis bundle simulation workshop'),
    summary: t(
      '以高擬真模擬情境練習敗血症一小時集束照護，包括乳酸測量、血液培養與抗生素給予。',
      'High-fidelity scenarios to practise the one-hour sepsis bundle: lactate, blood cultures and antibiotics.',
    ),
    place: t('中國醫藥大學附設醫院 模擬醫學中心', 'China Medical University Hospital, Simulation Center'),
    fees: STANDARD_FEES,
    credits: [ce(4)],
  },
  {
    on: '2024-10-26',
    hours: 7,
    days: 2,
    category: MEETING,
    title: t('第十三屆會員大會暨學術研討會', '13th General Assembly and Scientific Meeting'),
    summary: t(
      '兩天議程：會員大會、模擬教學與病人安全專題演講及論文發表。',
      'Two days: the General Assembly, keynotes on simulation and patient safety, and presentations.',
    ),
    place: t('臺大醫院國際會議中心', 'NTUH International Convention Center'),
    fees: STANDARD_FEES,
    credits: [ce(10), ethics(2)],
  },
  {
    on: '2025-03-22',
    hours: 6,
    category: WORKSHOP,
    title: t('OSCE 教案撰寫工作坊', 'Writing OSCE stations: a workshop'),
    summary: t(
      '從教學目標、評分表到標準化病人劇本，完成一站可用於考試的客觀結構式臨床測驗教案。',
      "From objectives and checklists to the standardised patient's script: write one OSCE station ready for an exam.",
    ),
    place: t('高雄醫學大學附設醫院 啟川大樓', 'Kaohsiung Medical University Hospital, Chi-Chuan Building'),
    fees: STANDARD_FEES,
    credits: [ce(6)],
  },
  {
    on: '2025-04-10',
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('安寧緩和醫療的倫理議題線上講座', 'Ethics in palliative care (webinar)'),
    summary: t(
      '撤除維生醫療、病人自主權利法與預立醫療照護諮商的倫理與實務。',
      'Withdrawing life support, the Patient Right to Autonomy Act and advance care planning, in ethics and in practice.',
    ),
    place: SOCIETY_PLACE.online,
    fees: WEBINAR_FEES,
    credits: [ethics(1)],
  },
  {
    on: '2025-05-17',
    hours: 7,
    category: MEETING,
    title: t('2025 模擬醫學教育研討會', 'Simulation-based education conference 2025'),
    summary: t(
      '模擬教學的課程設計、引導式回饋與研究方法，並有各院模擬中心經驗分享。',
      'Curriculum design, debriefing and research methods in simulation-based education, with reports from hospital simulation centres.',
    ),
    place: t('林口長庚紀念醫院 模擬中心', 'Linkou Chang Gung Memorial Hospital, Simulation Center'),
    fees: STANDARD_FEES,
    credits: [ce(7)],
  },
  {
    inDays: 150,
    hours: 6,
    category: WORKSHOP,
    title: t('重症超音波進階工作坊', 'Advanced critical care ultrasound workshop'),
    summary: t(
      '休克評估、肺部超音波與超音波導引血管置放之進階實作。',
      'Shock assessment, lung ultrasound and ultrasound-guided vascular access, hands-on.',
    ),
    place: SOCIETY_PLACE.ntuhSkills,
    programme: [
      ['09:00', '敗血症病人之輸液反應評估', 'Assessing fluid responsiveness in sepsis'],
      ['10:30', '肺部與心臟超音波', 'Lung and cardiac ultrasound'],
      ['13:30', '超音波導引中心靜脈導管置放', 'Ultrasound-guided central venous access'],
      ['15:00', '模擬器實作與技能考核', 'Simulator practice and skills assessment'],
    ],
    fees: eventFees(2000, 3500),
    credits: [ce(6)],
    register: 'critical-care-ultrasound',
  },
  {
    inDays: 170,
    hours: 7,
    category: COURSE,
    title: t('護理臨床教師培訓課程', 'Nursing preceptor course'),
    summary: t(
      '新進護理人員輔導、臨床評量與回饋技巧，完成者可申請護理臨床教師認證。',
      'Mentoring new nurses, clinical assessment and feedback; those who finish can apply for the nurse preceptor certificate.',
    ),
    place: t('成大醫院 門診大樓 第二講堂', 'NCKU Hospital, Outpatient Building Lecture Hall 2'),
    programme: [
      ['09:00', '新進護理人員的轉銜與留任', 'Helping new nurses settle in and stay'],
      ['10:30', '以 OSCE 與標準化病人評量臨床技能', 'Assessing clinical skills with OSCEs and standardised patients'],
      ['13:30', '回饋技巧實作', 'Giving feedback: practice'],
      ['15:00', '護理倫理案例討論', 'Cases in nursing ethics'],
    ],
    fees: eventFees(0, 1200),
    credits: [ce(7)],
    register: 'nursing-preceptor',
  },
  {
    inDays: 190,
    hour: 19,
    hours: 1.5,
    category: WEBINAR,
    title: t('2025 心肺復甦術指引更新線上講座', '2025 CPR guidelines update (webinar)'),
    summary: t(
      '逐項說明 2025 年心肺復甦術指引的修訂，以及對急救訓練課程的影響。',
      'The 2025 CPR guideline changes one by one, and what they mean for resuscitation courses.',
    ),
    place: SOCIETY_PLACE.youtube,
    programme: [
      ['19:00', '高品質胸外按壓與即時回饋', 'High-quality compressions and real-time feedback'],
      ['19:40', '以模擬訓練維持急救技能', 'Keeping resuscitation skills up with simulation'],
      ['20:10', '問答', 'Questions'],
    ],
    fees: WEBINAR_FEES,
    credits: [ce(1)],
    register: 'cpr-2025-webinar',
  },
  {
    inDays: 200,
    hours: 7,
    days: 2,
    category: MEETING,
    title: t('臨床教育的實證與創新研討會', 'Evidence and innovation in clinical education: a symposium'),
    summary: t(
      '兩天議程涵蓋評量、模擬教學、醫學倫理與臨床指引更新，歡迎投稿口頭與海報論文。',
      'Two days on assessment, simulation, medical ethics and updated clinical guidelines; oral and poster abstracts are welcome.',
    ),
    place: t('臺大醫院國際會議中心', 'NTUH International Convention Center'),
    programme: [
      [
        '第一天 09:00',
        '專題演講：COVID-19 疫苗政策與公共衛生教育',
        'Day 1, 09:00: COVID-19 vaccine policy and teaching public health',
      ],
      [
        '第一天 10:30',
        '超音波教學的實證：從醫學生到住院醫師',
        'Day 1, 10:30: the evidence for teaching ultrasound, from students to residents',
      ],
      [
        '第一天 13:30',
        'OSCE 與標準化病人：評量的信度與效度',
        'Day 1, 13:30: OSCEs and standardised patients: reliable and valid assessment',
      ],
      ['第一天 15:30', '敗血症照護品質改善成果發表', 'Day 1, 15:30: reports on improving sepsis care'],
      ['第二天 09:00', '醫學倫理與人工智慧論壇', 'Day 2, 09:00: forum on medical ethics and artificial intelligence'],
      [
        '第二天 10:30',
        '護理臨床教師與新進護理人員留任',
        'Day 2, 10:30: nurse preceptors and the retention of new nurses',
      ],
      [
        '第二天 13:30',
        '高血壓與心肺復甦術指引更新',
        'Day 2, 13:30: what changed in the hypertension and CPR guidelines',
      ],
      ['第二天 15:30', '模擬醫學與病人安全', 'Day 2, 15:30: simulation and patient safety'],
    ],
    fees: STANDARD_FEES,
    credits: [ce(12), ethics(2)],
    register: 'evidence-innovation-symposium',
  },
];

/** A paper with its keywords, written as its abstract's last line. */
function paper(title: I18nText, authors: I18nText, abstract: I18nText, keywords: I18nText): DemoPaper {
  return {
    title,
    authors,
    abstract: t(
      `${abstract['zh-tw']}關鍵字：${keywords['zh-tw']}`,
      `${abstract['en-us']} Keywords: ${keywords['en-us']}`,
    ),
  };
}

/** The journal's volume of three years ago: four quarterly issues of papers written for the archive. */
export const LIBRARY_ISSUES: { month: number; title?: I18nText; papers: { section: I18nText; paper: DemoPaper }[] }[] =
  [
    {
      month: 3,
      papers: [
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '醫療人員 COVID-19 疫苗接種意願及其相關因素',
              'Willingness of healthcare workers to receive COVID-19 vaccines and associated factors',
            ),
            t('蕭靜怡、陳冠宇、林佩君', 'Ching-Yi Hsiao, Kuan-Yu Chen, Pei-Chun Lin'),
            t(
              '背景：醫療人員的疫苗態度影響病人的接種決定。方法：2021 年於三家區域醫院以問卷調查 1,126 名醫事人員，分析 COVID-19 疫苗接種意願之相關因素。結果：接種意願為 82%；對疫苗安全性之信任、曾照顧確診病人及護理職類與意願相關。結論：針對安全性疑慮提供實證資訊，可提升醫療人員的接種意願。',
              'Background: Health workers’ attitudes shape their patients’ decisions about vaccines. Methods: In 2021 we surveyed 1,126 staff in three regional hospitals about their willingness to receive COVID-19 vaccines. Results: 82% were willing; trust in vaccine safety, having cared for infected patients and working as a nurse were associated with willingness. Conclusions: Evidence that answers safety concerns can raise uptake among health workers.',
            ),
            t('COVID-19、疫苗、接種意願、醫療人員', 'COVID-19, vaccine, vaccination intention, health personnel'),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '以 qSOFA 預測急診疑似敗血症病人死亡之效度',
              'Validity of qSOFA in predicting death among emergency patients with suspected sepsis',
            ),
            t('游振宇、廖怡婷', 'Chen-Yu Yu, Yi-Ting Liao'),
            t(
              '目的：評估快速序列器官衰竭評估（qSOFA）於急診疑似感染病人之預後預測力。方法：回溯分析 2,408 名急診疑似感染病人，以院內死亡為主要結果。結果：qSOFA 兩分以上之敏感度為 52%、特異度 86%，曲線下面積 0.74，低於全身性發炎反應症候群合併乳酸之模型。結論：qSOFA 不宜單獨作為急診敗血症篩檢工具。',
              'Aim: To assess how well the quick Sequential Organ Failure Assessment (qSOFA) predicts outcome in emergency patients with suspected infection. Methods: A retrospective study of 2,408 patients, with death in hospital as the main outcome. Results: A score of two or more had 52% sensitivity and 86% specificity, with an area under the curve of 0.74, below a model of SIRS with lactate. Conclusions: qSOFA should not be used alone to screen for sepsis in the emergency department.',
            ),
            t('敗血症、qSOFA、急診、預後', 'sepsis, qSOFA, emergency department, prognosis'),
          ),
        },
        {
          section: SECTIONS.case,
          paper: paper(
            t('COVID-19 疫苗接種後心肌炎：病例報告', 'Myocarditis after COVID-19 vaccination: a case report'),
            t('吳承翰、許惠婷', 'Cheng-Han Wu, Hui-Ting Hsu'),
            t(
              '一名 19 歲男性於接種第二劑 mRNA 疫苗後第三天出現胸痛，心肌旋轉蛋白上升，心臟磁振造影符合急性心肌炎。經支持性治療後五天出院，三個月追蹤心功能正常。本文討論疫苗相關心肌炎之診斷與衛教。',
              'A 19-year-old man developed chest pain three days after a second dose of an mRNA vaccine; his troponin was raised and cardiac MRI showed acute myocarditis. He left hospital after five days of supportive care, with normal heart function at three months. We discuss the diagnosis of vaccine-related myocarditis and what to tell patients.',
            ),
            t('心肌炎、COVID-19 疫苗、mRNA', 'myocarditis, COVID-19 vaccine, mRNA'),
          ),
        },
        {
          section: SECTIONS.review,
          paper: paper(
            t('醫學教育中的模擬教學：實證回顧', 'Simulation in medical education: a review of the evidence'),
            t('賴正宏', 'Cheng-Hung Lai'),
            t(
              '模擬教學已成為醫學教育的重要方法。本文回顧模擬教學對知識、技能與病人結果之影響研究，討論擬真度、刻意練習與引導式回饋等設計要素，並指出成本效益與技能維持之研究缺口。',
              'Simulation has become a central method of medical education. This review looks at studies of its effect on knowledge, skills and patient outcomes, discusses fidelity, deliberate practice and debriefing as elements of design, and points to gaps in research on cost and the retention of skills.',
            ),
            t('模擬教學、醫學教育、引導式回饋', 'simulation, medical education, debriefing'),
          ),
        },
      ],
    },
    {
      month: 6,
      papers: [
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗',
              'Simulator training of medical students in point-of-care ultrasound: a randomised controlled trial',
            ),
            t('蕭靜怡、鄭宇翔', 'Ching-Yi Hsiao, Yu-Hsiang Cheng'),
            t(
              '目的：比較超音波模擬器與真人模特兒教學對醫學生床邊超音波技能之效果。方法：將 96 名五年級醫學生隨機分配至模擬器組或真人組，以標準化技能考核評分。結果：兩組之影像取得分數無顯著差異，模擬器組於異常影像判讀較佳。結論：模擬器可補充真人練習之不足。',
              'Aim: To compare ultrasound simulators with live models for teaching medical students point-of-care ultrasound. Methods: 96 fifth-year students were randomised to simulator or live-model training and scored in a standardised skills test. Results: Image acquisition did not differ; the simulator group read abnormal images better. Conclusions: Simulators can make up for what practice on live models lacks.',
            ),
            t(
              '超音波、模擬器、醫學生、隨機對照試驗',
              'ultrasound, simulator, medical students, randomised controlled trial',
            ),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '客觀結構式臨床測驗考官訓練對評分一致性之影響',
              'Effect of examiner training on scoring agreement in an objective structured clinical examination',
            ),
            t('邱志強、羅玉珍', 'Chih-Chiang Chiu, Yu-Chen Lo'),
            t(
              '目的：探討考官訓練是否提升客觀結構式臨床測驗（OSCE）之評分一致性。方法：48 名考官隨機分為接受三小時訓練組與對照組，評閱同一組錄影考試。結果：訓練組之組內相關係數由 0.61 提升至 0.82，對照組則無變化。結論：簡短考官訓練即可改善評分一致性。',
              'Aim: To see whether examiner training improves agreement in scoring an objective structured clinical examination (OSCE). Methods: 48 examiners were randomised to three hours of training or none and scored the same recorded stations. Results: The intraclass correlation rose from 0.61 to 0.82 with training and did not change without it. Conclusions: Brief examiner training improves scoring agreement.',
            ),
            t('OSCE、考官訓練、評分者信度', 'OSCE, examiner training, inter-rater reliability'),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '急診超音波導引周邊靜脈置放之成功率',
              'Success of ultrasound-guided peripheral intravenous access in the emergency department',
            ),
            t('彭建文、何佳穎', 'Chien-Wen Peng, Chia-Ying Ho'),
            t(
              '目的：評估護理師於急診執行超音波導引周邊靜脈置放之成功率。方法：前瞻性收錄 312 名困難靜脈通路病人，由受訓護理師執行超音波導引置放。結果：首次穿刺成功率 78%，整體成功率 94%，並減少中心靜脈導管之使用。結論：護理師主導之超音波導引置放安全可行。',
              'Aim: To measure how often nurses succeed with ultrasound-guided peripheral intravenous access in the emergency department. Methods: 312 patients with difficult veins were enrolled prospectively; trained nurses placed the cannulas with ultrasound. Results: 78% succeeded at the first attempt and 94% in all, and fewer central lines were needed. Conclusions: Nurse-led ultrasound-guided access is safe and feasible.',
            ),
            t(
              '超音波導引、周邊靜脈、急診、護理',
              'ultrasound guidance, peripheral intravenous access, emergency department, nursing',
            ),
          ),
        },
        {
          section: SECTIONS.case,
          paper: paper(
            t(
              '以敗血性休克表現之壞死性筋膜炎：早期辨識之重要性',
              'Necrotising fasciitis presenting as septic shock: the importance of early recognition',
            ),
            t('謝孟儒、陳彥廷', 'Meng-Ju Hsieh, Yen-Ting Chen'),
            t(
              '一名 63 歲糖尿病男性因發燒及左小腿疼痛就醫，兩小時內進展為敗血性休克。床邊評估發現疼痛程度與外觀不成比例，緊急清創確診為壞死性筋膜炎。本例強調疼痛與外觀不符時應及早懷疑並會診外科。',
              'A 63-year-old man with diabetes came in with fever and pain in his left calf and went into septic shock within two hours. Pain out of proportion to the skin findings led to emergency debridement, which confirmed necrotising fasciitis. Pain that does not match what is seen should prompt early suspicion and a surgical opinion.',
            ),
            t('壞死性筋膜炎、敗血性休克、糖尿病', 'necrotising fasciitis, septic shock, diabetes'),
          ),
        },
      ],
    },
    {
      month: 9,
      title: t('醫學倫理專刊', 'Special issue: medical ethics'),
      papers: [
        {
          section: SECTIONS.original,
          paper: paper(
            t('住院醫師面對臨床倫理困境之質性研究', 'Ethical dilemmas experienced by residents: a qualitative study'),
            t('范雅琪、蘇聖文', 'Ya-Chi Fan, Sheng-Wen Su'),
            t(
              '目的：了解住院醫師於臨床工作中遭遇之倫理困境與因應方式。方法：以半結構式訪談 24 名不同專科之住院醫師，進行主題分析。結果：常見困境包括家屬要求隱瞞病情、無效醫療之延續及資源分配，多數受訪者缺乏討論管道。結論：訓練計畫應提供定期倫理討論與支持。',
              'Aim: To understand the ethical dilemmas residents meet at work and how they cope. Methods: Semi-structured interviews with 24 residents from several specialties, analysed thematically. Results: Common dilemmas were families asking that the diagnosis be withheld, continuing futile treatment and allocating resources; most had nowhere to discuss them. Conclusions: Training programmes should offer regular ethics discussion and support.',
            ),
            t('醫學倫理、住院醫師、質性研究', 'medical ethics, residents, qualitative research'),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '虛擬實境模擬於護理學生靜脈注射訓練之成效',
              'Virtual reality simulation for teaching intravenous injection to nursing students',
            ),
            t('簡淑娟、林宜蓁', 'Shu-Chuan Chien, Yi-Chen Lin'),
            t(
              '目的：比較虛擬實境模擬與傳統示範教學對護理學生靜脈注射技能之影響。方法：準實驗設計，112 名二年級護理學生分為兩組，以技能檢核表及自我效能量表評估。結果：虛擬實境組技能分數與自我效能皆顯著較高。結論：虛擬實境模擬可作為護理技能教學之輔助。',
              'Aim: To compare virtual reality simulation with demonstration for teaching nursing students intravenous injection. Methods: A quasi-experimental study of 112 second-year nursing students in two groups, assessed with a skills checklist and a self-efficacy scale. Results: The virtual reality group scored higher on both. Conclusions: Virtual reality simulation can support the teaching of nursing skills.',
            ),
            t(
              '虛擬實境、模擬、護理教育、靜脈注射',
              'virtual reality, simulation, nursing education, intravenous injection',
            ),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '新進護理師轉銜震盪與留任意願之相關性',
              'Transition shock and intention to stay among newly graduated nurses',
            ),
            t('黃郁婷、張秀玲', 'Yu-Ting Huang, Hsiu-Ling Chang'),
            t(
              '目的：探討新進護理師到職一年內之轉銜震盪與留任意願之關係。方法：縱貫性調查 356 名新進護理師，於到職第一、三、六及十二個月填答問卷。結果：轉銜震盪於第三個月最高，臨床教師支持程度可緩衝其對留任意願之負面影響。結論：到職初期應加強臨床教師輔導。',
              'Aim: To relate transition shock in the first year to new nurses’ intention to stay. Methods: A longitudinal survey of 356 newly graduated nurses at one, three, six and twelve months. Results: Transition shock peaked at three months, and support from preceptors softened its effect on the intention to stay. Conclusions: Preceptors’ support matters most in the first months.',
            ),
            t('新進護理師、轉銜震盪、留任、臨床教師', 'new graduate nurses, transition shock, retention, preceptor'),
          ),
        },
        {
          section: SECTIONS.review,
          paper: paper(
            t('人工智慧於醫學教育之倫理議題', 'Ethical issues of artificial intelligence in medical education'),
            t('高振哲', 'Chen-Che Kao'),
            t(
              '生成式人工智慧快速進入醫學教育。本文整理其於教材製作、學習評量與臨床決策訓練之應用，並從隱私、公平性、學術誠信與責任歸屬等面向討論倫理議題，提出教學機構之治理建議。',
              'Generative artificial intelligence is entering medical education fast. This review sets out its use in preparing materials, assessing learners and training clinical decisions, discusses the ethics of privacy, fairness, academic integrity and accountability, and proposes how teaching institutions can govern it.',
            ),
            t('人工智慧、倫理、醫學教育', 'artificial intelligence, ethics, medical education'),
          ),
        },
      ],
    },
    {
      month: 12,
      papers: [
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '提升急診敗血症集束照護遵從率之品質改善專案',
              'Improving sepsis bundle compliance in the emergency department: a quality improvement project',
            ),
            t('游振宇、王家慧、李承恩', 'Chen-Yu Yu, Chia-Hui Wang, En Lee'),
            t(
              '背景：敗血症一小時集束照護之遵從率偏低。方法：以 PDSA 循環導入電子病歷提醒、檢傷篩檢與每月回饋，比較介入前後各六個月之遵從率。結果：集束照護完整遵從率由 41% 提升至 73%，抗生素給予中位時間縮短 32 分鐘。結論：多面向介入可有效提升敗血症照護品質。',
              'Background: Compliance with the one-hour sepsis bundle was low. Methods: Through PDSA cycles we introduced electronic reminders, triage screening and monthly feedback, and compared six months before and after. Results: Full bundle compliance rose from 41% to 73% and antibiotics came 32 minutes sooner (median). Conclusions: A combined intervention improves sepsis care.',
            ),
            t('敗血症、集束照護、品質改善、急診', 'sepsis, care bundle, quality improvement, emergency department'),
          ),
        },
        {
          section: SECTIONS.original,
          paper: paper(
            t(
              '腹部超音波教學對內科住院醫師診斷準確率之影響',
              'Teaching abdominal ultrasound to internal medicine residents: effect on diagnostic accuracy',
            ),
            t('鄭宇翔、蕭靜怡', 'Yu-Hsiang Cheng, Ching-Yi Hsiao'),
            t(
              '目的：評估結構化腹部超音波課程對內科住院醫師診斷準確率之影響。方法：42 名住院醫師完成八週課程，以放射科判讀為標準，比較課程前後之診斷準確率。結果：腹水、膽結石與腎水腫之判讀準確率由 68% 提升至 89%。結論：結構化課程可提升住院醫師之床邊診斷能力。',
              'Aim: To assess whether a structured abdominal ultrasound course improves the diagnostic accuracy of internal medicine residents. Methods: 42 residents took an eight-week course; accuracy before and after was judged against radiologists’ reports. Results: Accuracy for ascites, gallstones and hydronephrosis rose from 68% to 89%. Conclusions: A structured course improves residents’ bedside diagnosis.',
            ),
            t('腹部超音波、住院醫師、診斷準確率', 'abdominal ultrasound, residents, diagnostic accuracy'),
          ),
        },
        {
          section: SECTIONS.case,
          paper: paper(
            t(
              '末期病人預立醫療決定之倫理衝突：病例討論',
              'Conflict over an advance decision at the end of life: a case discussion',
            ),
            t('蘇聖文、范雅琪', 'Sheng-Wen Su, Ya-Chi Fan'),
            t(
              '一名 81 歲末期肺癌病人已簽署預立醫療決定拒絕插管，入院後家屬要求全力急救。團隊召開家庭會議並會同倫理諮詢小組，最終依病人意願提供緩和照護。本文討論病人自主權利法下之倫理與溝通議題。',
              'An 81-year-old man with end-stage lung cancer had signed an advance decision refusing intubation; once admitted, his family asked for full resuscitation. A family meeting with the ethics consultation team led to palliative care as he had wished. We discuss the ethics and communication involved under the Patient Right to Autonomy Act.',
            ),
            t('預立醫療決定、臨床倫理、安寧緩和', 'advance decision, clinical ethics, palliative care'),
          ),
        },
        {
          section: SECTIONS.review,
          paper: paper(
            t('高血壓治療指引之演變：2017 至 2022 年', 'How hypertension guidelines changed from 2017 to 2022'),
            t('戴志明', 'Chih-Ming Tai'),
            t(
              '本文比較 2017 年美國心臟學會、2018 年歐洲心臟學會及 2022 年國內高血壓治療指引之診斷閾值、治療目標與起始用藥建議，並討論居家血壓量測與單顆複方藥物在臨床實務中的角色。',
              'This review compares the 2017 American, the 2018 European and the 2022 Taiwanese hypertension guidelines on diagnostic thresholds, treatment targets and first drugs, and discusses the place of home blood pressure measurement and single-pill combinations in practice.',
            ),
            t('高血壓、治療指引、血壓目標', 'hypertension, guidelines, blood pressure targets'),
          ),
        },
        {
          section: SECTIONS.review,
          paper: paper(
            t('護理臨床教師制度之國際比較', 'Nurse preceptorship programmes: an international comparison'),
            t('張秀玲', 'Hsiu-Ling Chang'),
            t(
              '本文比較美國、英國、澳洲與臺灣之新進護理師臨床教師制度，包括臨床教師資格、輔導期長度、教學時數保障及成效評估方式，並提出國內制度之改善建議。',
              'This review compares preceptorship for new nurses in the United States, the United Kingdom, Australia and Taiwan: who may be a preceptor, how long preceptorship lasts, protected teaching time and how programmes are evaluated, with suggestions for Taiwan.',
            ),
            t('護理臨床教師、新進護理師、國際比較', 'preceptorship, new graduate nurses, international comparison'),
          ),
        },
      ],
    },
  ];

/** A moment on a Taipei day (10:00 there). */
function onTaipeiDay(day: string): Date {
  return new Date(`${day}T10:00:00+08:00`);
}

const body = (text: I18nText, more?: I18nText): I18nContent => {
  const paragraphs = (locale: 'zh-tw' | 'en-us') =>
    [text[locale], more?.[locale]]
      .filter(Boolean)
      .map((p) => `<p>${p}</p>`)
      .join('');
  return text['en-us'] === undefined
    ? { 'zh-tw': { htmlList: [paragraphs('zh-tw')] } }
    : { 'zh-tw': { htmlList: [paragraphs('zh-tw')] }, 'en-us': { htmlList: [paragraphs('en-us')] } };
};

/** The archive (above): its articles, events and the journal's earlier volume. */
export async function seedLibrary(context: SeedContext): Promise<void> {
  const { tx, now, addSvg } = context;
  const categoryIds = new Map(
    (await tx.select({ id: articleCategories.id, slug: articleCategories.slug }).from(articleCategories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  await tx.insert(articles).values(
    LIBRARY_ARTICLES.map((item) => ({
      categoryId: categoryIds.get(item.category)!,
      title: item.title,
      summary: item.summary,
      content: body(item.summary, item.more),
      publishedAt: onTaipeiDay(item.on),
      updatedAt: onTaipeiDay(item.on),
    })),
  );

  await insertEvents(context, LIBRARY_EVENTS, 'library-event-cover');

  // The main journal (the first by its order) gets the volume before its three current ones.
  const [journal] = await tx
    .select({ id: journalLists.id })
    .from(journalLists)
    .orderBy(asc(journalLists.sort))
    .limit(1);
  if (!journal) return;
  const firstVolume = await tx
    .select({ volume: journalVolumes.volume, year: journalVolumes.year })
    .from(journalVolumes)
    .where(eq(journalVolumes.journalListId, journal.id))
    .orderBy(asc(journalVolumes.volume))
    .limit(1);
  const volume = (firstVolume[0]?.volume ?? 11) - 1;
  const year = (firstVolume[0]?.year ?? taipeiYear(now) - 2) - 1;
  const [vol] = await tx
    .insert(journalVolumes)
    .values({ journalListId: journal.id, volume, year })
    .returning({ id: journalVolumes.id });
  const insertPapers = paperWriter(context);
  for (const [i, issue] of LIBRARY_ISSUES.entries()) {
    const number = i + 1;
    const [row] = await tx
      .insert(journalNumbers)
      .values({
        journalVolumeId: vol!.id,
        number,
        title: issue.title ?? null,
        coverFileId: await addSvg(`journal-${volume}-${number}.svg`, cardSvg((120 + i * 45) % 360, 'book'), 800, 500),
        publishedAt: onTaipeiDay(`${year}-${String(issue.month).padStart(2, '0')}-15`),
      })
      .returning({ id: journalNumbers.id });
    await insertPapers(row!.id, issue.papers, `jcce.${year}.${volume}.${number}`);
  }
}
