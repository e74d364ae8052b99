import { describe, expect, it } from 'vitest';
import { foldText, parseQuery, queryMatcher, tokenize } from './tokenize';

const terms = (text: string) => tokenize(text).map((t) => t.term);

describe('tokenize', () => {
  it('cuts a Han run into its characters and overlapping pairs', () => {
    expect(terms('超音波')).toEqual(['超', '超音', '音', '音波', '波']);
  });

  it('finds a word inside a sentence: the query pairs are among the text’s', () => {
    const text = new Set(terms('腹部超音波檢查指引'));
    for (const term of parseQuery('超音波').terms) expect(text.has(term)).toBe(true);
    expect(parseQuery('超音波')).toEqual({ groups: [['超音', '音波']], terms: ['超音', '音波'] });
  });

  it('folds simplified and traditional forms together, in the text and in the query alike', () => {
    expect(foldText('检查')).toBe(foldText('檢查'));
    expect(parseQuery('检查').terms).toEqual(parseQuery('檢查').terms);
    expect(terms('腹部超声波检查')).toEqual(terms('腹部超聲波檢查'));
    // Variants a Taiwanese text mixes, and characters with two traditional forms.
    expect(parseQuery('台灣').terms).toEqual(parseQuery('臺灣').terms);
    expect(parseQuery('头发').terms).toEqual(parseQuery('頭髮').terms);
    expect(parseQuery('裡面').terms).toEqual(parseQuery('裏面').terms);
  });

  it('stems English words so word forms meet', () => {
    expect(parseQuery('guidelines').terms).toEqual(parseQuery('guideline').terms);
    expect(parseQuery('Vaccines').terms).toEqual(terms('vaccine'));
  });

  it('ignores case, accents and full-width forms', () => {
    expect(parseQuery('CAFÉ').terms).toEqual(parseQuery('cafe').terms);
    expect(parseQuery('ＣＯＶＩＤ').terms).toEqual(['covid']);
    expect(foldText('Ｒéｓｕｍé')).toBe('resume');
  });

  it('splits COVID-19 into a word and its number, and keeps digits', () => {
    expect(parseQuery('COVID-19').terms).toEqual(['covid', '19']);
    expect(parseQuery('2024 年會').terms).toEqual(['2024', '年会']);
  });

  it('cuts a mixed query into words and Han pairs', () => {
    expect(parseQuery('COVID-19 疫苗')).toEqual({
      groups: [['covid'], ['19'], ['疫苗']],
      terms: ['covid', '19', '疫苗'],
    });
    expect(parseQuery('MRI檢查指引').terms).toEqual(['mri', '检查', '查指', '指引']);
  });

  it('asks for one Han character alone as its single term', () => {
    expect(parseQuery('癌')).toEqual({ groups: [['癌']], terms: ['癌'] });
  });

  it('leaves punctuation, SQL and pattern characters, and unpaired surrogates out', () => {
    expect(parseQuery("%_'\\.*?!，。「」")).toEqual({ groups: [], terms: [] });
    expect(parseQuery('\uD800')).toEqual({ groups: [], terms: [] });
    expect(parseQuery('a\uDC00b').terms).toEqual(['b']);
    expect(parseQuery("o'brien 50%").terms).toEqual(['o', 'brien', '50']);
  });

  it('keeps a character beyond the basic plane whole', () => {
    expect(terms('𠮷野家')).toEqual(['𠮷', '𠮷野', '野', '野家', '家']);
  });

  it('drops common English words from text and query', () => {
    expect(parseQuery('the guidelines of ultrasound').terms).toEqual(['guidelin', 'ultrasound']);
  });

  it('numbers the places so a Han run’s pairs follow one another, a character at its pair’s place', () => {
    const places = tokenize('COVID 超音波').map((t) => [t.term, t.position]);
    expect(places).toEqual([
      ['covid', 0],
      ['超', 1],
      ['超音', 1],
      ['音', 2],
      ['音波', 2],
      ['波', 3],
    ]);
  });

  it('keeps a long query to its first terms, whole groups only', () => {
    const query = parseQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(query.terms).toHaveLength(32);
    expect(parseQuery('超音波 超音波 guideline guidelines').groups).toEqual([['超音', '音波'], ['guidelin']]);
  });

  it('keeps each token’s place in the text as given', () => {
    const text = 'Ａ 腹部 Guidelines';
    for (const token of tokenize(text)) expect(foldText(text.slice(token.start, token.end)).length).toBeGreaterThan(0);
    const word = tokenize(text).find((t) => t.term === 'guidelin')!;
    expect(text.slice(word.start, word.end)).toBe('Guidelines');
  });
});

describe('queryMatcher', () => {
  it('marks a Han query where it stands whole, and words by their stem', () => {
    const text = '腹部超音波檢查 Guidelines; 超音 and 音波 apart';
    const ranges = queryMatcher('超音波 guideline')(text);
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['超音波', 'Guidelines']);
  });

  it('marks traditional text for a simplified query', () => {
    const text = '本院檢查流程';
    expect(queryMatcher('检查')(text).map(([s, e]) => text.slice(s, e))).toEqual(['檢查']);
  });

  it('marks plain English text in any case, and text beside it that is not ASCII, at the places given', () => {
    const match = queryMatcher('Guidelines RESIDENTS');
    const plain = 'Ultrasound GUIDELINE for Residents.';
    expect(match(plain).map(([s, e]) => plain.slice(s, e))).toEqual(['GUIDELINE', 'Residents']);
    const mixed = 'Ａ guideline for résidents';
    expect(match(mixed).map(([s, e]) => mixed.slice(s, e))).toEqual(['guideline', 'résidents']);
  });

  it('marks nothing for punctuation', () => {
    expect(queryMatcher('.*')('a.b')).toEqual([]);
  });
});
