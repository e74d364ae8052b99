import type { I18nText } from '../i18n-text';
import { personName } from '../validators/name';

/** A holder's names as the account had them when the document was issued. */
export interface HolderNames {
  nameZh: string;
  nameEn: string;
}

/** What a receipt states, frozen when it is first issued (the PDF is drawn again from these). */
export interface ReceiptFacts {
  society: I18nText;
  payer: HolderNames;
  /** The paying organisation's business number (統一編號), which its accounting office files the receipt by. */
  payerTaxId?: string;
  /** The title of the course the payment is for (a course's review fee). */
  course?: string;
  orderNumber: string;
  items: { description: I18nText; amount: number }[];
  total: number;
  paidAt: string;
  /** The gateway's payment type (CREDIT, VACC, …) or `remittance`. */
  method: string;
}

/** What a membership certificate states, frozen when its edition is issued. */
export interface CertificateFacts {
  society: I18nText;
  holder: HolderNames;
  memberNo: string;
  className: I18nText;
  joinedOn: string;
  /** The last day of the current term; null for life membership. */
  termEnd: string | null;
  edition: number;
}

/** The name a document shows in a language: the Chinese name, or the English one where there is one. */
export function holderName(names: HolderNames, locale: 'zh-tw' | 'en-us'): string {
  return personName(names, locale);
}

/**
 * Whose a document is, from its stored facts: a receipt's payer, a paper authorisation's signer, a
 * certificate's or transcript's holder (what the verification page masks).
 */
export function documentHolder(kind: string, facts: Record<string, unknown>): HolderNames {
  if (kind === 'receipt') return facts.payer as HolderNames;
  if (kind === 'paperAuthorisation') return facts.signer as HolderNames;
  return facts.holder as HolderNames;
}

/** The same facts, whatever order their keys were stored in (jsonb keeps its own order). */
export function sameFacts(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The certificate's number: the member number and its edition (`M2026-0042-1`). */
export function certificateNumber(memberNo: string, edition: number): string {
  return `${memberNo}-${edition}`;
}

/** A requirement of a certification and where the holder stood against it, in points. */
export type TranscriptRequirement =
  | { kind: 'total'; have: number; need: number }
  | { kind: 'class'; creditClass: string; have: number; need: number }
  | { kind: 'group'; name: I18nText; have: number; min: number; cap: number | null }
  | { kind: 'method'; method: string; have: number; cap: number };

/**
 * What a credit transcript states, frozen when it is issued: the holder's standing against one
 * certificate as of that day and every entry of its period, in points.
 */
export interface TranscriptFacts {
  society: I18nText;
  holder: HolderNames;
  /** The holder's member number; absent from transcripts issued before it was printed. */
  memberNo?: string;
  certification: I18nText;
  issuer: I18nText;
  certificate: { number: string; startsOn: string; endsOn: string };
  requirements: TranscriptRequirement[];
  met: boolean;
  entries: {
    earnedOn: string;
    title: I18nText;
    /** In both languages; a plain name in transcripts issued before English names were kept. */
    provider: I18nText | string;
    category: I18nText;
    method: string;
    creditClass: string;
    points: number;
    counted: number;
  }[];
}

/**
 * What a paper's authorisation states, frozen when it is signed: the paper, its call, the authors
 * in order, the consent text as the signer read it (its version, in their language) and the
 * signature (the name typed, the moment).
 */
export interface PaperAuthorisationFacts {
  society: I18nText;
  paperNumber: string;
  title: { zh: string; en: string };
  call: I18nText;
  authors: HolderNames[];
  signer: HolderNames;
  signedName: string;
  signedAt: string;
  textVersion: string;
  /** The paragraphs the signer read, in the language they signed in. */
  text: string[];
  locale: 'zh-tw' | 'en-us';
}

/**
 * What a certificate of attendance states, frozen when it is issued: the holder, the event, each
 * session they attended (with the points it posted to their ledger, in points, and the
 * certification they count toward) and the points in all per certification.
 */
export interface AttendanceFacts {
  society: I18nText;
  holder: HolderNames;
  memberNo?: string;
  event: I18nText;
  place: I18nText | null;
  firstDay: string;
  lastDay: string;
  sessions: {
    day: string;
    startMinute: number;
    endMinute: number;
    title: I18nText;
    /** Points posted (0: the session grants none, or the attendance earned none). */
    points: number;
    certification: I18nText | null;
    creditClass: string | null;
  }[];
  totals: { certification: I18nText; points: number }[];
}
