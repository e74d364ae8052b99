import { formatEventRange } from '../../../lib/event-format';
import { formatAmount, formatDateTime, formatPoints } from '../../../lib/format';
import { HTML_LANG, type Locale } from '../../../lib/locales';
import { QR_LIGHT, qrTableRows } from './qr-table';

/** A rendered mail: one subject, a plain-text body and an HTML body saying the same. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LayoutInput {
  siteName: string;
  locale: Locale;
  /** The heading of the mail, and the subject's topic: 【site】title or title | site. */
  title: string;
  /** A whole subject instead of the one built from the title (when the title names the site already). */
  subject?: string | undefined;
  /** Body paragraphs before the code or button; plain text (escaped in HTML, line breaks kept). */
  paragraphs: string[];
  /** A one-time code shown large and alone on its line. */
  code?: string | undefined;
  /**
   * An address's QR code, drawn as a table of cells (no image to load), named by `alt`, with the
   * address beneath it as a link after `label` (the text part has the label and the address). It
   * comes after the paragraphs and before the button. http(s) only.
   */
  qr?: { url: string; label: string; alt: string } | undefined;
  /** One button; its address is also printed beneath it for clients that strip links. http(s) only. */
  action?: { label: string; url: string } | undefined;
  /** Smaller paragraphs after the code or button: expiry, "ignore this if ...". */
  notes?: string[] | undefined;
  footer: string;
}

export const COPY = {
  'zh-tw': {
    subject: (siteName: string, title: string) => `【${siteName}】${title}`,
    urlHint: '如果按鈕無法使用，請複製以下網址並貼到瀏覽器開啟：',
    colon: '：',
    hello: '您好：',
    helloName: (name: string) => `${name} 您好：`,
    footer: (siteName: string) => `本郵件由「${siteName}」系統自動寄出，請勿直接回覆。`,
  },
  'en-us': {
    subject: (siteName: string, title: string) => `${title} | ${siteName}`,
    urlHint: 'If the button does not work, copy this address into your browser:',
    colon: ':',
    hello: 'Hello,',
    helloName: (name: string) => `Dear ${name},`,
    footer: (siteName: string) => `This message was sent automatically by ${siteName}. Please do not reply to it.`,
  },
} satisfies Record<Locale, unknown>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Escaped text with its line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');
}

function assertWebUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail links must be absolute http(s) URLs: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Mail links must be absolute http(s) URLs: ${url}`);
  }
  return parsed.href;
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans TC', Roboto, Helvetica, Arial, sans-serif";
// Colours keep at least 4.5:1 against their background (WCAG AA).
const INK = '#111827';
const MUTED = '#4b5563';
const FAINT = '#6b7280';
const PAGE = '#f3f4f6';
const BUTTON = '#1d4ed8';
const LINK = '#1d4ed8';

/**
 * The one shape every mail has: site name, heading, paragraphs, an optional code or button, notes
 * and a footer, as plain text and as simple inline-styled HTML (tables for old clients).
 */
export function layout(input: LayoutInput): MailContent {
  const copy = COPY[input.locale];
  const subject = (input.subject ?? copy.subject(input.siteName, input.title)).replace(/\s+/g, ' ').trim();
  const url = input.action ? assertWebUrl(input.action.url) : undefined;
  const qrUrl = input.qr ? assertWebUrl(input.qr.url) : undefined;
  const notes = input.notes ?? [];

  const textBlocks: string[] = [input.title, ...input.paragraphs];
  if (input.code !== undefined) textBlocks.push(`    ${input.code}`);
  if (input.qr && qrUrl) textBlocks.push(`${input.qr.label}${copy.colon}\n${qrUrl}`);
  if (input.action && url) textBlocks.push(`${input.action.label}${copy.colon}\n${url}`);
  textBlocks.push(...notes, `-- \n${input.footer}`);
  const text = `${textBlocks.join('\n\n')}\n`;

  const p = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`;
  const body: string[] = [
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.35;font-weight:700;color:${INK};">${htmlText(input.title)}</h1>`,
    ...input.paragraphs.map((paragraph) => p(htmlText(paragraph))),
  ];
  if (input.code !== undefined) {
    body.push(
      `<p style="margin:24px 0;text-align:center;"><span style="display:inline-block;padding:12px 24px;border-radius:6px;background-color:${PAGE};color:${INK};font-family:Consolas, Menlo, 'Courier New', monospace;font-size:32px;font-weight:700;letter-spacing:6px;">${escapeHtml(input.code)}</span></p>`,
    );
  }
  if (input.qr && qrUrl) {
    const href = escapeHtml(qrUrl);
    const alt = escapeHtml(input.qr.alt);
    const { width, rows } = qrTableRows(qrUrl);
    body.push(
      `<table role="img" aria-label="${alt}" title="${alt}" width="${width}" cellpadding="0" cellspacing="0" border="0" bgcolor="${QR_LIGHT}" style="margin:24px auto 8px;">\n${rows}\n</table>`,
      p(
        `${htmlText(input.qr.label)}<br><a href="${href}" style="color:${LINK};text-decoration:underline;word-break:break-all;">${href}</a>`,
        `font-size:14px;color:${MUTED};text-align:center;`,
      ),
    );
  }
  if (input.action && url) {
    const href = escapeHtml(url);
    body.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;"><tr><td style="border-radius:6px;background-color:${BUTTON};"><a href="${href}" style="display:inline-block;padding:12px 28px;border-radius:6px;color:#ffffff;font-family:${FONT};font-size:16px;font-weight:700;text-decoration:none;">${htmlText(input.action.label)}</a></td></tr></table>`,
      p(
        `${escapeHtml(copy.urlHint)}<br><a href="${href}" style="color:${LINK};text-decoration:underline;word-break:break-all;">${href}</a>`,
        `font-size:14px;color:${MUTED};`,
      ),
    );
  }
  body.push(...notes.map((note) => p(htmlText(note), `font-size:14px;color:${MUTED};`)));

  const html = `<!doctype html>
<html lang="${HTML_LANG[input.locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:${FONT};">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;font-size:15px;font-weight:700;color:${MUTED};">${htmlText(input.siteName)}</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.6;color:${INK};">
${body.join('\n')}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:${FAINT};">${htmlText(input.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/** The mail of a notice to someone's own page: its title and paragraphs, one button there, the site's footer. */
export function actionMail(
  to: { siteName: string; locale: Locale; url: string },
  mail: {
    title: string;
    paragraphs: string[];
    action: string;
    code?: string;
    qr?: LayoutInput['qr'];
    notes?: string[];
  },
): MailContent {
  return layout({
    siteName: to.siteName,
    locale: to.locale,
    title: mail.title,
    paragraphs: mail.paragraphs,
    code: mail.code,
    qr: mail.qr,
    action: { label: mail.action, url: to.url },
    notes: mail.notes,
    footer: COPY[to.locale].footer(to.siteName),
  });
}

export interface VerificationCodeInput {
  siteName: string;
  code: string;
  validMinutes: number;
  locale: Locale;
}

/** The sign-up / email-verification code. */
export function verificationCode({ siteName, code, validMinutes, locale }: VerificationCodeInput): MailContent {
  const copy = COPY[locale];
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: 'Your verification code',
      paragraphs: [copy.hello, `Your verification code is ${code}. Enter it within ${validMinutes} minutes.`],
      code,
      notes: [
        'If you did not ask for this code, you can ignore this message. Never share the code with anyone: our staff will never ask you for it.',
      ],
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: '電子郵件驗證碼',
    paragraphs: [copy.hello, `您的驗證碼為 ${code}，請於 ${validMinutes} 分鐘內輸入。`],
    code,
    notes: ['如果您並未申請此驗證碼，請忽略本郵件。請勿將驗證碼提供給任何人，本會人員不會向您索取驗證碼。'],
    footer: copy.footer(siteName),
  });
}

export interface PasswordResetInput {
  siteName: string;
  /** The single-use reset link, absolute. */
  url: string;
  validMinutes: number;
  locale: Locale;
}

/** A single-use link to choose a new password. */
export function passwordReset({ siteName, url, validMinutes, locale }: PasswordResetInput): MailContent {
  const copy = COPY[locale];
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: 'Reset your password',
      paragraphs: [
        copy.hello,
        'We received a request to reset the password of your account. Use the button below to choose a new password.',
      ],
      action: { label: 'Choose a new password', url },
      notes: [
        `The link expires in ${validMinutes} minutes and works only once.`,
        'If you did not ask to reset your password, you can ignore this message: your password stays as it is.',
      ],
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: '重設密碼',
    paragraphs: [copy.hello, '我們收到重設您帳號密碼的申請，請點選下方按鈕設定新密碼。'],
    action: { label: '設定新密碼', url },
    notes: [
      `此連結將於 ${validMinutes} 分鐘後失效，且僅能使用一次。`,
      '如果您並未申請重設密碼，請忽略本郵件，您的密碼不會有任何變更。',
    ],
    footer: copy.footer(siteName),
  });
}

export interface AccountExistsInput extends PasswordResetInput {
  /** The kind of account the address already has: an individual's or an organisation's. */
  userType: 'individual' | 'organ';
}

/**
 * To the owner of an address someone tried to sign up with again: they already have an account
 * (of that kind), may sign in as usual, and may choose a new password with the single-use link.
 */
export function accountExists({ siteName, url, validMinutes, locale, userType }: AccountExistsInput): MailContent {
  const copy = COPY[locale];
  const organ = userType === 'organ';
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: 'You already have an account',
      paragraphs: [
        copy.hello,
        `Someone asked to sign up ${organ ? 'an organisation ' : ''}with this e-mail address, which already has ${organ ? 'an organisation account' : 'an account'} with us. You can sign in as usual. If you have forgotten your password, choose a new one with the button below.`,
      ],
      action: { label: 'Choose a new password', url },
      notes: [
        `The link expires in ${validMinutes} minutes and works only once.`,
        'If it was not you, you can ignore this message: nothing has changed in your account.',
      ],
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: '您已有帳號',
    paragraphs: [
      copy.hello,
      `有人以此電子郵件地址申請註冊${organ ? '機構' : ''}，但此地址已有${organ ? '機構帳號' : '帳號'}。您可以照常登入；如果忘記密碼，請點選下方按鈕設定新密碼。`,
    ],
    action: { label: '設定新密碼', url },
    notes: [
      `此連結將於 ${validMinutes} 分鐘後失效，且僅能使用一次。`,
      '如果這不是您本人的申請，請忽略本郵件，您的帳號不會有任何變更。',
    ],
    footer: copy.footer(siteName),
  });
}

/** How long a link lives, in words: whole days as days, else minutes. */
function lifetime(minutes: number, locale: Locale): string {
  const days = minutes / 1440;
  if (Number.isInteger(days) && days >= 1)
    return locale === 'en-us' ? `${days} day${days === 1 ? '' : 's'}` : `${days} 天`;
  return locale === 'en-us' ? `${minutes} minutes` : `${minutes} 分鐘`;
}

export interface FirstSignInInput {
  siteName: string;
  /** The single-use link that sets the first password, absolute. */
  url: string;
  /** How long the link lives (an invitation lives days, a link asked for on the site minutes). */
  validMinutes: number;
  locale: Locale;
}

/**
 * A member brought over from the society's old system has no password: this single-use link sets
 * the first one (the reset flow, worded as a first sign-in). Sent by `npm run import -- invite`,
 * and by "Forgotten password" for an account that has no password yet.
 */
export function firstSignIn({ siteName, url, validMinutes, locale }: FirstSignInInput): MailContent {
  const copy = COPY[locale];
  const expiry = lifetime(validMinutes, locale);
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: 'Set your password',
      paragraphs: [
        copy.hello,
        `Your membership of ${siteName} has been brought over from the society’s old system to its new portal. To sign in for the first time, set your password with the button below; after that, sign in with your e-mail address or national ID and that password.`,
      ],
      action: { label: 'Set your password', url },
      notes: [
        `The link expires in ${expiry} and works only once. Once it has expired, ask for a new one with “Forgotten password” on the sign-in page.`,
        'If you did not expect this message, you can ignore it.',
      ],
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: '設定您的密碼',
    paragraphs: [
      copy.hello,
      `您在「${siteName}」的會員資料已由舊系統移入新的會員網站。首次登入前，請點選下方按鈕設定密碼；設定完成後，即可以電子郵件或身分證字號及此密碼登入。`,
    ],
    action: { label: '設定密碼', url },
    notes: [
      `此連結將於 ${expiry}後失效，且僅能使用一次。連結失效後，請於登入頁點選「忘記密碼」重新申請。`,
      '如果您並未預期收到本郵件，請忽略即可。',
    ],
    footer: copy.footer(siteName),
  });
}

/**
 * One mail in both languages, Chinese first (a member whose language is not known, e.g. an imported
 * one's invitation): both subjects, both texts, and the English card below the Chinese one.
 */
export function bothLanguages(zh: MailContent, en: MailContent): MailContent {
  const enBody = /<body[^>]*>([\s\S]*)<\/body>/.exec(en.html)?.[1] ?? '';
  return {
    subject: `${zh.subject} / ${en.subject}`,
    text: `${zh.text}\n==========\nEnglish\n==========\n\n${en.text}`,
    html: zh.html.replace('</body>', `<div lang="en">${enBody}</div>\n</body>`),
  };
}

export interface PasswordChangedInput {
  siteName: string;
  /** When the password was changed; shown in Taipei time. */
  at: Date;
  locale: Locale;
  /** Where to reset the password if the change was not the reader's; adds a button. */
  resetUrl?: string | undefined;
}

/** A notice after a password change, so an owner notices a change they did not make. */
export function passwordChanged({ siteName, at, locale, resetUrl }: PasswordChangedInput): MailContent {
  const copy = COPY[locale];
  const when = formatDateTime(at, locale);
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: 'Your password was changed',
      paragraphs: [
        copy.hello,
        `The password of your account was changed on ${when} (Taiwan time, UTC+8).`,
        'If you made this change, there is nothing more to do.',
        'If you did not, someone else may be using your account: reset your password at once and contact us.',
      ],
      action: resetUrl ? { label: 'Reset your password', url: resetUrl } : undefined,
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: '密碼變更通知',
    paragraphs: [
      copy.hello,
      `您的帳號密碼已於 ${when}（臺灣時間）變更。`,
      '如果這是您本人的操作，無須進行任何處理。',
      '如果您並未變更密碼，您的帳號可能遭他人使用，請立即重設密碼並與本會聯繫。',
    ],
    action: resetUrl ? { label: '重設密碼', url: resetUrl } : undefined,
    footer: copy.footer(siteName),
  });
}

export interface EmailChangedByOfficeInput {
  siteName: string;
  from: string;
  to: string;
  at: Date;
  locale: Locale;
  /** The new address's mail: the link that proves it reaches its owner. */
  verifyUrl?: string | undefined;
}

/**
 * Sent to the old and the new address when the society's office changes an account's e-mail, so
 * the owner notices a change they did not ask for; the new address's mail asks its owner to confirm it.
 */
export function emailChangedByOffice({
  siteName,
  from,
  to,
  at,
  locale,
  verifyUrl,
}: EmailChangedByOfficeInput): MailContent {
  const copy = COPY[locale];
  const when = formatDateTime(at, locale);
  const confirm = verifyUrl
    ? locale === 'en-us'
      ? 'Please confirm that this address is yours with the button below.'
      : '請按下方按鈕，確認這個電子郵件是您的。'
    : null;
  return layout({
    siteName,
    locale,
    title: locale === 'en-us' ? 'The e-mail address of your account was changed' : '帳號電子郵件變更通知',
    paragraphs:
      locale === 'en-us'
        ? [
            copy.hello,
            `On ${when} (Taiwan time, UTC+8) the society’s office changed the e-mail address of your account from ${from} to ${to}. You now sign in with the new address, and the society writes to it.`,
            ...(confirm ? [confirm] : []),
            'If you did not ask for this, contact the society at once.',
          ]
        : [
            copy.hello,
            `本會秘書處已於 ${when}（臺灣時間）將您帳號的電子郵件由 ${from} 變更為 ${to}。此後請以新的電子郵件登入，本會也將寄信至新的地址。`,
            ...(confirm ? [confirm] : []),
            '如果您並未提出此項變更，請立即與本會聯繫。',
          ],
    action: verifyUrl
      ? { label: locale === 'en-us' ? 'Confirm this address' : '確認電子郵件', url: verifyUrl }
      : undefined,
    footer: copy.footer(siteName),
  });
}

export type SecondFactorEvent = 'enrolled' | 'recoveryCodesRenewed' | 'reset' | 'passkeyAdded' | 'passkeyRemoved';

export interface SecondFactorChangedInput {
  siteName: string;
  event: SecondFactorEvent;
  /** When it happened; shown in Taipei time. */
  at: Date;
  locale: Locale;
}

const SECOND_FACTOR_COPY: Record<
  Locale,
  Record<SecondFactorEvent, { title: string; what: (when: string) => string }>
> = {
  'en-us': {
    enrolled: {
      title: 'An authenticator app was set up for your account',
      what: (when) =>
        `An authenticator app was set up as the second factor of your staff account on ${when} (Taiwan time, UTC+8).`,
    },
    recoveryCodesRenewed: {
      title: 'New recovery codes were made for your account',
      what: (when) =>
        `New recovery codes were made for your staff account on ${when} (Taiwan time, UTC+8); the old ones no longer work.`,
    },
    reset: {
      title: 'The authenticator of your account was reset',
      what: (when) =>
        `An administrator removed the authenticator app, recovery codes and passkeys of your staff account on ${when} (Taiwan time, UTC+8). You will set up a new app at your next staff page.`,
    },
    passkeyAdded: {
      title: 'A passkey was added to your account',
      what: (when) =>
        `A passkey was registered as a second factor of your staff account on ${when} (Taiwan time, UTC+8).`,
    },
    passkeyRemoved: {
      title: 'A passkey was removed from your account',
      what: (when) => `A passkey was removed from your staff account on ${when} (Taiwan time, UTC+8).`,
    },
  },
  'zh-tw': {
    enrolled: {
      title: '您的帳號已設定驗證器',
      what: (when) => `您的工作人員帳號已於 ${when}（臺灣時間）設定驗證器 App 作為第二道驗證。`,
    },
    recoveryCodesRenewed: {
      title: '您的帳號已產生新的備用碼',
      what: (when) => `您的工作人員帳號已於 ${when}（臺灣時間）產生新的備用碼，舊的備用碼已失效。`,
    },
    reset: {
      title: '您帳號的驗證器已重設',
      what: (when) =>
        `系統管理者已於 ${when}（臺灣時間）移除您工作人員帳號的驗證器 App、備用碼與通行金鑰。下次進入工作人員頁面時，請重新設定。`,
    },
    passkeyAdded: {
      title: '您的帳號已新增通行金鑰',
      what: (when) => `您的工作人員帳號已於 ${when}（臺灣時間）新增一把通行金鑰作為第二道驗證。`,
    },
    passkeyRemoved: {
      title: '您的帳號已移除通行金鑰',
      what: (when) => `您的工作人員帳號已於 ${when}（臺灣時間）移除一把通行金鑰。`,
    },
  },
};

/** A notice after a change to a staff account's second factor, so an owner notices one they did not make. */
export function secondFactorChanged({ siteName, event, at, locale }: SecondFactorChangedInput): MailContent {
  const copy = COPY[locale];
  const { title, what } = SECOND_FACTOR_COPY[locale][event];
  return layout({
    siteName,
    locale,
    title,
    paragraphs: [
      copy.hello,
      what(formatDateTime(at, locale)),
      locale === 'en-us'
        ? 'If this was not you or your administrator, someone else may be using your account: tell the society’s administrator at once.'
        : '如果這不是您本人或系統管理者的操作，您的帳號可能遭他人使用，請立即通知學會系統管理者。',
    ],
    footer: copy.footer(siteName),
  });
}

export interface WelcomeInput {
  siteName: string;
  name: string;
  loginUrl: string;
  locale: Locale;
}

/** Sent once an account is created and its address verified. */
export function welcome({ siteName, name, loginUrl, locale }: WelcomeInput): MailContent {
  const copy = COPY[locale];
  if (locale === 'en-us') {
    return layout({
      siteName,
      locale,
      title: `Welcome to ${siteName}`,
      subject: `Welcome to ${siteName}`,
      paragraphs: [
        copy.helloName(name),
        `Thank you for registering with ${siteName}. Your account is ready.`,
        'Sign in to keep your details up to date and to use the services of the site.',
      ],
      action: { label: 'Sign in', url: loginUrl },
      footer: copy.footer(siteName),
    });
  }
  return layout({
    siteName,
    locale,
    title: `歡迎加入${siteName}`,
    subject: `歡迎加入${siteName}`,
    paragraphs: [
      copy.helloName(name),
      `感謝您註冊${siteName}網站，您的帳號已建立完成。`,
      '登入後即可維護您的個人資料，並使用網站提供的各項服務。',
    ],
    action: { label: '立即登入', url: loginUrl },
    footer: copy.footer(siteName),
  });
}

/** The moments of an application an applicant hears about. */
export type ApplicationNotice =
  'received' | 'returned' | 'approvedToPay' | 'rejected' | 'effective' | 'cancelled' | 'expired' | 'paid';

export interface ApplicationNoticeInput {
  siteName: string;
  locale: Locale;
  name: string;
  notice: ApplicationNotice;
  /** What was applied for, in the applicant's language (入會申請（正式會員）, Application to join (Regular member)). */
  what: string;
  number: string;
  /** The reviewer's comment to the applicant (on every decision: returned, rejected, approved). */
  comment?: string | null;
  /** The amount to pay (approvedToPay), in NT$. */
  amount?: number;
  /** The payment deadline or the deadline for changes. */
  due?: Date | null;
  url: string;
}

const NOTICE_COPY = {
  'zh-tw': {
    title: {
      received: '已收到您的申請',
      returned: '您的申請需要補件或修改',
      approvedToPay: '您的申請已通過審查，請完成繳費',
      rejected: '您的申請未獲通過',
      effective: '您的申請已生效',
      cancelled: '您的申請已取消',
      expired: '您的申請已逾期',
      paid: '已收到您的款項',
    },
    body: {
      received: (what: string, no: string) => `我們已收到您的${what}（申請編號 ${no}），將儘速處理。`,
      returned: (what: string, no: string) =>
        `您的${what}（申請編號 ${no}）需要補件或修改，請依審查意見更新後重新送出。`,
      approvedToPay: (what: string, no: string) => `您的${what}（申請編號 ${no}）已通過審查，完成繳費後即生效。`,
      rejected: (what: string, no: string) => `很抱歉，您的${what}（申請編號 ${no}）未獲通過。`,
      effective: (what: string, no: string) => `您的${what}（申請編號 ${no}）已生效。`,
      cancelled: (what: string, no: string) => `您的${what}（申請編號 ${no}）已取消。`,
      expired: (what: string, no: string) => `您的${what}（申請編號 ${no}）已逾期未完成，如仍需要請重新申請。`,
      paid: (what: string, no: string) => `我們已收到您${what}（申請編號 ${no}）的款項，收據可於會員中心下載。`,
    },
    comment: (text: string) => `審查意見：${text}`,
    amount: (n: string) => `應繳金額：新臺幣 ${n} 元`,
    due: (d: string) => `期限：${d}`,
    action: '查看申請',
  },
  'en-us': {
    title: {
      received: 'We have received your application',
      returned: 'Your application needs changes',
      approvedToPay: 'Your application is approved: please pay',
      rejected: 'Your application was not approved',
      effective: 'Your application has taken effect',
      cancelled: 'Your application was cancelled',
      expired: 'Your application has expired',
      paid: 'We have received your payment',
    },
    body: {
      received: (what: string, no: string) => `We have received your ${what} (number ${no}) and will handle it soon.`,
      returned: (what: string, no: string) =>
        `Your ${what} (number ${no}) needs changes or further documents. Please update it as the reviewer asks and send it again.`,
      approvedToPay: (what: string, no: string) =>
        `Your ${what} (number ${no}) has been approved. It takes effect once paid.`,
      rejected: (what: string, no: string) => `We are sorry: your ${what} (number ${no}) was not approved.`,
      effective: (what: string, no: string) => `Your ${what} (number ${no}) has taken effect.`,
      cancelled: (what: string, no: string) => `Your ${what} (number ${no}) has been cancelled.`,
      expired: (what: string, no: string) =>
        `Your ${what} (number ${no}) was not completed in time. Please apply again if you still need it.`,
      paid: (what: string, no: string) =>
        `We have received the payment for your ${what} (number ${no}). The receipt is in your member centre.`,
    },
    comment: (text: string) => `Reviewer’s comment: ${text}`,
    amount: (n: string) => `Amount due: NT$${n}`,
    due: (d: string) => `Due by: ${d}`,
    action: 'View the application',
  },
} satisfies Record<Locale, unknown>;

/** A mail at a moment of an application, in the applicant's language. */
export function applicationNotice(input: ApplicationNoticeInput): MailContent {
  const copy = COPY[input.locale];
  const notice = NOTICE_COPY[input.locale];
  const paragraphs = [copy.helloName(input.name), notice.body[input.notice](input.what, input.number)];
  if (input.comment) paragraphs.push(notice.comment(input.comment));
  if (input.amount !== undefined) paragraphs.push(notice.amount(formatAmount(input.amount)));
  if (input.due) paragraphs.push(notice.due(formatDateTime(input.due, input.locale)));
  return actionMail(input, { title: notice.title[input.notice], paragraphs, action: notice.action });
}

/** What a member hears about their membership without having asked: status changes and renewal reminders. */
export type MembershipNotice = 'inGrace' | 'lapsed' | 'paused' | 'ended' | 'remindBefore' | 'remindGrace';

export interface MembershipNoticeInput {
  siteName: string;
  locale: Locale;
  name: string;
  notice: MembershipNotice;
  memberNo: string;
  /** The member class, in the member's language. */
  className: string;
  /** The current (or unpaid) term's last day, `YYYY-MM-DD`. */
  termEnd: string | null;
  /** The last day of grace for that term. */
  graceEnd: string | null;
  /** The day a pause begins or the membership ended (paused, ended). */
  day: string | null;
  /** The dues for the next term, in NT$. */
  amount: number;
  /** Where to act: the renewal page, or the member centre. */
  url: string;
}

type MembershipFacts = Omit<MembershipNoticeInput, 'siteName' | 'locale' | 'name' | 'notice' | 'url'> & {
  amountText: string;
};

const MEMBERSHIP_COPY = {
  'zh-tw': {
    title: {
      inGrace: '您的會籍已到期，目前在寬限期內',
      lapsed: '您的會籍已失效',
      paused: '您的會籍已開始暫停',
      ended: '您的會籍已終止',
      remindBefore: '會籍即將到期，請續會',
      remindGrace: '會籍已到期，寬限期即將結束',
    },
    body: {
      inGrace: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）已於 ${f.termEnd} 到期，目前在寬限期內。請於 ${f.graceEnd} 前繳納常年會費新臺幣 ${f.amountText} 元完成續會，逾期會籍將失效。`,
      lapsed: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）寬限期已於 ${f.graceEnd} 結束，因未完成續會，會籍已失效。如需恢復會籍，請與學會聯絡。`,
      paused: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）自 ${f.day} 起暫停。暫停期間不需繳納常年會費，需要時可申請復會。`,
      ended: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）已於 ${f.day} 終止。感謝您一直以來對學會的支持。`,
      remindBefore: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）將於 ${f.termEnd} 到期。下一期常年會費為新臺幣 ${f.amountText} 元，現在即可線上續會。`,
      remindGrace: (f: MembershipFacts) =>
        `您的會籍（會員編號 ${f.memberNo}，${f.className}）已於 ${f.termEnd} 到期，寬限期至 ${f.graceEnd} 止。請於期限內繳納常年會費新臺幣 ${f.amountText} 元，逾期會籍將失效。`,
    },
    renew: '立即續會',
    centre: '前往會員中心',
  },
  'en-us': {
    title: {
      inGrace: 'Your membership term has ended: you are in the grace period',
      lapsed: 'Your membership has lapsed',
      paused: 'Your membership is paused',
      ended: 'Your membership has ended',
      remindBefore: 'Your membership ends soon: please renew',
      remindGrace: 'Your grace period ends soon: please renew',
    },
    body: {
      inGrace: (f: MembershipFacts) =>
        `Your membership (number ${f.memberNo}, ${f.className}) ended on ${f.termEnd} and is in its grace period. Please pay the dues of NT$${f.amountText} by ${f.graceEnd} to renew it; after that day it lapses.`,
      lapsed: (f: MembershipFacts) =>
        `The grace period of your membership (number ${f.memberNo}, ${f.className}) ended on ${f.graceEnd} without a renewal, so the membership has lapsed. Please contact the society to restore it.`,
      paused: (f: MembershipFacts) =>
        `Your membership (number ${f.memberNo}, ${f.className}) is paused from ${f.day}. No dues are owed while it is paused; apply to resume when you wish.`,
      ended: (f: MembershipFacts) =>
        `Your membership (number ${f.memberNo}, ${f.className}) ended on ${f.day}. Thank you for your support of the society.`,
      remindBefore: (f: MembershipFacts) =>
        `Your membership (number ${f.memberNo}, ${f.className}) ends on ${f.termEnd}. The dues for the next term are NT$${f.amountText}, and you can renew online now.`,
      remindGrace: (f: MembershipFacts) =>
        `Your membership (number ${f.memberNo}, ${f.className}) ended on ${f.termEnd}; its grace period runs until ${f.graceEnd}. Please pay the dues of NT$${f.amountText} by then, or the membership lapses.`,
    },
    renew: 'Renew now',
    centre: 'Go to the member centre',
  },
} satisfies Record<Locale, unknown>;

/** Notices that ask the member to renew (their button says so). */
const RENEWAL_NOTICES: readonly MembershipNotice[] = ['inGrace', 'remindBefore', 'remindGrace'];

/** A mail about the member's own membership, in their language. */
export function membershipNotice(input: MembershipNoticeInput): MailContent {
  const copy = COPY[input.locale];
  const words = MEMBERSHIP_COPY[input.locale];
  const facts = { ...input, amountText: formatAmount(input.amount) };
  return actionMail(input, {
    title: words.title[input.notice],
    paragraphs: [copy.helloName(input.name), words.body[input.notice](facts)],
    action: RENEWAL_NOTICES.includes(input.notice) ? words.renew : words.centre,
  });
}

/** What finance decided on a member's reported bank transfer. */
export type RemittanceNotice = 'confirmed' | 'surplus' | 'rejected';

export interface RemittanceNoticeInput {
  siteName: string;
  locale: Locale;
  name: string;
  notice: RemittanceNotice;
  orderNumber: string;
  /** What the order is for, in the member's language. */
  what: string;
  /** The NT$ the member reported. */
  amount: number;
  /** The day of the transfer, `YYYY-MM-DD`. */
  transferDate: string;
  /** Finance's note to the member (why it was rejected). */
  note: string;
  /** The payments page. */
  url: string;
}

const REMITTANCE_COPY = {
  'zh-tw': {
    title: {
      confirmed: '已確認您的匯款',
      surplus: '已收到您的匯款，本筆訂單先前已繳清',
      rejected: '您回報的匯款未能確認',
    },
    body: {
      confirmed: (i: RemittanceNoticeInput, n: string) =>
        `我們已確認您於 ${i.transferDate} 匯入的新臺幣 ${n} 元，訂單 ${i.orderNumber}（${i.what}）已繳清。`,
      surplus: (i: RemittanceNoticeInput, n: string) =>
        `我們已收到您於 ${i.transferDate} 匯入的新臺幣 ${n} 元，但訂單 ${i.orderNumber}（${i.what}）已以其他方式繳清或已關閉，本會將與您聯絡退款事宜。`,
      rejected: (i: RemittanceNoticeInput, n: string) =>
        `您回報於 ${i.transferDate} 匯入的新臺幣 ${n} 元（訂單 ${i.orderNumber}，${i.what}）未能確認。請依說明更正後重新回報。`,
    },
    note: '財務說明：',
    action: '查看付款狀態',
  },
  'en-us': {
    title: {
      confirmed: 'Your bank transfer is confirmed',
      surplus: 'We received your transfer; the order was already paid',
      rejected: 'Your reported bank transfer could not be confirmed',
    },
    body: {
      confirmed: (i: RemittanceNoticeInput, n: string) =>
        `We have confirmed your transfer of NT$${n} on ${i.transferDate}: order ${i.orderNumber} (${i.what}) is paid.`,
      surplus: (i: RemittanceNoticeInput, n: string) =>
        `We received your transfer of NT$${n} on ${i.transferDate}, but order ${i.orderNumber} (${i.what}) had already been paid another way or closed. The society will contact you about a refund.`,
      rejected: (i: RemittanceNoticeInput, n: string) =>
        `The transfer of NT$${n} on ${i.transferDate} you reported for order ${i.orderNumber} (${i.what}) could not be confirmed. Please correct it as the note says and report it again.`,
    },
    note: 'Note from the finance office: ',
    action: 'See the payment',
  },
} satisfies Record<Locale, unknown>;

/** A mail about a reported bank transfer, in the payer's language (a member's or an organisation's). */
export function remittanceNotice(input: RemittanceNoticeInput): MailContent {
  const copy = COPY[input.locale];
  const words = REMITTANCE_COPY[input.locale];
  const paragraphs = [copy.helloName(input.name), words.body[input.notice](input, formatAmount(input.amount))];
  if (input.note) paragraphs.push(`${words.note}${input.note}`);
  return actionMail(input, { title: words.title[input.notice], paragraphs, action: words.action });
}

export interface PaymentCodeInput {
  siteName: string;
  locale: Locale;
  name: string;
  orderNumber: string;
  /** What the order is for, in the payer's language. */
  what: string;
  amount: number;
  /** The bank's code for an ATM transfer; null for a convenience-store code. */
  bankCode: string | null;
  /** The virtual account, or the store code. */
  codeNo: string;
  /** The last moment the code may be paid. */
  expiresAt: Date;
  /** The page that shows the order and its code. */
  url: string;
}

const PAYMENT_CODE_COPY = {
  'zh-tw': {
    title: { atm: '您的 ATM 轉帳帳號', store: '您的超商繳費代碼' },
    body: (i: PaymentCodeInput, n: string) => `訂單 ${i.orderNumber}（${i.what}）應繳新臺幣 ${n} 元。`,
    atm: (bank: string) => `請以 ATM 或網路銀行轉帳至銀行代碼 ${bank} 的下列帳號：`,
    store: '請持下列代碼至超商繳費：',
    expires: (d: string) => `請於 ${d} 前繳費；逾期此代碼即失效，可回網站改以其他方式繳費。`,
    after: '繳費後本會將自動收到通知，無須另行回報。若您已改以其他方式繳費，請勿再使用此代碼。',
    action: '查看繳費資訊',
  },
  'en-us': {
    title: { atm: 'Your ATM transfer account', store: 'Your convenience-store payment code' },
    body: (i: PaymentCodeInput, n: string) => `Order ${i.orderNumber} (${i.what}) is NT$${n}.`,
    atm: (bank: string) => `Transfer it at an ATM or by online banking to this account, bank code ${bank}:`,
    store: 'Pay it at a convenience store with this code:',
    expires: (d: string) =>
      `Please pay by ${d}. After that the code no longer works, and you can pay another way on the website.`,
    after:
      'We are told as soon as you pay: there is nothing to report. If you have paid another way, do not use this code.',
    action: 'See how to pay',
  },
} satisfies Record<Locale, unknown>;

/** An ATM account or a store code issued to pay an order, with its deadline, in the payer's language. */
export function paymentCodeNotice(input: PaymentCodeInput): MailContent {
  const words = PAYMENT_CODE_COPY[input.locale];
  return actionMail(input, {
    title: words.title[input.bankCode ? 'atm' : 'store'],
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body(input, formatAmount(input.amount)),
      input.bankCode ? words.atm(input.bankCode) : words.store,
    ],
    code: input.codeNo,
    action: words.action,
    notes: [words.expires(formatDateTime(input.expiresAt, input.locale)), words.after],
  });
}

export interface CoursePointsInput {
  siteName: string;
  locale: Locale;
  name: string;
  /** The course's title and code, and who held it. */
  course: string;
  courseCode: string;
  provider: string;
  /** The certification the points count toward, in the attendee's language. */
  certification: string;
  /** The sessions posted for the attendee: title, day, points (a share of the session's when pro-rated). */
  sessions: { title: string; day: string; points: number; share: number | null }[];
  /** The attendee's certificate page. */
  url: string;
}

const COURSE_POINTS_COPY = {
  'zh-tw': {
    title: '課程積分已登錄',
    body: (i: CoursePointsInput) =>
      `您參加 ${i.provider} 舉辦的「${i.course}」（課程代碼 ${i.courseCode}）的出席紀錄已收到，下列積分已登錄至您的「${i.certification}」積分紀錄：`,
    line: (s: CoursePointsInput['sessions'][number]) =>
      `・${s.day} ${s.title}：${formatPoints(s.points)} 點${s.share === null ? '' : `（出席 ${s.share}%，按比例計）`}`,
    after: '若出席紀錄有誤，請向主辦單位洽詢；主辦單位更正後會重新登錄。',
    action: '查看積分',
  },
  'en-us': {
    title: 'Your course points are posted',
    body: (i: CoursePointsInput) =>
      `${i.provider} sent the attendance of “${i.course}” (course code ${i.courseCode}). These points are now in your record for ${i.certification}:`,
    line: (s: CoursePointsInput['sessions'][number]) =>
      `• ${s.day} ${s.title}: ${formatPoints(s.points)} ${s.points === 1 ? 'point' : 'points'}${s.share === null ? '' : ` (attended ${s.share}%, pro-rated)`}`,
    after: 'If the attendance is wrong, please ask the organiser: once they correct it, the points are posted again.',
    action: 'See your points',
  },
} satisfies Record<Locale, unknown>;

/** Points an organisation's attendance roster posted to an attendee's ledger, in the attendee's language. */
export function coursePointsNotice(input: CoursePointsInput): MailContent {
  const words = COURSE_POINTS_COPY[input.locale];
  return actionMail(input, {
    title: words.title,
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body(input),
      input.sessions.map((s) => words.line(s)).join('\n'),
      words.after,
    ],
    action: words.action,
  });
}

export interface EventPointsInput {
  siteName: string;
  locale: Locale;
  name: string;
  /** The event's title, in the attendee's language. */
  event: string;
  /** The certification the points count toward, in the attendee's language. */
  certification: string;
  /** The sessions posted for the attendee, as a course's are. */
  sessions: CoursePointsInput['sessions'];
  /** The attendee's certificate page. */
  url: string;
}

const EVENT_POINTS_COPY = {
  'zh-tw': {
    title: '活動積分已登錄',
    body: (i: EventPointsInput) =>
      `您參加「${i.event}」的出席紀錄已登錄，下列積分已登錄至您的「${i.certification}」積分紀錄：`,
    after: '若出席紀錄有誤，請與學會聯絡；學會更正後會重新登錄。',
  },
  'en-us': {
    title: 'Your event points are posted',
    body: (i: EventPointsInput) =>
      `Your attendance of “${i.event}” is recorded. These points are now in your record for ${i.certification}:`,
    after: 'If the attendance is wrong, please contact the society: once it is corrected, the points are posted again.',
  },
} satisfies Record<Locale, unknown>;

/** Points a society event's attendance posted to an attendee's ledger, in the attendee's language (as a course's roster). */
export function eventPointsNotice(input: EventPointsInput): MailContent {
  const words = EVENT_POINTS_COPY[input.locale];
  const course = COURSE_POINTS_COPY[input.locale];
  return actionMail(input, {
    title: words.title,
    paragraphs: [
      COPY[input.locale].helloName(input.name),
      words.body(input),
      input.sessions.map((s) => course.line(s)).join('\n'),
      words.after,
    ],
    action: course.action,
  });
}

/**
 * The moments of an event registration a registrant hears about: a seat offered from the waiting
 * list, an expiry, the staff's decision, each confirmation (registered free, paid, a free seat from
 * the waiting list, approved free), which carries the ticket, and a cancellation (by the registrant
 * or the office), with the refund due when one was paid.
 */
export type RegistrationNotice =
  'seatOffered' | 'seatConfirmed' | 'expired' | 'approvedToPay' | 'approved' | 'rejected' | 'confirmed' | 'cancelled';

/** The notices of a registration becoming confirmed: each carries the ticket, one mail per moment. */
export const TICKET_NOTICES = [
  'confirmed',
  'seatConfirmed',
  'approved',
] as const satisfies readonly RegistrationNotice[];

/** What a confirmed registration's mail shows of its ticket: its address (the QR code's), the event's time and place. */
export interface TicketMailFacts {
  /** The ticket's page, absolute, on the configured site (`/ticket/{token}`). */
  url: string;
  startsAt: Date;
  endsAt: Date;
  /** The event's place in the registrant's language; null when none is set. */
  place: string | null;
}

export interface RegistrationNoticeInput {
  siteName: string;
  locale: Locale;
  name: string;
  notice: RegistrationNotice;
  /** The event's title and the ticket type's name, in the registrant's language. */
  event: string;
  ticketType: string;
  number: string;
  /** The amount to pay and its deadline (seatOffered). */
  amount?: number;
  payBy?: Date | null;
  /** The ticket (the notices of `TICKET_NOTICES`). */
  ticket?: TicketMailFacts;
  /** NT$ the society refunds (cancelled, when one was paid; 0: nothing is refunded). */
  refund?: number;
  url: string;
}

const REGISTRATION_COPY = {
  'zh-tw': {
    title: {
      seatOffered: '候補名額已釋出給您，請完成繳費',
      seatConfirmed: '候補名額已釋出給您，報名完成',
      expired: '您的報名已逾期',
      approvedToPay: '您的報名已通過審核，請完成繳費',
      approved: '您的報名已通過審核',
      rejected: '您的報名未獲通過',
      confirmed: '報名完成：您的電子票券',
      cancelled: '您的報名已取消',
    },
    body: {
      seatOffered: (i: RegistrationNoticeInput) =>
        `您候補的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）有名額釋出，已保留給您。請於期限內完成繳費，逾期名額將釋出給下一位候補者。`,
      seatConfirmed: (i: RegistrationNoticeInput) =>
        `您候補的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）有名額釋出，您的報名已完成。`,
      expired: (i: RegistrationNoticeInput) =>
        `您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）未於期限內完成繳費，名額已釋出。`,
      approvedToPay: (i: RegistrationNoticeInput) =>
        `您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）已通過審核，請於期限內完成繳費。`,
      approved: (i: RegistrationNoticeInput) =>
        `您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）已通過審核，報名完成。`,
      rejected: (i: RegistrationNoticeInput) =>
        `很抱歉，您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）未獲通過。`,
      confirmed: (i: RegistrationNoticeInput) =>
        `您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）已完成，以下是您的電子票券。`,
      cancelled: (i: RegistrationNoticeInput) =>
        `您報名的「${i.event}」（${i.ticketType}，報名編號 ${i.number}）已取消，票券已失效，名額已釋出。`,
    },
    amount: (n: string) => `應繳金額：新臺幣 ${n} 元`,
    due: (d: string) => `繳費期限：${d}`,
    refund: (n: string) => `依本活動的退費規定，學會將退還新臺幣 ${n} 元。`,
    noRefund: '依本活動的退費規定，此次取消不退費。',
    when: (range: string) => `時間：${range}（臺灣時間）`,
    where: (place: string) => `地點：${place}`,
    show: '報到時請出示票券的 QR 碼（以手機顯示或列印皆可）。請勿將票券轉給他人：持有此 QR 碼即可報到。',
    qr: '開啟電子票券',
    alt: (i: RegistrationNoticeInput) => `電子票券 QR 碼：${i.event}，報名編號 ${i.number}`,
    later: '您也可以隨時在「我的報名」查看票券或下載 PDF 票券。',
    action: '查看報名',
  },
  'en-us': {
    title: {
      seatOffered: 'A seat is yours from the waiting list: please pay',
      seatConfirmed: 'A seat is yours from the waiting list',
      expired: 'Your registration has expired',
      approvedToPay: 'Your registration is approved: please pay',
      approved: 'Your registration is approved',
      rejected: 'Your registration was not approved',
      confirmed: 'Your ticket: your registration is confirmed',
      cancelled: 'Your registration is cancelled',
    },
    body: {
      seatOffered: (i: RegistrationNoticeInput) =>
        `A seat of ${i.event} (${i.ticketType}, registration ${i.number}) you were waiting for has come free and is held for you. Please pay by the deadline; after it the seat goes to the next person waiting.`,
      seatConfirmed: (i: RegistrationNoticeInput) =>
        `A seat of ${i.event} (${i.ticketType}, registration ${i.number}) you were waiting for has come free: your registration is confirmed.`,
      expired: (i: RegistrationNoticeInput) =>
        `Your registration for ${i.event} (${i.ticketType}, registration ${i.number}) was not paid in time, and its seat has been released.`,
      approvedToPay: (i: RegistrationNoticeInput) =>
        `Your registration for ${i.event} (${i.ticketType}, registration ${i.number}) has been approved. Please pay by the deadline.`,
      approved: (i: RegistrationNoticeInput) =>
        `Your registration for ${i.event} (${i.ticketType}, registration ${i.number}) has been approved: it is complete.`,
      rejected: (i: RegistrationNoticeInput) =>
        `We are sorry: your registration for ${i.event} (${i.ticketType}, registration ${i.number}) was not approved.`,
      confirmed: (i: RegistrationNoticeInput) =>
        `Your registration for ${i.event} (${i.ticketType}, registration ${i.number}) is confirmed. Here is your ticket.`,
      cancelled: (i: RegistrationNoticeInput) =>
        `Your registration for ${i.event} (${i.ticketType}, registration ${i.number}) is cancelled: its ticket no longer admits you and its seat has been released.`,
    },
    amount: (n: string) => `Amount due: NT$${n}`,
    due: (d: string) => `Pay by: ${d}`,
    refund: (n: string) => `Under the event’s refund rule the society will refund NT$${n}.`,
    noRefund: 'Under the event’s refund rule nothing is refunded for this cancellation.',
    when: (range: string) => `When: ${range} (Taiwan time)`,
    where: (place: string) => `Where: ${place}`,
    show: 'Show the ticket’s QR code at the door, on your phone or printed. Do not pass the ticket on: whoever holds this code can check in with it.',
    qr: 'Open your ticket',
    alt: (i: RegistrationNoticeInput) => `Ticket QR code: ${i.event}, registration ${i.number}`,
    later: 'You can also find the ticket, and download it as a PDF, under “My registrations” at any time.',
    action: 'View the registration',
  },
} satisfies Record<Locale, unknown>;

/**
 * A mail at a moment of an event registration (a seat offered from the waiting list, an expiry, a
 * decision, a confirmation), in the registrant's language. A confirmation carries the ticket: the
 * event's time (Taipei) and place, and the ticket's address as a QR code drawn in the mail itself.
 */
export function registrationNotice(input: RegistrationNoticeInput): MailContent {
  const copy = REGISTRATION_COPY[input.locale];
  const paragraphs = [COPY[input.locale].helloName(input.name), copy.body[input.notice](input)];
  if (input.amount !== undefined) paragraphs.push(copy.amount(formatAmount(input.amount)));
  if (input.payBy) paragraphs.push(copy.due(formatDateTime(input.payBy, input.locale)));
  if (input.refund !== undefined)
    paragraphs.push(input.refund > 0 ? copy.refund(formatAmount(input.refund)) : copy.noRefund);
  const ticket = input.ticket;
  if (ticket) {
    paragraphs.push(copy.when(formatEventRange(ticket.startsAt, ticket.endsAt, input.locale)));
    if (ticket.place) paragraphs.push(copy.where(ticket.place));
    paragraphs.push(copy.show);
  }
  return actionMail(input, {
    title: copy.title[input.notice],
    paragraphs,
    action: copy.action,
    ...(ticket ? { qr: { url: ticket.url, label: copy.qr, alt: copy.alt(input) }, notes: [copy.later] } : {}),
  });
}
