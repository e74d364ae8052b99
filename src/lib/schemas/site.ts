import { z } from 'zod';
import { idParam } from './common';

export const webInfoResponse = z.object({
  name: z.string(),
  shortName: z.string().describe('For narrow screens: the short name, else the name'),
  setUp: z
    .boolean()
    .describe("Whether the society's own details have been applied (until then the portal runs on its base data)"),
  seoContent: z.string(),
  faviconFileId: z.number().int().nullable(),
  darkLogoFileId: z.number().int().nullable(),
  color: z.string().describe('Primary brand colour, #RRGGBB'),
});

export const langCodeResponse = z.object({
  langList: z.array(
    z.object({
      langCode: z.string().describe('ISO 639-1, e.g. zh'),
      countryCode: z.string().describe('ISO 3166-1 alpha-2, e.g. TW'),
      label: z.string().describe('The language named in itself'),
    }),
  ),
});

const newsItem = z.object({
  articleId: z.number().int(),
  title: z.string(),
  summary: z.string().describe('At most 100 characters'),
  categoryName: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string().describe('ISO 8601'),
});

const eventItem = z.object({
  eventId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const homePageResponse = z.object({
  indexPartList: z.array(
    z.object({
      indexPartId: z.number().int(),
      indexPartType: z.enum(['carousel', 'ltsnews', 'event', 'card', 'link']),
      title: z.string(),
      newsList: z.array(newsItem).optional().describe('ltsnews blocks only'),
      eventList: z.array(eventItem).optional().describe('event blocks only'),
    }),
  ),
  footerInfo: z.object({
    address: z.string(),
    phone: z.string(),
    fax: z.string(),
    email: z.string(),
    officeHours: z.string(),
    copyright: z.string(),
    links: z.array(z.object({ label: z.string(), url: z.string() })),
  }),
});

const indexPartItem = z.object({
  itemId: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageFileId: z.number().int().nullable().describe('Fetch with GET /api/amsw1002?fileId='),
  imageAlt: z.string(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  linkUrl: z.string().nullable(),
  openInNewTab: z.boolean(),
});

export const indexPartQuery = z.object({ indexPartId: idParam });

export const cardResponse = z.object({
  indexPartId: z.number().int(),
  title: z.string(),
  cardList: z.array(indexPartItem),
});
export const carouselResponse = z.object({
  indexPartId: z.number().int(),
  title: z.string(),
  carouselList: z.array(indexPartItem),
});
export const imageLinkResponse = z.object({
  indexPartId: z.number().int(),
  title: z.string(),
  imageLinkList: z.array(indexPartItem),
});

export const systemSettingsResponse = z.object({
  postServiceUrl: z.string(),
  amsRemittanceInfo: z.string().describe('Bank remittance instructions, for orders above newebpayTradeLimit'),
  newebpayTradeLimit: z.number().int().describe('Largest amount (NTD) paid through NewebPay'),
  webEmailValidMinute: z.number().int().describe('Minutes an e-mailed verification code stays valid'),
  loginNotice: z.string(),
  loginBlockMinute: z.number().int().describe('Minutes sign-in stays blocked after repeated failures'),
});

export const fileQuery = z.object({
  fileId: idParam,
  token: z.string().max(200).optional().describe('A file preview token, for a file only unpublished content uses'),
});

export const buildIdResponse = z.object({ buildId: z.string() });
