import { formatDay } from '../../../lib/format';
import { taipeiDate } from '../../../lib/calendar-date';
import type { Locale } from '../../../lib/locales';
import { actionMail, COPY, type MailContent } from './templates';

/**
 * The mails a queue's supervisor sends a reviewer from the console (DESIGN.md §13, §19): an item
 * given to them, and a reminder once it is overdue, in the reviewer's language. They name the
 * item by its number, title and queue, never the applicant.
 */
export interface ReviewNoticeInput {
  kind: 'assigned' | 'overdue';
  siteName: string;
  locale: Locale;
  name: string;
  /** The queue's name in the reviewer's language. */
  queue: string;
  number: string;
  title: string;
  dueAt: Date;
  /** The item's review page. */
  url: string;
}

const REVIEW_NOTICE_COPY = {
  'zh-tw': {
    title: { assigned: '您有一件新的審查', overdue: '審查已逾期' },
    body: {
      assigned: (i: ReviewNoticeInput, due: string) =>
        `學會請您審查「${i.queue}」的「${i.title}」（編號 ${i.number}），請於 ${due} 前完成。`,
      overdue: (i: ReviewNoticeInput, due: string) =>
        `您負責的「${i.queue}」審查「${i.title}」（編號 ${i.number}）原訂 ${due} 完成，目前已逾期，請儘速處理。`,
    },
    conflict: '開始前請先申報利益衝突；若有衝突，申報後即不再由您審查。',
    action: '前往審查',
  },
  'en-us': {
    title: { assigned: 'A review for you', overdue: 'Your review is overdue' },
    body: {
      assigned: (i: ReviewNoticeInput, due: string) =>
        `The society asks you to review “${i.title}” (number ${i.number}) in ${i.queue}, by ${due}.`,
      overdue: (i: ReviewNoticeInput, due: string) =>
        `Your review of “${i.title}” (number ${i.number}) in ${i.queue} was due on ${due} and is now overdue. Please complete it soon.`,
    },
    conflict: 'Before you start, declare any conflict of interest; if you have one, the item goes to another reviewer.',
    action: 'Open the review',
  },
} satisfies Record<Locale, unknown>;

/** An item given to a reviewer, or a reminder of an overdue one. */
export function reviewNotice(input: ReviewNoticeInput): MailContent {
  const words = REVIEW_NOTICE_COPY[input.locale];
  const due = formatDay(taipeiDate(input.dueAt), input.locale);
  return actionMail(input, {
    title: words.title[input.kind],
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body[input.kind](input, due),
      ...(input.kind === 'assigned' ? [words.conflict] : []),
    ],
    action: words.action,
  });
}

/** A reviewer's role revoked: the items of the queue taken back from them, to the queue's supervisor. */
export interface ReviewerRemovedInput {
  siteName: string;
  locale: Locale;
  /** The supervisor written to. */
  name: string;
  /** The queue's name in the supervisor's language. */
  queue: string;
  reviewer: { name: string; email: string };
  items: { number: string; title: string }[];
  /** The console's queues, where the items are given to another reviewer. */
  url: string;
}

const REVIEWER_REMOVED_COPY = {
  'zh-tw': {
    title: '審查人的角色已撤銷',
    body: (i: ReviewerRemovedInput) =>
      `${i.reviewer.name}（${i.reviewer.email}）的「${i.queue}」審查人角色已撤銷，以下 ${i.items.length} 件尚未完成的審查已收回，先前寄給審查人的連結已失效，請改派其他審查人：`,
    item: (number: string, title: string) => `${number}：${title}`,
    action: '前往審查佇列',
  },
  'en-us': {
    title: 'A reviewer’s role was revoked',
    body: (i: ReviewerRemovedInput) =>
      `${i.reviewer.name} (${i.reviewer.email}) no longer reviews ${i.queue}: the role was revoked, and ${
        i.items.length === 1
          ? 'the review they had not finished was taken back'
          : `the ${i.items.length} reviews they had not finished were taken back`
      } (links mailed to them no longer work). Please give ${i.items.length === 1 ? 'it' : 'them'} to another reviewer:`,
    item: (number: string, title: string) => `${number}: ${title}`,
    action: 'Open the review queues',
  },
} satisfies Record<Locale, unknown>;

/** The queue's supervisor is told which items lost their reviewer when a reviewer role is revoked. */
export function reviewerRemoved(input: ReviewerRemovedInput): MailContent {
  const words = REVIEWER_REMOVED_COPY[input.locale];
  return actionMail(input, {
    title: words.title,
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body(input),
      ...input.items.map((item) => words.item(item.number, item.title)),
    ],
    action: words.action,
  });
}
