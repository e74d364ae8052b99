/**
 * The relevance set of site search (issue 48, docs/decisions/042 "Relevance"): queries a reader of
 * each language would type over the demo (src/server/db/seed/, the archive in library.ts), each
 * with the items that must come first, named by kind and exact title as that reader sees it (the
 * title in their language, or in the only language the item has). Most have competitors: items
 * holding the words in their body, or newer items, which a ranking that ignored the title would put
 * first.
 */

export type Kind = 'article' | 'event' | 'paper' | 'page';
export type Lang = 'zh-tw' | 'en-us';

export interface RelevanceQuery {
  q: string;
  kind?: Kind;
  when?: 'upcoming' | 'past';
  year?: number;
  /** The items that must come first. */
  relevant: [Kind, string][];
}

const ZH_ULTRASOUND: [Kind, string][] = [
  ['article', '腹部超音波檢查指引 2025 年版發布'],
  ['article', '重症超音波認證課程開始報名'],
  ['article', '心臟超音波判讀線上題庫開放練習'],
  ['event', '床邊超音波實作工作坊'],
  ['event', '腹部超音波基礎實作工作坊'],
  ['event', '重症超音波進階工作坊'],
  ['paper', '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗'],
  ['paper', '急診超音波導引周邊靜脈置放之成功率'],
  ['paper', '腹部超音波教學對內科住院醫師診斷準確率之影響'],
];

const ZH_SEPSIS: [Kind, string][] = [
  ['article', '國際敗血症治療指引 2021 年版中文摘要'],
  ['article', '敗血症早期辨識教學教材開放下載'],
  ['article', '兒童敗血症指引 2024 年更新重點'],
  ['event', '敗血症集束照護模擬工作坊'],
  ['paper', '以 qSOFA 預測急診疑似敗血症病人死亡之效度'],
  ['paper', '提升急診敗血症集束照護遵從率之品質改善專案'],
];

const ZH_ETHICS: [Kind, string][] = [
  ['article', '醫學倫理個案教材出版'],
  ['article', '人體研究倫理審查新制說明'],
  ['article', '本會發布人工智慧輔助教學倫理守則'],
  ['event', '臨床倫理諮詢工作坊'],
  ['event', '安寧緩和醫療的倫理議題線上講座'],
  ['event', '醫學倫理與法律繼續教育課程'],
  ['event', '研究倫理（IRB）課程'],
  ['paper', '住院醫師面對臨床倫理困境之質性研究'],
  ['paper', '人工智慧於醫學教育之倫理議題'],
  ['paper', '末期病人預立醫療決定之倫理衝突：病例討論'],
];

const ZH_COVID_VACCINE: [Kind, string][] = [
  ['article', 'COVID-19 疫苗追加劑接種建議更新'],
  ['article', '流感與 COVID-19 疫苗可同時接種：2023–2024 年度說明'],
  ['event', 'COVID-19 疫苗猶豫之溝通策略線上講座'],
  ['paper', '醫療人員 COVID-19 疫苗接種意願及其相關因素'],
  ['paper', 'COVID-19 疫苗接種後心肌炎：病例報告'],
];

const ZH_NURSE_PRECEPTOR: [Kind, string][] = [
  ['article', '護理臨床教師培育計畫第三期招生'],
  ['event', '護理臨床教師培訓課程'],
  ['paper', '護理臨床教師制度之國際比較'],
];

const EN_COVID_VACCINE: [Kind, string][] = [
  ['article', 'Updated advice on COVID-19 vaccine boosters'],
  ['article', 'Influenza and COVID-19 vaccines at the same visit: the 2023–2024 season'],
  ['event', 'Talking with patients who hesitate over COVID-19 vaccines (webinar)'],
  ['paper', 'Willingness of healthcare workers to receive COVID-19 vaccines and associated factors'],
  ['paper', 'Myocarditis after COVID-19 vaccination: a case report'],
];

export const QUERIES: Record<Lang, RelevanceQuery[]> = {
  'zh-tw': [
    // Single words, and a word inside longer titles.
    { q: '超音波', relevant: ZH_ULTRASOUND },
    { q: '超音波檢查', relevant: [['article', '腹部超音波檢查指引 2025 年版發布']] },
    {
      q: '腹部超音波',
      relevant: [
        ['article', '腹部超音波檢查指引 2025 年版發布'],
        ['event', '腹部超音波基礎實作工作坊'],
        ['paper', '腹部超音波教學對內科住院醫師診斷準確率之影響'],
      ],
    },
    {
      q: '重症超音波',
      relevant: [
        ['article', '重症超音波認證課程開始報名'],
        ['event', '重症超音波進階工作坊'],
      ],
    },
    { q: '心臟超音波', relevant: [['article', '心臟超音波判讀線上題庫開放練習']] },
    {
      q: '床邊超音波',
      relevant: [
        ['event', '床邊超音波實作工作坊'],
        ['paper', '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗'],
      ],
    },
    { q: '超音波導引', relevant: [['paper', '急診超音波導引周邊靜脈置放之成功率']] },
    { q: '敗血症', relevant: ZH_SEPSIS },
    {
      q: '敗血症 指引',
      relevant: [
        ['article', '國際敗血症治療指引 2021 年版中文摘要'],
        ['article', '兒童敗血症指引 2024 年更新重點'],
      ],
    },
    { q: '敗血症 2021', relevant: [['article', '國際敗血症治療指引 2021 年版中文摘要']] },
    { q: '兒童敗血症', relevant: [['article', '兒童敗血症指引 2024 年更新重點']] },
    {
      q: '集束照護',
      relevant: [
        ['event', '敗血症集束照護模擬工作坊'],
        ['paper', '提升急診敗血症集束照護遵從率之品質改善專案'],
      ],
    },
    { q: 'qSOFA', relevant: [['paper', '以 qSOFA 預測急診疑似敗血症病人死亡之效度']] },
    { q: '倫理', relevant: ZH_ETHICS },
    {
      q: '醫學倫理',
      relevant: [
        ['article', '醫學倫理個案教材出版'],
        ['event', '醫學倫理與法律繼續教育課程'],
      ],
    },
    {
      q: '臨床倫理',
      relevant: [
        ['event', '臨床倫理諮詢工作坊'],
        ['paper', '住院醫師面對臨床倫理困境之質性研究'],
      ],
    },
    {
      q: '研究倫理',
      relevant: [
        ['article', '人體研究倫理審查新制說明'],
        ['event', '研究倫理（IRB）課程'],
      ],
    },
    {
      q: '人工智慧 倫理',
      relevant: [
        ['article', '本會發布人工智慧輔助教學倫理守則'],
        ['paper', '人工智慧於醫學教育之倫理議題'],
      ],
    },
    // Mixed Chinese and English.
    { q: 'COVID-19 疫苗', relevant: ZH_COVID_VACCINE },
    { q: 'COVID-19 追加劑', relevant: [['article', 'COVID-19 疫苗追加劑接種建議更新']] },
    {
      q: '疫苗猶豫',
      relevant: [
        ['article', '疫苗猶豫的溝通技巧：教學資源包上線'],
        ['event', 'COVID-19 疫苗猶豫之溝通策略線上講座'],
      ],
    },
    { q: '心肌炎', relevant: [['paper', 'COVID-19 疫苗接種後心肌炎：病例報告']] },
    {
      q: '模擬醫學',
      relevant: [
        ['event', '模擬醫學與病人安全研討會'],
        ['article', '模擬醫學教學中心認證結果公告'],
        ['event', '2025 模擬醫學教育研討會'],
      ],
    },
    {
      q: '虛擬實境',
      relevant: [
        ['article', '虛擬實境模擬訓練試辦計畫成果發表'],
        ['paper', '虛擬實境模擬於護理學生靜脈注射訓練之成效'],
      ],
    },
    { q: '虛擬實境 護理', relevant: [['paper', '虛擬實境模擬於護理學生靜脈注射訓練之成效']] },
    {
      q: 'OSCE',
      relevant: [
        ['article', 'OSCE 考官培訓工作坊'],
        ['article', '2024 年度 OSCE 考場評鑑結果公布'],
        ['event', 'OSCE 教案撰寫工作坊'],
      ],
    },
    {
      q: '客觀結構式臨床測驗',
      relevant: [
        ['paper', '以客觀結構式臨床測驗評估護理師之溝通能力'],
        ['paper', '客觀結構式臨床測驗考官訓練對評分一致性之影響'],
      ],
    },
    {
      q: 'OSCE 考官',
      relevant: [
        ['article', 'OSCE 考官培訓工作坊'],
        ['paper', '客觀結構式臨床測驗考官訓練對評分一致性之影響'],
      ],
    },
    { q: '標準化病人', relevant: [['article', '標準化病人招募與培訓說明會']] },
    { q: '護理臨床教師', relevant: ZH_NURSE_PRECEPTOR },
    {
      q: '新進護理',
      relevant: [
        ['article', '新進護理人員留任調查結果出爐'],
        ['paper', '新進護理師轉銜震盪與留任意願之相關性'],
      ],
    },
    {
      q: '留任',
      relevant: [
        ['article', '新進護理人員留任調查結果出爐'],
        ['paper', '新進護理師轉銜震盪與留任意願之相關性'],
      ],
    },
    // Guidelines of different years.
    {
      q: '高血壓',
      relevant: [
        ['article', '2022 高血壓治療指引重點解讀'],
        ['article', '高血壓治療指引 2025 年更新說明會'],
        ['paper', '高血壓治療指引之演變：2017 至 2022 年'],
      ],
    },
    {
      q: '2022 高血壓 指引',
      relevant: [
        ['article', '2022 高血壓治療指引重點解讀'],
        ['paper', '高血壓治療指引之演變：2017 至 2022 年'],
      ],
    },
    { q: '高血壓 2025', relevant: [['article', '高血壓治療指引 2025 年更新說明會']] },
    {
      q: '心肺復甦術 指引',
      relevant: [
        ['article', '2020 心肺復甦術指引重點回顧'],
        ['article', '2025 心肺復甦術指引發布：臨床教學重點'],
        ['event', '2025 心肺復甦術指引更新線上講座'],
      ],
    },
    { q: '心肺復甦術 2020', relevant: [['article', '2020 心肺復甦術指引重點回顧']] },
    { q: '2024 會費', relevant: [['article', '2024 年度常年會費繳費通知']] },
    {
      q: '第十三屆',
      relevant: [
        ['article', '第十三屆會員大會暨學術研討會紀實'],
        ['event', '第十三屆會員大會暨學術研討會'],
      ],
    },
    { q: '第十二屆會員大會', relevant: [['article', '第十二屆會員大會暨學術研討會圓滿落幕']] },
    // Common words: the items titled so must come before the many that only mention them.
    {
      q: '指引',
      relevant: [
        ['article', '國際敗血症治療指引 2021 年版中文摘要'],
        ['article', '2022 高血壓治療指引重點解讀'],
        ['article', '2020 心肺復甦術指引重點回顧'],
        ['article', '兒童敗血症指引 2024 年更新重點'],
        ['article', '腹部超音波檢查指引 2025 年版發布'],
        ['article', '高血壓治療指引 2025 年更新說明會'],
        ['article', '2025 心肺復甦術指引發布：臨床教學重點'],
        ['event', '2025 心肺復甦術指引更新線上講座'],
        ['paper', '高血壓治療指引之演變：2017 至 2022 年'],
      ],
    },
    {
      q: '評量',
      relevant: [
        ['article', '住院醫師臨床教學評量表修訂說明'],
        ['paper', '里程碑評量於畢業後醫學教育之應用'],
      ],
    },
    {
      q: '急診',
      relevant: [
        ['paper', '急診高齡病人跌倒風險篩檢工具之效度研究'],
        ['paper', '以 qSOFA 預測急診疑似敗血症病人死亡之效度'],
        ['paper', '急診超音波導引周邊靜脈置放之成功率'],
        ['paper', '提升急診敗血症集束照護遵從率之品質改善專案'],
      ],
    },
    {
      q: '住院醫師',
      relevant: [
        ['article', '住院醫師臨床教學評量表修訂說明'],
        ['article', '住院醫師可信賴專業活動（EPA）導入指南'],
        ['event', '住院醫師職業倦怠因應線上講座'],
        ['paper', '住院醫師面對臨床倫理困境之質性研究'],
        ['paper', '腹部超音波教學對內科住院醫師診斷準確率之影響'],
        ['paper', '模擬情境教學對住院醫師急救能力之影響：前瞻性世代研究'],
      ],
    },
    {
      q: '護理',
      relevant: [
        ['article', '護理臨床教師培育計畫第三期招生'],
        ['article', '新進護理人員留任調查結果出爐'],
        ['event', '護理臨床教師培訓課程'],
        ['paper', '虛擬實境模擬於護理學生靜脈注射訓練之成效'],
        ['paper', '新進護理師轉銜震盪與留任意願之相關性'],
        ['paper', '護理臨床教師制度之國際比較'],
        ['paper', '以客觀結構式臨床測驗評估護理師之溝通能力'],
      ],
    },
    {
      q: '模擬',
      relevant: [
        ['article', '虛擬實境模擬訓練試辦計畫成果發表'],
        ['article', '模擬醫學教學中心認證結果公告'],
        ['event', '模擬醫學與病人安全研討會'],
        ['event', '模擬教學師資培訓課程'],
        ['event', '敗血症集束照護模擬工作坊'],
        ['event', '2025 模擬醫學教育研討會'],
        ['paper', '模擬情境教學對住院醫師急救能力之影響：前瞻性世代研究'],
        ['paper', '醫學教育中的模擬教學：實證回顧'],
        ['paper', '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗'],
        ['paper', '虛擬實境模擬於護理學生靜脈注射訓練之成效'],
      ],
    },
    {
      q: '疫苗',
      relevant: [...ZH_COVID_VACCINE, ['article', '疫苗猶豫的溝通技巧：教學資源包上線']],
    },
    { q: 'COVID-19', relevant: ZH_COVID_VACCINE },
    // Simplified characters.
    { q: '腹部超音波检查', relevant: [['article', '腹部超音波檢查指引 2025 年版發布']] },
    { q: '败血症', relevant: ZH_SEPSIS },
    { q: '护理临床教师', relevant: ZH_NURSE_PRECEPTOR },
    {
      q: '医学伦理',
      relevant: [
        ['article', '醫學倫理個案教材出版'],
        ['event', '醫學倫理與法律繼續教育課程'],
      ],
    },
    // An author's name.
    {
      q: '蕭靜怡',
      relevant: [
        ['paper', '醫療人員 COVID-19 疫苗接種意願及其相關因素'],
        ['paper', '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗'],
        ['paper', '腹部超音波教學對內科住院醫師診斷準確率之影響'],
      ],
    },
    {
      q: '游振宇',
      relevant: [
        ['paper', '以 qSOFA 預測急診疑似敗血症病人死亡之效度'],
        ['paper', '提升急診敗血症集束照護遵從率之品質改善專案'],
      ],
    },
    // Found through the other language's text, or written in English only.
    {
      q: 'point-of-care ultrasound',
      relevant: [
        ['event', '床邊超音波實作工作坊'],
        ['paper', '以模擬器訓練醫學生床邊超音波技能之隨機對照試驗'],
      ],
    },
    {
      q: 'faculty development Singapore',
      relevant: [['article', 'Joint Asia-Pacific faculty development workshop: call for participants']],
    },
    // Filters.
    {
      q: '超音波',
      kind: 'event',
      when: 'upcoming',
      relevant: [
        ['event', '床邊超音波實作工作坊'],
        ['event', '重症超音波進階工作坊'],
      ],
    },
    { q: '超音波', kind: 'event', when: 'past', relevant: [['event', '腹部超音波基礎實作工作坊']] },
    {
      q: '倫理',
      kind: 'event',
      when: 'past',
      relevant: [
        ['event', '臨床倫理諮詢工作坊'],
        ['event', '安寧緩和醫療的倫理議題線上講座'],
        ['event', '研究倫理（IRB）課程'],
      ],
    },
    {
      q: 'COVID-19',
      kind: 'paper',
      relevant: [
        ['paper', '醫療人員 COVID-19 疫苗接種意願及其相關因素'],
        ['paper', 'COVID-19 疫苗接種後心肌炎：病例報告'],
      ],
    },
    {
      q: 'COVID-19 疫苗',
      kind: 'article',
      year: 2023,
      relevant: [
        ['article', 'COVID-19 疫苗追加劑接種建議更新'],
        ['article', '流感與 COVID-19 疫苗可同時接種：2023–2024 年度說明'],
      ],
    },
  ],
  'en-us': [
    {
      q: 'ultrasound',
      relevant: [
        ['article', 'Abdominal ultrasound examination guideline: 2025 edition'],
        ['article', 'Critical care ultrasound certification: enrolment open'],
        ['event', 'Point-of-care ultrasound hands-on workshop'],
        ['event', 'Abdominal ultrasound basics: hands-on workshop'],
        ['event', 'Advanced critical care ultrasound workshop'],
        ['paper', 'Simulator training of medical students in point-of-care ultrasound: a randomised controlled trial'],
        ['paper', 'Success of ultrasound-guided peripheral intravenous access in the emergency department'],
        ['paper', 'Teaching abdominal ultrasound to internal medicine residents: effect on diagnostic accuracy'],
      ],
    },
    {
      q: 'abdominal ultrasound guideline',
      relevant: [['article', 'Abdominal ultrasound examination guideline: 2025 edition']],
    },
    // Word forms: guidelines finds guideline.
    { q: 'ultrasound guidelines', relevant: [['article', 'Abdominal ultrasound examination guideline: 2025 edition']] },
    {
      q: 'abdominal ultrasound',
      relevant: [
        ['article', 'Abdominal ultrasound examination guideline: 2025 edition'],
        ['event', 'Abdominal ultrasound basics: hands-on workshop'],
        ['paper', 'Teaching abdominal ultrasound to internal medicine residents: effect on diagnostic accuracy'],
      ],
    },
    {
      q: 'point-of-care ultrasound',
      relevant: [
        ['event', 'Point-of-care ultrasound hands-on workshop'],
        ['paper', 'Simulator training of medical students in point-of-care ultrasound: a randomised controlled trial'],
      ],
    },
    {
      q: 'critical care ultrasound',
      relevant: [
        ['article', 'Critical care ultrasound certification: enrolment open'],
        ['event', 'Advanced critical care ultrasound workshop'],
      ],
    },
    { q: 'echocardiography', relevant: [['article', 'Echocardiography reading: online question bank open']] },
    {
      q: 'sepsis',
      relevant: [
        ['article', 'The 2021 international sepsis guidelines: a summary in Chinese'],
        ['article', 'Teaching materials on recognising sepsis early'],
        ['article', 'Sepsis in children: what the 2024 criteria change'],
        ['event', 'Sepsis bundle simulation workshop'],
        ['paper', 'Validity of qSOFA in predicting death among emergency patients with suspected sepsis'],
        ['paper', 'Improving sepsis bundle compliance in the emergency department: a quality improvement project'],
      ],
    },
    {
      q: 'sepsis guidelines',
      relevant: [['article', 'The 2021 international sepsis guidelines: a summary in Chinese']],
    },
    { q: 'sepsis children', relevant: [['article', 'Sepsis in children: what the 2024 criteria change']] },
    {
      q: 'sepsis bundle',
      relevant: [
        ['event', 'Sepsis bundle simulation workshop'],
        ['paper', 'Improving sepsis bundle compliance in the emergency department: a quality improvement project'],
      ],
    },
    {
      q: 'qSOFA',
      relevant: [['paper', 'Validity of qSOFA in predicting death among emergency patients with suspected sepsis']],
    },
    {
      q: 'ethics',
      relevant: [
        ['article', 'A casebook for teaching medical ethics'],
        ['article', 'Changes to research ethics review explained'],
        ['article', 'Ethics guidance on AI-assisted teaching'],
        ['event', 'Clinical ethics consultation workshop'],
        ['event', 'Ethics in palliative care (webinar)'],
        ['event', 'Medical ethics and law: continuing education course'],
        ['event', 'Research ethics (IRB) course'],
        ['paper', 'Ethical dilemmas experienced by residents: a qualitative study'],
        ['paper', 'Ethical issues of artificial intelligence in medical education'],
      ],
    },
    {
      q: 'medical ethics',
      relevant: [
        ['article', 'A casebook for teaching medical ethics'],
        ['event', 'Medical ethics and law: continuing education course'],
      ],
    },
    {
      q: 'research ethics',
      relevant: [
        ['article', 'Changes to research ethics review explained'],
        ['event', 'Research ethics (IRB) course'],
      ],
    },
    { q: 'AI ethics', relevant: [['article', 'Ethics guidance on AI-assisted teaching']] },
    { q: 'COVID-19 vaccine', relevant: EN_COVID_VACCINE },
    { q: 'booster', relevant: [['article', 'Updated advice on COVID-19 vaccine boosters']] },
    {
      q: 'vaccine hesitancy',
      relevant: [
        ['article', 'Talking about vaccine hesitancy: a teaching pack'],
        ['event', 'Talking with patients who hesitate over COVID-19 vaccines (webinar)'],
      ],
    },
    { q: 'myocarditis', relevant: [['paper', 'Myocarditis after COVID-19 vaccination: a case report']] },
    { q: 'simulation centres', relevant: [['article', 'Accredited simulation teaching centres announced']] },
    {
      q: 'virtual reality',
      relevant: [
        ['article', 'Virtual reality simulation pilot: the results'],
        ['paper', 'Virtual reality simulation for teaching intravenous injection to nursing students'],
      ],
    },
    {
      q: 'virtual reality nursing',
      relevant: [['paper', 'Virtual reality simulation for teaching intravenous injection to nursing students']],
    },
    {
      q: 'OSCE',
      relevant: [
        ['article', 'OSCE examiner training workshop'],
        ['article', '2024 OSCE centre review: the results'],
        ['event', 'Writing OSCE stations: a workshop'],
      ],
    },
    {
      q: 'objective structured clinical examination',
      relevant: [
        ['paper', "Assessing nurses' communication skills with an objective structured clinical examination"],
        ['paper', 'Effect of examiner training on scoring agreement in an objective structured clinical examination'],
      ],
    },
    {
      q: 'OSCE examiner',
      relevant: [
        ['article', 'OSCE examiner training workshop'],
        ['paper', 'Effect of examiner training on scoring agreement in an objective structured clinical examination'],
      ],
    },
    { q: 'standardised patients', relevant: [['article', 'Standardised patients: recruitment and training briefing']] },
    {
      q: 'nurse preceptor',
      relevant: [
        ['article', 'Nursing preceptor programme: third intake'],
        ['event', 'Nursing preceptor course'],
      ],
    },
    {
      q: 'retention new nurses',
      relevant: [
        ['article', 'Retention of newly qualified nurses: survey results'],
        ['paper', 'Transition shock and intention to stay among newly graduated nurses'],
      ],
    },
    {
      q: 'hypertension',
      relevant: [
        ['article', 'The 2022 hypertension guideline in brief'],
        ['article', 'Hypertension guideline 2025 update: briefing'],
        ['paper', 'How hypertension guidelines changed from 2017 to 2022'],
      ],
    },
    {
      q: 'hypertension guideline 2022',
      relevant: [
        ['article', 'The 2022 hypertension guideline in brief'],
        ['paper', 'How hypertension guidelines changed from 2017 to 2022'],
      ],
    },
    { q: 'hypertension guidelines 2025', relevant: [['article', 'Hypertension guideline 2025 update: briefing']] },
    {
      q: 'CPR guidelines',
      relevant: [
        ['article', 'A look back at the 2020 CPR guidelines'],
        ['article', 'The 2025 CPR guidelines: what to teach'],
        ['event', '2025 CPR guidelines update (webinar)'],
      ],
    },
    { q: 'CPR 2020', relevant: [['article', 'A look back at the 2020 CPR guidelines']] },
    {
      q: 'resuscitation skills',
      relevant: [
        ['paper', "Effect of simulation training on residents' resuscitation skills: a prospective cohort study"],
      ],
    },
    {
      q: 'dues',
      relevant: [
        ['article', 'Annual membership dues for 2027'],
        ['article', 'Annual membership dues for 2024'],
        ['article', 'Annual membership dues for 2025'],
      ],
    },
    { q: 'dues 2024', relevant: [['article', 'Annual membership dues for 2024']] },
    {
      q: '13th General Assembly',
      relevant: [
        ['article', '13th General Assembly and Scientific Meeting: a report'],
        ['event', '13th General Assembly and Scientific Meeting'],
      ],
    },
    {
      q: 'General Assembly report',
      relevant: [
        ['article', '12th General Assembly and Scientific Meeting: a report'],
        ['article', '13th General Assembly and Scientific Meeting: a report'],
      ],
    },
    { q: 'dementia', relevant: [['article', 'Teaching videos on screening for dementia early']] },
    {
      q: 'antimicrobial stewardship',
      relevant: [
        ['event', 'Antimicrobial stewardship update (webinar)'],
        ['article', 'Antimicrobial stewardship teaching module'],
      ],
    },
    {
      q: 'entrustable professional activities',
      relevant: [['article', 'A guide to entrustable professional activities for residents']],
    },
    { q: 'hand hygiene', relevant: [['article', 'Hand hygiene auditor training']] },
    {
      q: 'patient safety',
      relevant: [
        ['event', 'Simulation and patient safety symposium'],
        ['article', 'Patient safety week with the Joint Commission of Taiwan'],
      ],
    },
    // Common words: the items titled so must come before the many that only mention them.
    {
      q: 'guidelines',
      relevant: [
        ['article', 'The 2021 international sepsis guidelines: a summary in Chinese'],
        ['article', 'The 2022 hypertension guideline in brief'],
        ['article', 'A look back at the 2020 CPR guidelines'],
        ['article', 'Abdominal ultrasound examination guideline: 2025 edition'],
        ['article', 'Hypertension guideline 2025 update: briefing'],
        ['article', 'The 2025 CPR guidelines: what to teach'],
        ['event', '2025 CPR guidelines update (webinar)'],
        ['paper', 'How hypertension guidelines changed from 2017 to 2022'],
      ],
    },
    {
      q: 'assessment',
      relevant: [
        ['article', 'Revised forms for assessing residents as teachers'],
        ['paper', 'Milestone-based assessment in postgraduate medical education'],
        ['paper', "Assessing nurses' communication skills with an objective structured clinical examination"],
      ],
    },
    {
      q: 'emergency department',
      relevant: [
        ['paper', 'Validity of a fall-risk screening tool for older patients in the emergency department'],
        ['paper', 'Success of ultrasound-guided peripheral intravenous access in the emergency department'],
        ['paper', 'Improving sepsis bundle compliance in the emergency department: a quality improvement project'],
      ],
    },
    {
      q: 'residents',
      relevant: [
        ['article', 'Revised forms for assessing residents as teachers'],
        ['article', 'A guide to entrustable professional activities for residents'],
        ['event', 'Managing burnout in residents (webinar)'],
        ['paper', 'Ethical dilemmas experienced by residents: a qualitative study'],
        ['paper', 'Teaching abdominal ultrasound to internal medicine residents: effect on diagnostic accuracy'],
        ['paper', "Effect of simulation training on residents' resuscitation skills: a prospective cohort study"],
      ],
    },
    {
      q: 'nursing',
      relevant: [
        ['article', 'Nursing preceptor programme: third intake'],
        ['article', 'Retention of newly qualified nurses: survey results'],
        ['event', 'Nursing preceptor course'],
        ['paper', 'Virtual reality simulation for teaching intravenous injection to nursing students'],
        ['paper', 'Transition shock and intention to stay among newly graduated nurses'],
        ['paper', 'Nurse preceptorship programmes: an international comparison'],
        ['paper', "Assessing nurses' communication skills with an objective structured clinical examination"],
      ],
    },
    {
      q: 'simulation',
      relevant: [
        ['article', 'Virtual reality simulation pilot: the results'],
        ['article', 'Accredited simulation teaching centres announced'],
        ['event', 'Simulation and patient safety symposium'],
        ['event', 'Simulation instructor course'],
        ['event', 'Sepsis bundle simulation workshop'],
        ['event', 'Simulation-based education conference 2025'],
        ['paper', "Effect of simulation training on residents' resuscitation skills: a prospective cohort study"],
        ['paper', 'Simulation in medical education: a review of the evidence'],
        ['paper', 'Simulator training of medical students in point-of-care ultrasound: a randomised controlled trial'],
        ['paper', 'Virtual reality simulation for teaching intravenous injection to nursing students'],
      ],
    },
    {
      q: 'vaccines',
      relevant: [...EN_COVID_VACCINE, ['article', 'Talking about vaccine hesitancy: a teaching pack']],
    },
    { q: 'COVID-19', relevant: EN_COVID_VACCINE },
    // An author's name.
    {
      q: 'Ching-Yi Hsiao',
      relevant: [
        ['paper', 'Willingness of healthcare workers to receive COVID-19 vaccines and associated factors'],
        ['paper', 'Simulator training of medical students in point-of-care ultrasound: a randomised controlled trial'],
        ['paper', 'Teaching abdominal ultrasound to internal medicine residents: effect on diagnostic accuracy'],
      ],
    },
    {
      q: 'Chen-Yu Yu',
      relevant: [
        ['paper', 'Validity of qSOFA in predicting death among emergency patients with suspected sepsis'],
        ['paper', 'Improving sepsis bundle compliance in the emergency department: a quality improvement project'],
      ],
    },
    // Answered only by text in Chinese (items written in Chinese only), or English only.
    {
      q: '偏鄉',
      relevant: [
        ['article', '偏鄉醫療教學巡迴計畫啟動'],
        ['paper', 'A day of teaching in rural medicine'],
      ],
    },
    {
      q: '長照',
      relevant: [
        ['article', '與臺南市政府合作辦理長照人員教育訓練'],
        ['event', '長照 2.0 與居家醫療線上講座'],
      ],
    },
    {
      q: 'faculty development Singapore',
      relevant: [['article', 'Joint Asia-Pacific faculty development workshop: call for participants']],
    },
    // Filters.
    {
      q: 'ultrasound',
      kind: 'event',
      when: 'upcoming',
      relevant: [
        ['event', 'Point-of-care ultrasound hands-on workshop'],
        ['event', 'Advanced critical care ultrasound workshop'],
      ],
    },
    {
      q: 'ultrasound',
      kind: 'event',
      when: 'past',
      relevant: [['event', 'Abdominal ultrasound basics: hands-on workshop']],
    },
    {
      q: 'ethics',
      kind: 'event',
      when: 'past',
      relevant: [
        ['event', 'Clinical ethics consultation workshop'],
        ['event', 'Ethics in palliative care (webinar)'],
        ['event', 'Research ethics (IRB) course'],
      ],
    },
    {
      q: 'sepsis',
      kind: 'paper',
      relevant: [
        ['paper', 'Validity of qSOFA in predicting death among emergency patients with suspected sepsis'],
        ['paper', 'Improving sepsis bundle compliance in the emergency department: a quality improvement project'],
      ],
    },
    {
      q: 'COVID-19 vaccine',
      kind: 'article',
      year: 2023,
      relevant: [
        ['article', 'Updated advice on COVID-19 vaccine boosters'],
        ['article', 'Influenza and COVID-19 vaccines at the same visit: the 2023–2024 season'],
      ],
    },
  ],
};
