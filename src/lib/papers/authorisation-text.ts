import type { Locale } from '../locales';

/**
 * The authorisation every submitting author signs for a paper (publication consent): what they
 * confirm and what they grant the society. A change of wording is a new version; each signature
 * keeps the version and the paragraphs it was given.
 */
export const AUTHORISATION_VERSION = '2026-1';

const TEXT: Record<Locale, string[]> = {
  'zh-tw': [
    '本人代表全體作者聲明：本論文為作者之原創著作，未曾以相同內容發表或同時投稿於其他會議或期刊；全體作者均已閱讀並同意投稿之內容與作者順序。',
    '論文內容如涉及人體研究，已依規定取得人體研究倫理審查委員會之核准及受試者之同意；如有利益衝突，已於論文中揭露。',
    '論文經接受後，全體作者同意以非專屬方式授權本會，得以紙本、電子或其他形式重製、公開傳輸及發行本論文之摘要與全文，並得再授權資料庫業者收錄；作者仍保有著作權，並得自行利用其著作。',
    '本人瞭解本會為辦理審查、出版及聯絡之目的，於必要範圍內蒐集、處理及利用作者之個人資料；審查期間審查人之身分不對作者公開。',
  ],
  'en-us': [
    'On behalf of all authors I declare that this paper is the authors’ original work, that it has not been published and is not under consideration by another meeting or journal, and that every author has read the submission and agrees to its content and to the order of authors.',
    'Where the work involves human subjects, it was approved by a research ethics committee and the participants’ consent was obtained; any conflict of interest is disclosed in the paper.',
    'If the paper is accepted, the authors grant the society a non-exclusive licence to reproduce, publish and make the abstract and full text available in print, electronically or in any other form, and to sublicense indexing databases to include it; the authors keep their copyright and may use their work themselves.',
    'I understand that the society collects and uses the authors’ personal data as far as the review, publication and correspondence need; reviewers are not named to the authors.',
  ],
};

/** The paragraphs of the authorisation in a language. */
export function authorisationText(locale: Locale): string[] {
  return TEXT[locale];
}
