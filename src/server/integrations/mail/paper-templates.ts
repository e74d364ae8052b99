import { formatDateTime } from '../../../lib/format';
import type { Locale } from '../../../lib/locales';
import { actionMail, COPY, layout, type MailContent } from './templates';

/**
 * The mails of paper submissions and review (decision record 015), in the reader's language. A
 * reviewer's mail names the paper by number and title only, never its authors; an author's mail
 * quotes the reviewers' comments to the authors by label ("Reviewer 1"), never by name.
 */

interface PaperMailBase {
  siteName: string;
  locale: Locale;
  /** The person written to, or '' for a greeting without a name. */
  name: string;
  number: string;
  title: string;
  call: string;
  url: string;
}

export type PaperNotice =
  'received' | 'resubmitted' | 'withdrawn' | 'forEditors' | 'forEditorsResubmitted' | 'forEditorsReport';

const PAPER_COPY = {
  'zh-tw': {
    title: {
      received: '已收到您的論文投稿',
      resubmitted: '已收到您修改後的論文',
      withdrawn: '您的論文已撤回',
      forEditors: '有新的論文投稿',
      forEditorsResubmitted: '有論文修改後重新送出',
      forEditorsReport: '收到一份論文審查報告',
    },
    body: {
      received: (i: PaperMailBase) =>
        `我們已收到您投稿「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}），授權書已簽署，將進入審查。`,
      resubmitted: (i: PaperMailBase) => `我們已收到您修改後的論文「${i.title}」（稿件編號 ${i.number}），將再次審查。`,
      withdrawn: (i: PaperMailBase) =>
        `您投稿「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}）已撤回，不再審查。`,
      forEditors: (i: PaperMailBase) => `「${i.call}」收到論文「${i.title}」（稿件編號 ${i.number}），請指派審查人。`,
      forEditorsResubmitted: (i: PaperMailBase) =>
        `論文「${i.title}」（稿件編號 ${i.number}，${i.call}）已依意見修改後重新送出，請安排再審。`,
      forEditorsReport: (i: PaperMailBase) =>
        `審查人已送出論文「${i.title}」（稿件編號 ${i.number}，${i.call}）的審查報告，請前往閱讀並決定。`,
    },
    action: { author: '查看論文', editor: '前往審查' },
  },
  'en-us': {
    title: {
      received: 'We have received your paper',
      resubmitted: 'We have received your revised paper',
      withdrawn: 'Your paper is withdrawn',
      forEditors: 'A paper was submitted',
      forEditorsResubmitted: 'A revised paper was sent',
      forEditorsReport: 'A review report has arrived',
    },
    body: {
      received: (i: PaperMailBase) =>
        `We have received your paper “${i.title}” (number ${i.number}) for ${i.call}, with its authorisation signed. It now goes to review.`,
      resubmitted: (i: PaperMailBase) =>
        `We have received the revised version of your paper “${i.title}” (number ${i.number}). It goes to review again.`,
      withdrawn: (i: PaperMailBase) =>
        `Your paper “${i.title}” (number ${i.number}) for ${i.call} is withdrawn and will not be reviewed further.`,
      forEditors: (i: PaperMailBase) =>
        `${i.call} received the paper “${i.title}” (number ${i.number}). Please assign its reviewers.`,
      forEditorsResubmitted: (i: PaperMailBase) =>
        `The paper “${i.title}” (number ${i.number}, ${i.call}) was revised and sent again. Please arrange its next review.`,
      forEditorsReport: (i: PaperMailBase) =>
        `A reviewer has sent their report on the paper “${i.title}” (number ${i.number}, ${i.call}). Please read it and decide.`,
    },
    action: { author: 'See the paper', editor: 'Go to the paper' },
  },
} satisfies Record<Locale, unknown>;

function hello(locale: Locale, name: string): string {
  return name ? COPY[locale].helloName(name) : COPY[locale].hello;
}

/** A moment of a paper told to its author, or to the editors. */
export function paperNotice(notice: PaperNotice, input: PaperMailBase): MailContent {
  const words = PAPER_COPY[input.locale];
  return actionMail(input, {
    title: words.title[notice],
    paragraphs: [hello(input.locale, input.name), words.body[notice](input)],
    action: notice.startsWith('forEditors') ? words.action.editor : words.action.author,
  });
}

export type ReviewInviteKind = 'invitation' | 'remindBefore' | 'remindOverdue' | 'revoked';

export interface ReviewInviteInput extends PaperMailBase {
  kind: ReviewInviteKind;
  dueAt: Date;
  /** When the link in this mail stops working (not for `revoked`). */
  linkExpiresAt?: Date;
}

const INVITE_COPY = {
  'zh-tw': {
    title: {
      invitation: '論文審查邀請',
      remindBefore: '論文審查即將到期',
      remindOverdue: '論文審查已逾期',
      revoked: '論文審查邀請已取消',
    },
    body: {
      invitation: (i: ReviewInviteInput) => `編輯邀請您審查「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}）。`,
      remindBefore: (i: ReviewInviteInput) => `您審查的論文「${i.title}」（稿件編號 ${i.number}）即將到期。`,
      remindOverdue: (i: ReviewInviteInput) =>
        `您審查的論文「${i.title}」（稿件編號 ${i.number}）已超過期限，請儘速完成或告知編輯。`,
      revoked: (i: ReviewInviteInput) =>
        `編輯已取消您對論文「${i.title}」（稿件編號 ${i.number}）的審查，先前寄給您的連結已失效，無須再審。感謝您。`,
    },
    due: (d: string) => `審查期限：${d}`,
    steps: '開啟連結後，請先聲明有無利益衝突，確認後才會顯示論文；僅開啟連結不會有任何變更。',
    link: (d: string) => `此連結僅供您本人使用一次，有效至 ${d}。請勿轉寄。`,
    action: '開啟審查',
  },
  'en-us': {
    title: {
      invitation: 'Invitation to review a paper',
      remindBefore: 'Your review is due soon',
      remindOverdue: 'Your review is overdue',
      revoked: 'Review invitation withdrawn',
    },
    body: {
      invitation: (i: ReviewInviteInput) =>
        `The editor invites you to review the paper “${i.title}” (number ${i.number}) for ${i.call}.`,
      remindBefore: (i: ReviewInviteInput) => `Your review of the paper “${i.title}” (number ${i.number}) is due soon.`,
      remindOverdue: (i: ReviewInviteInput) =>
        `Your review of the paper “${i.title}” (number ${i.number}) is past its due date. Please complete it or tell the editor.`,
      revoked: (i: ReviewInviteInput) =>
        `The editor has withdrawn your review of the paper “${i.title}” (number ${i.number}). The link sent to you no longer works and nothing more is needed. Thank you.`,
    },
    due: (d: string) => `Due by: ${d}`,
    steps:
      'The link first asks you to declare any conflict of interest; the paper is shown only after you confirm. Opening the link changes nothing.',
    link: (d: string) => `This link is for you alone, works once and expires on ${d}. Please do not forward it.`,
    action: 'Open the review',
  },
} satisfies Record<Locale, unknown>;

/** A reviewer's invitation, reminders and withdrawal, with a link of their own (never the authors' names). */
export function reviewInvite(input: ReviewInviteInput): MailContent {
  const words = INVITE_COPY[input.locale];
  const revoked = input.kind === 'revoked';
  return layout({
    siteName: input.siteName,
    locale: input.locale,
    title: words.title[input.kind],
    paragraphs: [
      hello(input.locale, input.name),
      words.body[input.kind](input),
      ...(revoked ? [] : [words.due(formatDateTime(input.dueAt, input.locale)), words.steps]),
    ],
    action: revoked ? undefined : { label: words.action, url: input.url },
    notes: !revoked && input.linkExpiresAt ? [words.link(formatDateTime(input.linkExpiresAt, input.locale))] : [],
    footer: COPY[input.locale].footer(input.siteName),
  });
}

export type PaperDecisionKind = 'accept' | 'reject' | 'revise';

export interface PaperDecisionInput extends PaperMailBase {
  decision: PaperDecisionKind;
  /** The editor's words to the authors. */
  comment: string;
  /** Each reviewer's comments to the authors, by label only. */
  reviews: { label: string; toAuthors: string }[];
  revisionDueAt?: Date | null;
}

const DECISION_COPY = {
  'zh-tw': {
    title: { accept: '您的論文已獲接受', reject: '您的論文未獲接受', revise: '您的論文需要修改' },
    body: {
      accept: (i: PaperDecisionInput) =>
        `恭喜！您投稿「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}）已獲接受。`,
      reject: (i: PaperDecisionInput) =>
        `很抱歉，您投稿「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}）未獲接受。`,
      revise: (i: PaperDecisionInput) =>
        `您投稿「${i.call}」的論文「${i.title}」（稿件編號 ${i.number}）經審查需要修改，請依意見修改後重新送出。`,
    },
    editor: (text: string) => `編輯意見：\n${text}`,
    reviewer: (label: string, text: string) => `審查人 ${label} 的意見：\n${text}`,
    due: (d: string) => `請於 ${d} 前重新送出。`,
    action: '查看論文',
  },
  'en-us': {
    title: {
      accept: 'Your paper is accepted',
      reject: 'Your paper was not accepted',
      revise: 'Your paper needs revision',
    },
    body: {
      accept: (i: PaperDecisionInput) =>
        `Congratulations: your paper “${i.title}” (number ${i.number}) for ${i.call} is accepted.`,
      reject: (i: PaperDecisionInput) =>
        `We are sorry: your paper “${i.title}” (number ${i.number}) for ${i.call} was not accepted.`,
      revise: (i: PaperDecisionInput) =>
        `Your paper “${i.title}” (number ${i.number}) for ${i.call} needs revision. Please revise it as the comments ask and send it again.`,
    },
    editor: (text: string) => `The editor’s comments:\n${text}`,
    reviewer: (label: string, text: string) => `Reviewer ${label}:\n${text}`,
    due: (d: string) => `Please send it again by ${d}.`,
    action: 'See the paper',
  },
} satisfies Record<Locale, unknown>;

/** The editor's decision on a paper, to its author, with the reviewers' comments to the authors and nothing else. */
export function paperDecision(input: PaperDecisionInput): MailContent {
  const words = DECISION_COPY[input.locale];
  const paragraphs = [hello(input.locale, input.name), words.body[input.decision](input)];
  if (input.comment) paragraphs.push(words.editor(input.comment));
  for (const review of input.reviews) paragraphs.push(words.reviewer(review.label, review.toAuthors));
  if (input.decision === 'revise' && input.revisionDueAt)
    paragraphs.push(words.due(formatDateTime(input.revisionDueAt, input.locale)));
  return actionMail(input, { title: words.title[input.decision], paragraphs, action: words.action });
}
