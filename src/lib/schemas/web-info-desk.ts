import { z } from 'zod';
import { safeUrl } from '../safe-url';
import { formReadAt, line } from './content-desk';

/** The footer may list this many links. */
export const FOOTER_LINKS_MAX = 10;

/** A footer link: a web or mail address, or a path of this site. */
const linkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => safeUrl(v) !== null && !/^tel:/i.test(v), 'must be a web address, a mailto: address or a path');

/**
 * What the web info form sends: the society's name and short name, and the footer (address,
 * telephone, fax, e-mail, office hours, copyright line and links), each text in both languages
 * (Chinese required for the name).
 */
export const webInfoFormFields = z.object({
  nameZh: line(200).min(1),
  nameEn: line(200).default(''),
  shortNameZh: line(50).default(''),
  shortNameEn: line(50).default(''),
  addressZh: line(300).default(''),
  addressEn: line(300).default(''),
  phone: line(50).default(''),
  fax: line(50).default(''),
  email: z.union([z.literal(''), z.email().max(200)]).default(''),
  officeHoursZh: line(200).default(''),
  officeHoursEn: line(200).default(''),
  copyrightZh: line(200).default(''),
  copyrightEn: line(200).default(''),
  links: z
    .array(z.object({ labelZh: line(100).min(1), labelEn: line(100).default(''), url: linkUrl }))
    .max(FOOTER_LINKS_MAX)
    .default([]),
});

export const webInfoSaveBody = webInfoFormFields.extend({
  /** The web info's `updatedAt` the form was read with (-10 when it changed since). */
  updatedAt: formReadAt,
});
export type WebInfoSaveInput = z.output<typeof webInfoSaveBody>;

export const deskWebInfoView = webInfoFormFields.required().extend({ updatedAt: z.string() });
export type DeskWebInfo = z.infer<typeof deskWebInfoView>;
