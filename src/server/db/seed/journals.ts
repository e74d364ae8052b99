import type { I18nText } from '../../../lib/i18n-text';
import { journalLists, journalNumbers, journalPapers, journalVolumes, posts } from '../schema';
import type { SeedContext } from './context';
import { bannerSvg, cardSvg } from './images';
import { minimalPdf } from './pdf';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
const DAY = 86_400_000;

export interface DemoPaper {
  title: I18nText;
  authors: I18nText;
  abstract: I18nText;
}

export const SECTIONS = {
  original: t('原著論文', 'Original articles'),
  case: t('病例報告', 'Case reports'),
  review: t('綜論', 'Reviews'),
} as const;

/** Papers by section; each issue takes a few of each in turn, so issues differ. */
export const PAPERS: Record<keyof typeof SECTIONS, DemoPaper[]> = {
  original: [
    {
      title: t(
        '模擬情境教學對住院醫師急救能力之影響：前瞻性世代研究',
        "Effect of simulation training on residents' resuscitation skills: a prospective cohort study",
      ),
      authors: t('陳怡君、林志明、王淑芬', 'Yi-Chun Chen, Chih-Ming Lin, Shu-Fen Wang'),
      abstract: t(
        '背景：高擬真模擬教學已廣泛用於急救訓練，但其對住院醫師臨床表現的長期影響仍不明確。方法：本研究追蹤兩家醫學中心共 84 名第一年住院醫師，比較接受每季模擬情境訓練者與接受傳統課堂教學者，於六個月及十二個月時以標準化急救情境評分。結果：模擬組於十二個月時的團隊領導與胸外按壓品質評分顯著較高（平均差 11.4 分，95% 信賴區間 6.2–16.5），且首次電擊時間縮短 38 秒。結論：定期模擬情境教學可提升並維持住院醫師的急救能力，建議納入住院醫師訓練計畫。',
        'Background: High-fidelity simulation is widely used in resuscitation training, but its long-term effect on residents is unclear. Methods: We followed 84 first-year residents in two medical centres, comparing quarterly simulation training with classroom teaching, and scored standardised resuscitation scenarios at six and twelve months. Results: At twelve months the simulation group scored higher for team leadership and compression quality (mean difference 11.4 points, 95% CI 6.2–16.5) and delivered the first shock 38 seconds sooner. Conclusions: Regular simulation improves and sustains residents’ resuscitation skills and belongs in residency programmes.',
      ),
    },
    {
      title: t(
        '臨床教師回饋品質與實習醫學生學習成效之相關性',
        "Quality of clinical teachers' feedback and medical students' learning outcomes",
      ),
      authors: t('黃建華、李佩珊', 'Chien-Hua Huang, Pei-Shan Lee'),
      abstract: t(
        '目的：探討臨床教師即時回饋的品質與實習醫學生臨床表現之關聯。方法：收集 126 名實習醫學生於內科與外科輪訓期間之 1,870 份迷你臨床演練評量（mini-CEX），以經驗證之回饋品質量表評分，並以多層次模型分析其與期末客觀結構式臨床測驗成績之關係。結果：回饋具體且包含改進計畫者，學生期末成績平均高出 4.2 分。結論：提升回饋品質是可行且有效的教學介入。',
        'Aim: To relate the quality of clinical teachers’ immediate feedback to medical students’ clinical performance. Methods: We scored 1,870 mini-CEX forms of 126 students on medicine and surgery rotations with a validated feedback-quality scale and related them to end-of-year OSCE scores in multilevel models. Results: Students whose feedback was specific and included an action plan scored 4.2 points higher on average. Conclusions: Better feedback is a feasible and effective teaching intervention.',
      ),
    },
    {
      title: t(
        '跨領域團隊照護對第二型糖尿病血糖控制之成效',
        'Interprofessional team care and glycaemic control in type 2 diabetes',
      ),
      authors: t('張雅婷、劉俊宏、吳美玲、蔡明哲', 'Ya-Ting Chang, Chun-Hung Liu, Mei-Ling Wu, Ming-Che Tsai'),
      abstract: t(
        '背景：跨領域團隊照護被視為慢性病管理的重要模式。方法：回溯分析 2019 至 2023 年間某區域醫院 612 名第二型糖尿病病人，比較納入醫師、護理師、營養師及藥師共同照護者與一般門診照護者之糖化血色素變化。結果：團隊照護組一年後糖化血色素平均下降 0.9%，一般照護組下降 0.3%。結論：跨領域團隊照護可改善血糖控制，值得推廣至基層醫療。',
        'Background: Interprofessional team care is considered central to chronic disease management. Methods: We reviewed 612 patients with type 2 diabetes at a regional hospital from 2019 to 2023, comparing HbA1c in patients cared for jointly by physicians, nurses, dietitians and pharmacists with those in usual clinics. Results: After one year HbA1c fell by 0.9% with team care and by 0.3% with usual care. Conclusions: Team care improves glycaemic control and deserves wider use in primary care.',
      ),
    },
    {
      title: t(
        '以客觀結構式臨床測驗評估護理師之溝通能力',
        "Assessing nurses' communication skills with an objective structured clinical examination",
      ),
      authors: t('許淑惠、鄭文彬', 'Shu-Hui Hsu, Wen-Pin Cheng'),
      abstract: t(
        '目的：建立並驗證評估新進護理師溝通能力之客觀結構式臨床測驗站。方法：設計六個以標準化病人進行之情境站，邀請 58 名新進護理師參與，分析評分者間信度與內容效度。結果：各站評分者間信度 0.78 至 0.91，整體 Cronbach’s α 為 0.86。結論：此測驗具良好信效度，可作為新進護理師訓練之評量工具。',
        'Aim: To build and validate OSCE stations that assess the communication skills of newly qualified nurses. Methods: Six stations with standardised patients were run with 58 new nurses; inter-rater reliability and content validity were analysed. Results: Inter-rater reliability ranged from 0.78 to 0.91 and overall Cronbach’s alpha was 0.86. Conclusions: The examination is reliable and valid and can be used in the training of new nurses.',
      ),
    },
    {
      title: t(
        '線上繼續教育課程完成率之影響因素：全國性調查',
        'Factors associated with completing online continuing education courses: a national survey',
      ),
      authors: t('周家豪、楊惠如、謝宗翰', 'Chia-Hao Chou, Hui-Ju Yang, Tsung-Han Hsieh'),
      abstract: t(
        '背景：線上課程已成為醫事人員繼續教育的主要形式，但完成率差異很大。方法：以問卷調查全國 2,314 名醫事人員，並串接學習平台紀錄，以邏輯斯迴歸分析課程完成之相關因素。結果：課程長度在 30 分鐘以內、具互動測驗及可行動裝置觀看者，完成率顯著較高。結論：課程設計應考量臨床工作者的時間限制。',
        'Background: Online courses are now the main form of continuing education for health professionals, yet completion varies widely. Methods: We surveyed 2,314 health professionals nationwide, linked the answers to learning-platform records and analysed completion with logistic regression. Results: Courses under 30 minutes, with interactive quizzes and usable on phones, were completed significantly more often. Conclusions: Course design should respect the time clinicians have.',
      ),
    },
    {
      title: t(
        '急診高齡病人跌倒風險篩檢工具之效度研究',
        'Validity of a fall-risk screening tool for older patients in the emergency department',
      ),
      authors: t('林佳蓉、郭志偉', 'Chia-Jung Lin, Chih-Wei Kuo'),
      abstract: t(
        '目的：評估一項五題跌倒風險篩檢工具於急診 65 歲以上病人之預測效度。方法：前瞻性收案 1,042 名病人，追蹤其離院後六個月內之跌倒事件。結果：曲線下面積為 0.79，以 2 分為切點時敏感度 81%、特異度 64%。結論：此工具簡便且具良好預測力，適合於急診常規使用。',
        'Aim: To assess the predictive validity of a five-item fall-risk screening tool for patients aged 65 or over in the emergency department. Methods: We prospectively enrolled 1,042 patients and recorded falls in the six months after discharge. Results: The area under the curve was 0.79; a cut-off of 2 points gave 81% sensitivity and 64% specificity. Conclusions: The tool is quick, predicts well and suits routine emergency use.',
      ),
    },
  ],
  case: [
    {
      title: t(
        '以非典型胸痛表現之主動脈剝離：病例報告',
        'Aortic dissection presenting as atypical chest pain: a case report',
      ),
      authors: t('王志豪、陳雅雯', 'Chih-Hao Wang, Ya-Wen Chen'),
      abstract: t(
        '一名 52 歲男性因上腹痛及背部不適至急診，初步心電圖與心肌酵素正常，疑似胃食道逆流。因兩側上肢血壓差異達 24 mmHg，安排電腦斷層血管攝影，確診為 A 型主動脈剝離並緊急手術。本例提醒臨床人員對非典型胸痛保持警覺。',
        'A 52-year-old man came to the emergency department with epigastric and back pain; his ECG and cardiac enzymes were normal and reflux was suspected. A 24 mmHg difference in blood pressure between his arms led to CT angiography, which showed a type A aortic dissection, repaired as an emergency. The case is a reminder to stay alert to atypical chest pain.',
      ),
    },
    {
      title: t('年輕女性之自發性冠狀動脈剝離', 'Spontaneous coronary artery dissection in a young woman'),
      authors: t('李宛蓉、張書豪、黃詩婷', 'Wan-Jung Lee, Shu-Hao Chang, Shih-Ting Huang'),
      abstract: t(
        '一名 36 歲、無心血管危險因子之女性於產後第三週發生急性胸痛，心導管檢查發現左前降支自發性剝離。經保守治療後症狀緩解，三個月後追蹤血管已癒合。本文回顧自發性冠狀動脈剝離之診斷與處置原則。',
        'A 36-year-old woman without cardiovascular risk factors had acute chest pain three weeks after giving birth; angiography showed a spontaneous dissection of the left anterior descending artery. Conservative treatment relieved her symptoms and the artery had healed at three months. We review the diagnosis and management of spontaneous coronary artery dissection.',
      ),
    },
    {
      title: t(
        '長期使用氫離子幫浦阻斷劑相關之低血鎂症',
        'Hypomagnesaemia associated with long-term proton pump inhibitor use',
      ),
      authors: t('蔡佩君、吳孟達', 'Pei-Chun Tsai, Meng-Ta Wu'),
      abstract: t(
        '一名 74 歲女性因手足抽搐及心律不整入院，血清鎂濃度 0.4 mg/dL。病人已連續服用氫離子幫浦阻斷劑八年，排除其他原因後停藥並補充鎂離子，症狀完全緩解。長期用藥之高齡病人應定期監測血鎂。',
        'A 74-year-old woman was admitted with carpopedal spasm and arrhythmia; her serum magnesium was 0.4 mg/dL. She had taken a proton pump inhibitor for eight years. Once other causes were excluded, stopping the drug and replacing magnesium resolved her symptoms. Older patients on long-term treatment should have their magnesium checked regularly.',
      ),
    },
    {
      title: t('誤診為焦慮症之嗜鉻細胞瘤', 'Phaeochromocytoma misdiagnosed as anxiety disorder'),
      authors: t('劉冠廷、許雅惠', 'Kuan-Ting Liu, Ya-Hui Hsu'),
      abstract: t(
        '一名 41 歲男性兩年來反覆心悸、冒汗及頭痛，曾被診斷為恐慌症。本次因血壓 220/120 mmHg 就醫，血漿游離 metanephrine 明顯上升，影像發現右側腎上腺腫瘤，手術切除後症狀消失。陣發性症狀合併高血壓時應考慮此診斷。',
        'A 41-year-old man had two years of recurrent palpitations, sweating and headaches and had been diagnosed with panic disorder. He now presented with a blood pressure of 220/120 mmHg; plasma free metanephrines were markedly raised and imaging showed a right adrenal tumour, whose removal ended his symptoms. Paroxysmal symptoms with hypertension should prompt this diagnosis.',
      ),
    },
  ],
  review: [
    {
      title: t('臨床推理教學策略之文獻回顧', 'Teaching clinical reasoning: a narrative review'),
      authors: t('楊志遠', 'Chih-Yuan Yang'),
      abstract: t(
        '臨床推理是醫師核心能力之一。本文整理近十年臨床推理教學研究，介紹疾病腳本、自我解釋、結構化反思等教學策略，並討論其於不同訓練階段之應用與評量方式，提供臨床教師設計教學活動之參考。',
        'Clinical reasoning is a core competence of physicians. This review summarises ten years of research on teaching it, introduces illness scripts, self-explanation and structured reflection, and discusses their use and assessment at different stages of training, as a guide for clinical teachers designing their sessions.',
      ),
    },
    {
      title: t('醫學教育中的回饋：理論與實務', 'Feedback in medical education: theory and practice'),
      authors: t('林秀娟、高振哲', 'Hsiu-Chuan Lin, Chen-Che Kao'),
      abstract: t(
        '回饋是促進學習最有力的工具之一，卻常被學習者認為不足。本文從學習理論出發，說明有效回饋的要素，比較三明治法、R2C2 模式與回饋對話等方法，並提出在忙碌臨床環境中落實回饋的具體建議。',
        'Feedback is one of the strongest drivers of learning, yet learners often find it lacking. Starting from learning theory, this review sets out what makes feedback effective, compares the sandwich method, the R2C2 model and feedback conversations, and offers practical advice for giving feedback in busy clinical settings.',
      ),
    },
    {
      title: t('里程碑評量於畢業後醫學教育之應用', 'Milestone-based assessment in postgraduate medical education'),
      authors: t('鄭雅文、王俊傑、陳柏宇', 'Ya-Wen Cheng, Chun-Chieh Wang, Po-Yu Chen'),
      abstract: t(
        '以能力為導向的醫學教育強調以里程碑描述學員的發展。本文介紹里程碑評量之架構、臨床能力委員會之運作，以及國內外實施經驗與挑戰，並建議如何結合可信賴專業活動進行決策。',
        'Competency-based medical education describes a trainee’s progress in milestones. This review introduces the milestone framework and the work of clinical competency committees, reports experience and challenges in Taiwan and abroad, and suggests how to combine milestones with entrustable professional activities in decisions.',
      ),
    },
  ],
};

const NEWSLETTER_ITEMS: { section: I18nText; paper: DemoPaper }[] = [
  {
    section: t('會務報告', 'Society reports'),
    paper: {
      title: t(
        '理事長的話：邁向以能力為導向的繼續教育',
        "President's message: towards competency-based continuing education",
      ),
      authors: t('理事長 黃明德', 'Ming-Te Huang, President'),
      abstract: t(
        '理事長回顧本年度會務推動成果，並說明明年度繼續教育積分制度之調整方向。',
        'The president looks back on the year and explains how the continuing education credits will change next year.',
      ),
    },
  },
  {
    section: t('會務報告', 'Society reports'),
    paper: {
      title: t('理監事會議紀要', 'Minutes of the board meeting'),
      authors: t('秘書處', 'Secretariat'),
      abstract: t(
        '本次會議通過新會員入會申請、年度預算及學術研討會籌備事項。',
        'The board approved new members, the annual budget and the plans for the scientific meeting.',
      ),
    },
  },
  {
    section: t('活動紀實', 'Event reports'),
    paper: {
      title: t('實證醫學教學工作坊紀實', 'Report: evidence-based medicine teaching workshop'),
      authors: t('教育委員會', 'Education Committee'),
      abstract: t(
        '工作坊共有 64 位臨床教師參與，以小組方式實作教案設計並分享教學經驗。',
        'Sixty-four clinical teachers designed teaching cases in small groups and shared their experience.',
      ),
    },
  },
  {
    section: t('會員園地', 'Member corner'),
    paper: {
      title: t('偏鄉醫療教學的一天', 'A day of teaching in rural medicine'),
      authors: t('會員 林書瑜', 'Shu-Yu Lin, member'),
      abstract: t(
        '一位家醫科醫師分享帶領醫學生於偏鄉衛生所見習的經驗與收穫。',
        'A family physician tells of taking medical students to a rural health station.',
      ),
    },
  },
];

/** The year in Taipei of a moment, so volume years follow the demo's clock. */
export function taipeiYear(date: Date): number {
  return new Date(date.getTime() + 8 * 3_600_000).getUTCFullYear();
}

/** Journals, their volumes, issues and papers; an upcoming and a closed call for papers. */
export async function seedJournals(context: SeedContext): Promise<void> {
  const { tx, now, addSvg } = context;
  const insertPapers = paperWriter(context);

  const [journal, newsletter] = await tx
    .insert(journalLists)
    .values([
      {
        name: t('臨床繼續教育期刊', 'Journal of Continuing Clinical Education'),
        description: t(
          '本會之同儕審查學術期刊，每季出刊，刊登臨床醫學教育、繼續教育與臨床實務之原著論文、病例報告及綜論，全文開放閱覽。',
          "The society's peer-reviewed journal, published quarterly: original articles, case reports and reviews on clinical education, continuing education and clinical practice, all open access.",
        ),
        issn: '2958-4638',
        coverFileId: await addSvg('journal-cover.svg', cardSvg(212, 'book'), 800, 500),
        sort: 10,
      },
      {
        name: t('學會通訊', 'Society Newsletter'),
        description: t(
          '會務報告、活動紀實與會員園地，每半年出刊。',
          'Society reports, event reports and news from members, twice a year.',
        ),
        coverFileId: await addSvg('newsletter-cover.svg', bannerSvg(28, 800, 500), 800, 500),
        sort: 20,
      },
    ])
    .returning({ id: journalLists.id });
  // A discontinued publication the public no longer sees.
  await tx.insert(journalLists).values({
    name: t('學會年報（已停刊）', 'Annual Report (discontinued)'),
    visible: false,
    sort: 30,
  });

  // The journal: three volumes, one a year, four quarterly issues each. The newest issue is
  // scheduled three weeks ahead, so it is not public yet.
  const year = taipeiYear(now);
  const volumes = [11, 12, 13];
  const pools = Object.entries(PAPERS) as [keyof typeof SECTIONS, DemoPaper[]][];
  let issueIndex = 0;
  for (const [v, volume] of volumes.entries()) {
    const [vol] = await tx
      .insert(journalVolumes)
      .values({ journalListId: journal!.id, volume, year: year - (volumes.length - 1 - v) })
      .returning({ id: journalVolumes.id });
    for (let number = 1; number <= 4; number += 1) {
      const issuesFromNewest = volumes.length * 4 - 1 - issueIndex;
      const publishedAt = new Date(now.getTime() + (21 - issuesFromNewest * 91) * DAY);
      const hue = (200 + issueIndex * 37) % 360;
      const icon = (['book', 'chart', 'cross', 'people'] as const)[issueIndex % 4]!;
      const [issue] = await tx
        .insert(journalNumbers)
        .values({
          journalVolumeId: vol!.id,
          number,
          title:
            volume === 12 && number === 3
              ? t('醫學教育評量專刊', 'Special issue: assessment in medical education')
              : null,
          coverFileId: await addSvg(`journal-${volume}-${number}.svg`, cardSvg(hue, icon), 800, 500),
          publishedAt,
        })
        .returning({ id: journalNumbers.id });
      // 4 to 8 papers over the three sections, taken in turn from each pool.
      const count = 4 + ((issueIndex * 3) % 5);
      const picked: { section: I18nText; paper: DemoPaper }[] = [];
      for (let i = 0; picked.length < count; i += 1) {
        const [key, pool] = pools[i % pools.length]!;
        const round = Math.floor(i / pools.length);
        picked.push({ section: SECTIONS[key], paper: pool[(issueIndex + round) % pool.length]! });
      }
      picked.sort((a, b) => sectionRank(a.section) - sectionRank(b.section));
      await insertPapers(issue!.id, picked, `jcce.${year - (volumes.length - 1 - v)}.${volume}.${number}`);
      issueIndex += 1;
    }
  }

  // The newsletter: one volume this year with two issues.
  const [newsVolume] = await tx
    .insert(journalVolumes)
    .values({ journalListId: newsletter!.id, volume: 1, year })
    .returning({ id: journalVolumes.id });
  for (const number of [1, 2]) {
    const [issue] = await tx
      .insert(journalNumbers)
      .values({
        journalVolumeId: newsVolume!.id,
        number,
        coverFileId: await addSvg(`newsletter-${number}.svg`, bannerSvg(28 + number * 20, 800, 500), 800, 500),
        publishedAt: new Date(now.getTime() - (number === 1 ? 200 : 20) * DAY),
      })
      .returning({ id: journalNumbers.id });
    await insertPapers(issue!.id, NEWSLETTER_ITEMS, null);
  }

  // Calls for papers besides the open ones of the demo: one opening soon, one already closed.
  await tx.insert(posts).values([
    {
      name: t(
        '期刊特刊徵稿：人工智慧與醫學教育',
        'Call for papers: special issue on artificial intelligence in medical education',
      ),
      description: t(
        '歡迎投稿探討人工智慧於臨床教學、評量與繼續教育應用之原著論文與綜論。',
        'Original articles and reviews on artificial intelligence in clinical teaching, assessment and continuing education.',
      ),
      opensAt: new Date(now.getTime() + 25 * DAY),
      closesAt: new Date(now.getTime() + 120 * DAY),
      sort: 10,
    },
    {
      name: t('2026 年會學術論文徵稿（已截止）', 'Call for abstracts: 2026 annual meeting (closed)'),
      description: t('本次徵稿已截止。', 'This call has closed.'),
      opensAt: new Date(now.getTime() - 300 * DAY),
      closesAt: new Date(now.getTime() - 200 * DAY),
      sort: 20,
    },
  ]);
}

/**
 * What stores papers in an issue: each with pages in turn, a DOI under `doiStem` (none without),
 * and a PDF of its English title and abstract, stored once per paper however many issues reuse it.
 */
export function paperWriter({ tx, addFile }: SeedContext) {
  const pdfs = new Map<DemoPaper, number>();
  async function pdfOf(paper: DemoPaper): Promise<number> {
    let id = pdfs.get(paper);
    if (id === undefined) {
      const english = paper.title['en-us'] ?? '';
      id = await addFile(
        `${english
          .replace(/[^A-Za-z0-9]+/g, '-')
          .slice(0, 60)
          .replace(/^-|-$/g, '')
          .toLowerCase()}.pdf`,
        'application/pdf',
        minimalPdf([english, paper.authors['en-us'] ?? '', '', paper.abstract['en-us'] ?? '']),
      );
      pdfs.set(paper, id);
    }
    return id;
  }
  return async function insertPapers(
    journalNumberId: number,
    papers: { section: I18nText; paper: DemoPaper }[],
    doiStem: string | null,
  ): Promise<void> {
    let page = 1;
    const rows = [];
    for (const [i, { section, paper }] of papers.entries()) {
      const length = 4 + ((journalNumberId + i) % 7);
      const pages = `${page}–${page + length - 1}`;
      const doi = doiStem ? `10.5555/${doiStem}.${String(i + 1).padStart(3, '0')}` : null;
      const pdfFileId = await pdfOf(paper);
      rows.push({
        journalNumberId,
        section,
        title: paper.title,
        authors: paper.authors,
        abstract: paper.abstract,
        pages,
        doi,
        pdfFileId,
        sort: (i + 1) * 10,
      });
      page += length;
    }
    await tx.insert(journalPapers).values(rows);
  };
}

function sectionRank(section: I18nText): number {
  return Object.values(SECTIONS).indexOf(section as (typeof SECTIONS)[keyof typeof SECTIONS]);
}
