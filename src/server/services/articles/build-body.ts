import {
  pickContent,
  type Attachment,
  type ButtonSize,
  type ContentBody,
  type ContentType,
  type I18nContent,
  type LinkButton,
  type Spacing,
} from '../../../lib/content-types';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { safeUrl, safeWebUrl } from '../../../lib/safe-url';
import { attachmentViews } from '../content/attachments';
import type { AttachmentView } from '../../../lib/schemas/common';
import { sanitizeRichText } from '../content/sanitize-html';

/** The body of an article or custom page as a reader gets it. */
export interface BodyView {
  contentType: ContentType;
  spacing: Spacing;
  buttonSize: ButtonSize;
  /** Only the list the content type reads; every HTML string sanitised, every address checked. */
  content: ContentBody;
  links: { label: string; url: string }[];
  attachments: AttachmentView[];
}

export interface StoredBody {
  contentType: ContentType;
  content: I18nContent;
  spacing: Spacing;
  buttonSize: ButtonSize;
  links: LinkButton[];
  attachments: Attachment[];
}

/**
 * The reader's language of a stored body, made safe: HTML through the sanitiser, web addresses
 * and link buttons limited to safe schemes, portraits left out of the `_no_image` types, and
 * each download with its file's name, type and size (files that no longer exist are left out).
 */
export async function buildBody(stored: StoredBody, locale: Locale): Promise<BodyView> {
  return {
    contentType: stored.contentType,
    spacing: stored.spacing,
    buttonSize: stored.buttonSize,
    content: safeContent(stored.contentType, pickContent(stored.content, locale)),
    links: stored.links.flatMap((link) => {
      const url = safeUrl(link.url);
      const label = pickText(link.label, locale);
      return url && label ? [{ label, url }] : [];
    }),
    attachments: await attachmentViews(stored.attachments, locale),
  };
}

function safeContent(type: ContentType, body: ContentBody): ContentBody {
  const withImages = !type.endsWith('_no_image');
  switch (type) {
    case 'html':
      return { htmlList: (body.htmlList ?? []).map(sanitizeRichText) };
    case 'tab':
      return {
        tabList: (body.tabList ?? []).map((tab) => ({
          title: tab.title,
          htmlList: tab.htmlList.map(sanitizeRichText),
        })),
      };
    case 'timeline':
      return { timelineList: body.timelineList ?? [] };
    case 'committee':
    case 'committee_no_image':
      return {
        committeeList: (body.committeeList ?? []).map((group) => ({
          title: group.title,
          memberList: group.memberList.map(({ imageFileId, ...member }) =>
            withImages && imageFileId ? { ...member, imageFileId } : member,
          ),
        })),
      };
    case 'doctormap':
    case 'doctormap_no_image':
      return {
        doctorList: (body.doctorList ?? []).map((region) => ({
          region: region.region,
          doctorList: region.doctorList.map(({ imageFileId, url, ...doctor }) => {
            const safe = safeWebUrl(url);
            return {
              ...doctor,
              ...(safe ? { url: safe } : {}),
              ...(withImages && imageFileId ? { imageFileId } : {}),
            };
          }),
        })),
      };
  }
}
