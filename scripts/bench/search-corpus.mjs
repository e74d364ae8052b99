// Generated articles for `npm run bench:search`: a society's news in both languages, written from
// a vocabulary of medical-education terms. Each article has a topic (six terms, popular ones more
// often) that most of its text is about, a few other terms and common words, so a two-word query
// matches what it would on a real site: a few percent of 20,000 for the most common pairs, far
// fewer for most, never all. The same seed gives the same corpus.

/** Chinese terms (two to five characters), most common first. */
const ZH_TERMS = (
  '醫學教育 臨床 病人 指引 研討會 繼續教育 會員 住院醫師 護理 評估 超音波 急診 兒科 內科 外科 ' +
  '家庭醫學 倫理 模擬 教學 課程 學分 疫苗 感染 安全 品質 照護 研究 期刊 論文 病例 ' +
  '診斷 治療 手術 藥物 心臟 肺炎 糖尿病 高血壓 癌症 中風 敗血症 重症 加護病房 麻醉 復健 ' +
  '精神 老年 長期照顧 社區 公共衛生 健康促進 流行病學 統計 實證醫學 系統性回顧 臨床試驗 ' +
  '客觀結構式臨床測驗 評量 回饋 導師 師資培育 教案 工作坊 線上課程 數位學習 人工智慧 遠距醫療 ' +
  '電子病歷 醫病溝通 共享決策 病人安全 醫療糾紛 法律 健保 給付 政策 分級醫療 轉診 ' +
  '新冠肺炎 流感 抗生素 抗藥性 疫情 防疫 隔離 口罩 篩檢 檢驗 影像 磁振造影 電腦斷層 ' +
  '心電圖 內視鏡 腹腔鏡 導管 透析 移植 輸血 營養 疼痛 安寧緩和 生命末期 預立醫療 ' +
  '婦產科 新生兒 早產 母乳 青少年 骨科 骨質疏鬆 眼科 耳鼻喉 皮膚 牙醫 中醫 職能治療 物理治療 ' +
  '藥師 護理師 醫檢師 放射師 專科醫師 考試 證照 甄審 年會 理事會 秘書處 公告 報名 繳費'
).split(' ');

/** English words, most common first. */
const EN_TERMS = (
  'clinical education patient guideline meeting training member resident nursing assessment ' +
  'ultrasound emergency pediatric internal surgery family ethics simulation teaching course ' +
  'credit vaccine infection safety quality care research journal paper case diagnosis treatment ' +
  'drug cardiac pneumonia diabetes hypertension cancer stroke sepsis critical intensive anesthesia ' +
  'rehabilitation psychiatry geriatric community public health promotion epidemiology statistics ' +
  'evidence systematic review trial OSCE feedback mentor faculty workshop online digital artificial ' +
  'intelligence telemedicine record communication shared decision litigation law insurance payment ' +
  'policy referral COVID influenza antibiotic resistance pandemic screening laboratory imaging MRI ' +
  'tomography electrocardiogram endoscopy laparoscopy catheter dialysis transplant transfusion ' +
  'nutrition pain palliative hospice advance directive obstetrics neonatal preterm breastfeeding ' +
  'adolescent orthopedic osteoporosis ophthalmology otolaryngology dermatology dental acupuncture ' +
  'occupational physiotherapy pharmacist nurse technologist radiographer specialist examination ' +
  'licence accreditation congress board secretariat announcement registration dues'
).split(' ');

const ZH_JOINERS = ['與', '之', '的', '及', '在', '於', '和', '對', '中', '新'];
const ZH_FILLERS = ['本會', '今年', '各位', '相關', '最新', '實務', '經驗', '分享', '討論', '說明', '進行', '推動'];
const EN_FILLERS = ['new', 'update', 'practice', 'national', 'annual', 'review', 'report', 'notes', 'how', 'why'];

/** A small fast generator (mulberry32): the same seed, the same corpus. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from `list` by a gentle Zipf's law (the i-th item weighs 1 / √(i + 1)): popular terms, a long tail. */
function zipf(list) {
  const weights = list.map((_, i) => 1 / Math.sqrt(i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  return (rand) => {
    const r = rand();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return list[lo];
  };
}

const zhTerm = zipf(ZH_TERMS);
const enTerm = zipf(EN_TERMS);
const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** An article's topic: six terms of a language, popular ones more often. */
function topic(rand, term) {
  const terms = new Set();
  while (terms.size < 6) terms.add(term(rand));
  return [...terms];
}

/** A word of an article: mostly its topic, now and then any term, otherwise a common word. */
function word(rand, topicTerms, list, fillers) {
  const r = rand();
  if (r < 0.55) return pick(rand, topicTerms);
  if (r < 0.65) return pick(rand, list);
  return pick(rand, fillers);
}

function zhText(rand, topicTerms, terms) {
  let text = '';
  for (let i = 0; i < terms; i++) {
    text += word(rand, topicTerms, ZH_TERMS, ZH_FILLERS);
    text += i % 6 === 5 ? '。' : pick(rand, ZH_JOINERS);
  }
  return text;
}

function enText(rand, topicTerms, words) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(word(rand, topicTerms, EN_TERMS, EN_FILLERS));
  return out.join(' ');
}

/**
 * Article `i` of the corpus: titles and a body in both languages (a tenth in Chinese only), a
 * publish time within the six years before `now`. About 250 Chinese characters and 90 English
 * words of body, as a short news item.
 */
export function corpusArticle(i, now, seed = 2026) {
  const rand = random(seed * 1_000_003 + i);
  const chineseOnly = rand() < 0.1;
  const zhTopic = topic(rand, zhTerm);
  const enTopic = topic(rand, enTerm);
  const zhBody = [zhText(rand, zhTopic, 30), zhText(rand, zhTopic, 30)];
  const title = { 'zh-tw': zhText(rand, zhTopic, 4).slice(0, -1) };
  const summary = { 'zh-tw': zhBody[0].slice(0, 60) };
  const content = { 'zh-tw': { htmlList: zhBody.map((p) => `<p>${p}</p>`) } };
  if (!chineseOnly) {
    const en = enText(rand, enTopic, 6);
    title['en-us'] = en[0].toUpperCase() + en.slice(1);
    const enBody = [enText(rand, enTopic, 45), enText(rand, enTopic, 45)];
    summary['en-us'] = enBody[0].slice(0, 120);
    content['en-us'] = { htmlList: enBody.map((p) => `<p>${p}.</p>`) };
  }
  const publishedAt = new Date(now.getTime() - Math.floor(rand() * 6 * 365 * 86_400_000));
  return { title, summary, content, publishedAt };
}

/** Query `i` of a stream of two-word queries, half in Chinese and half in English, common words more often. */
export function twoWordQuery(i, seed = 7) {
  const rand = random(seed * 7_919 + i);
  if (i % 2 === 0) {
    const a = zhTerm(rand);
    let b = zhTerm(rand);
    while (b === a) b = zhTerm(rand);
    return `${a} ${b}`;
  }
  const a = enTerm(rand);
  let b = enTerm(rand);
  while (b === a) b = enTerm(rand);
  return `${a} ${b}`;
}
