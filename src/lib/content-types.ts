import { z } from 'zod';
import type { Locale } from './locales';

/**
 * How an article or custom page lays out its body (spec §3). Each type reads its own part of the
 * content JSON:
 * - `html`: `htmlList`, rich-text sections shown one after another;
 * - `tab`: `tabList`, each tab with a title and its own `htmlList`;
 * - `timeline`: `timelineList`, dated entries of `textContent`;
 * - `committee` / `committee_no_image`: `committeeList`, groups of members with their roles;
 * - `doctormap` / `doctormap_no_image`: `doctorList`, practitioners grouped by region.
 * The `_no_image` variants show the same people without portraits.
 */
export const CONTENT_TYPES = [
  'html',
  'tab',
  'timeline',
  'committee',
  'committee_no_image',
  'doctormap',
  'doctormap_no_image',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The kinds of home-page block (spec §3): a carousel, the latest news, the next events, cards and links. */
export const INDEX_PART_TYPES = ['carousel', 'ltsnews', 'event', 'card', 'link'] as const;
export type IndexPartType = (typeof INDEX_PART_TYPES)[number];
/** The blocks that show entries of their own (each with an image), rather than news or events. */
export const ITEM_PART_TYPES = ['carousel', 'card', 'link'] as const satisfies readonly IndexPartType[];

/** Space between the sections and entries of a body. */
export const SPACINGS = ['dense', 'comfortable', 'loose'] as const;
export type Spacing = (typeof SPACINGS)[number];

/** Size of the link and download buttons of a body. */
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const html = z.string().describe('Rich text; sanitised before it is shown');
const fileId = z.number().int().positive();

export const timelineEntry = z.object({
  time: z.string().describe('As shown, e.g. 2024 or 2024/03'),
  title: z.string().optional(),
  textContent: z.string(),
});

export const tabEntry = z.object({ title: z.string(), htmlList: z.array(html) });

export const committeeMember = z.object({
  name: z.string(),
  role: z.string().describe('e.g. Chair, Member'),
  affiliation: z.string().optional(),
  imageFileId: fileId.optional(),
  description: z.string().optional(),
});

export const committeeGroup = z.object({ title: z.string(), memberList: z.array(committeeMember) });

export const doctorEntry = z.object({
  name: z.string(),
  specialty: z.string().optional(),
  hospital: z.string(),
  address: z.string().optional(),
  phone: z.string().optional(),
  url: z.string().optional(),
  imageFileId: fileId.optional(),
});

export const doctorRegion = z.object({ region: z.string(), doctorList: z.array(doctorEntry) });

/** One language's body of an article or custom page; the content type decides which list is read. */
export const contentBody = z.object({
  htmlList: z.array(html).optional(),
  tabList: z.array(tabEntry).optional(),
  timelineList: z.array(timelineEntry).optional(),
  committeeList: z.array(committeeGroup).optional(),
  doctorList: z.array(doctorRegion).optional(),
});
export type ContentBody = z.infer<typeof contentBody>;

/** The stored body: one per language, zh-tw always present. */
export type I18nContent = { 'zh-tw': ContentBody } & Partial<Record<Locale, ContentBody>>;

/** A link shown as a button under a body. */
export interface LinkButton {
  label: { 'zh-tw': string } & Partial<Record<Locale, string>>;
  url: string;
}

/** A stored file offered for download with a body. */
export interface Attachment {
  fileId: number;
  label: { 'zh-tw': string } & Partial<Record<Locale, string>>;
}

/** The reader's language of a body, falling back to zh-tw (as `pickText` does for text). */
export function pickContent(content: I18nContent | null | undefined, locale: Locale): ContentBody {
  if (!content) return {};
  return content[locale] ?? content['zh-tw'];
}

/** How a list page presents its entries (`/news/{directStyle}`, `/article/{directStyle}/…`, `/event/{directStyle}/…`). */
export const DIRECT_STYLES = ['list', 'card'] as const;
export type DirectStyle = (typeof DIRECT_STYLES)[number];

export function isDirectStyle(value: unknown): value is DirectStyle {
  return typeof value === 'string' && (DIRECT_STYLES as readonly string[]).includes(value);
}
