import { formatDay } from '../../../lib/format';
import type { Locale } from '../../../lib/locales';
import { actionMail, COPY, type MailContent } from './templates';

/** A reminder from the society's continuing-education office: what a member still lacks before a certificate ends. */
export interface CreditReminderInput {
  siteName: string;
  locale: Locale;
  name: string;
  /** Each certificate ending soon that the member is short for, named in their language, with what it lacks in words. */
  certificates: { name: string; number: string; endsOn: string; lacks: string[] }[];
  /** Where the member sees their standing (one certification's page, or the overview of all). */
  url: string;
}

const CREDIT_REMINDER_COPY = {
  'zh-tw': {
    title: '繼續教育積分提醒',
    body: '依學會的紀錄，您下列證書到期前尚未符合積分規定：',
    certificate: (c: CreditReminderInput['certificates'][number], locale: Locale) =>
      `「${c.name}」（證號 ${c.number}），${formatDay(c.endsOn, locale)} 到期，尚需：`,
    line: (text: string) => `・${text}`,
    after: '若您已取得的積分尚未登錄，請至積分頁面申請認列；紀錄有誤時，請與學會聯絡。',
    action: '查看我的積分',
  },
  'en-us': {
    title: 'A reminder about your continuing-education credits',
    body: 'By the society’s records, you do not yet meet the credit rules of these certificates before they end:',
    certificate: (c: CreditReminderInput['certificates'][number], locale: Locale) =>
      `${c.name} (number ${c.number}), ending on ${formatDay(c.endsOn, locale)}, still needs:`,
    line: (text: string) => `• ${text}`,
    after:
      'If you have earned points that are not on your record yet, claim them from your credits page; if the record is wrong, please contact the society.',
    action: 'See my credits',
  },
} satisfies Record<Locale, unknown>;

/** The credit reminder staff send from the compliance report, in the member's language. */
export function creditReminder(input: CreditReminderInput): MailContent {
  const words = CREDIT_REMINDER_COPY[input.locale];
  return actionMail(input, {
    title: words.title,
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body,
      ...input.certificates.map((c) =>
        [words.certificate(c, input.locale), ...c.lacks.map((text) => words.line(text))].join('\n'),
      ),
      words.after,
    ],
    action: words.action,
  });
}
