import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../lib/locales';
import {
  escapeHtml,
  layout,
  membershipNotice,
  passwordChanged,
  secondFactorChanged,
  passwordReset,
  firstSignIn,
  coursePointsNotice,
  eventPointsNotice,
  paymentCodeNotice,
  remittanceNotice,
  verificationCode,
  welcome,
} from './templates';
import { expectMail } from './mail.test-support';

const siteName = '台灣範例醫學會 & <Friends>';

describe('mail templates', () => {
  it('verification code: the code and its validity in both bodies, in the reader’s language', () => {
    const zh = verificationCode({ siteName: '台灣範例醫學會', code: '123456', validMinutes: 10, locale: 'zh-tw' });
    expectMail(zh, {
      subject: '【台灣範例醫學會】電子郵件驗證碼',
      text: ['您的驗證碼為 123456，請於 10 分鐘內輸入。'],
      html: ['您的驗證碼為 123456，請於 10 分鐘內輸入。', '>123456</span>', '<html lang="zh-Hant-TW">'],
    });

    const en = verificationCode({ siteName: 'Example Society', code: '654321', validMinutes: 15, locale: 'en-us' });
    expectMail(en, {
      subject: 'Your verification code | Example Society',
      text: ['Your verification code is 654321. Enter it within 15 minutes.'],
      html: ['>654321</span>', '<html lang="en-US">'],
    });
  });

  it('password reset: the link as a button and as visible text, with expiry and "ignore it"', () => {
    const url = 'https://portal.example.org/password/reset?token=abc&lang=en-us';
    for (const locale of LOCALES) {
      const mail = passwordReset({ siteName, url, validMinutes: 30, locale });
      expect(mail.text).toContain(url);
      expect(mail.text).toContain('30');
      // In HTML the & of the query is escaped, in the href and in the visible copy.
      const escaped = 'https://portal.example.org/password/reset?token=abc&amp;lang=en-us';
      expect(mail.html).toContain(`href="${escaped}"`);
      expect(mail.html.split(escaped).length - 1).toBe(3); // button, visible link's href, visible text
      expect(mail.html).not.toContain('token=abc&lang');
    }
    expect(passwordReset({ siteName, url, validMinutes: 30, locale: 'zh-tw' }).text).toContain(
      '如果您並未申請重設密碼，請忽略本郵件',
    );
    expect(passwordReset({ siteName, url, validMinutes: 30, locale: 'en-us' }).text).toContain(
      'The link expires in 30 minutes and works only once.',
    );
  });

  it('first sign-in: worded as setting a password, with the lifetime in days or minutes', () => {
    const url = 'https://portal.example.org/password/reset?token=abc&first=1';
    const zh = firstSignIn({ siteName, url, validMinutes: 14 * 1440, locale: 'zh-tw' });
    expect(zh.subject).toContain('設定您的密碼');
    expect(zh.text).toContain('舊系統移入');
    expect(zh.text).toContain('此連結將於 14 天後失效');
    const en = firstSignIn({ siteName, url, validMinutes: 10, locale: 'en-us' });
    expectMail(en, {
      subject: `Set your password | ${siteName}`,
      text: ['brought over from the society’s old system', 'The link expires in 10 minutes and works only once.'],
    });
    expect(firstSignIn({ siteName, url, validMinutes: 1440, locale: 'en-us' }).text).toContain('expires in 1 day ');
    expect(en.html).toContain('href="https://portal.example.org/password/reset?token=abc&amp;first=1"');
  });

  it('password changed: the time in Taipei', () => {
    const at = new Date('2026-03-05T06:07:00Z');
    // ICU puts a thin or narrow no-break space between date and time.
    expect(passwordChanged({ siteName, at, locale: 'zh-tw' }).text).toMatch(/2026\/03\/05\s14:07（臺灣時間）變更/u);
    expect(passwordChanged({ siteName, at, locale: 'en-us' }).text).toMatch(/Mar 05, 2026, 02:07\sPM \(Taiwan time/u);
    const withLink = passwordChanged({ siteName, at, locale: 'en-us', resetUrl: 'https://portal.example.org/forgot' });
    expect(withLink.html).toContain('href="https://portal.example.org/forgot"');
  });

  it('second factor changed: what happened and when, and whom to tell if it was not them', () => {
    const at = new Date('2026-03-05T06:07:00Z');
    const zh = secondFactorChanged({ siteName, event: 'enrolled', at, locale: 'zh-tw' });
    expectMail(zh, {
      subject: `【${siteName}】您的帳號已設定驗證器`,
      text: [/2026\/03\/05\s14:07（臺灣時間）設定驗證器 App/u, '請立即通知學會系統管理者'],
    });
    const reset = secondFactorChanged({ siteName, event: 'reset', at, locale: 'en-us' });
    expect(reset.subject).toBe(`The authenticator of your account was reset | ${siteName}`);
    expect(reset.text).toContain('You will set up a new app at your next staff page.');
    expect(secondFactorChanged({ siteName, event: 'recoveryCodesRenewed', at, locale: 'en-us' }).text).toContain(
      'the old ones no longer work',
    );
  });

  it('escape every interpolated value in HTML, in both languages', () => {
    for (const locale of LOCALES) {
      const mail = welcome({
        siteName,
        name: '<script>alert("x")</script>',
        loginUrl: 'https://portal.example.org/login',
        locale,
      });
      expectMail(mail, {
        html: [
          '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
          '台灣範例醫學會 &amp; &lt;Friends&gt;',
          'href="https://portal.example.org/login"',
        ],
        notHtml: ['<script>', '<Friends>'],
      });
      // Plain text is not HTML: it carries the name as written.
      expect(mail.text).toContain('<script>alert("x")</script>');
      expect(mail.text).toContain('https://portal.example.org/login');
    }
    expect(
      welcome({ siteName: 'S', name: '王小明', loginUrl: 'https://x.example/login', locale: 'zh-tw' }).subject,
    ).toBe('歡迎加入S');
  });

  it('layout: one-line subjects, line breaks kept, only http(s) links', () => {
    const mail = layout({
      siteName: 'Site\r\nBcc: evil@example.com',
      locale: 'en-us',
      title: 'Hello',
      paragraphs: ['one\ntwo'],
      footer: 'f',
    });
    expect(mail.subject).toBe('Hello | Site Bcc: evil@example.com');
    expect(mail.html).toContain('one<br>two');
    expect(() =>
      layout({
        siteName: 'S',
        locale: 'en-us',
        title: 'T',
        paragraphs: [],
        action: { label: 'Go', url: 'javascript:alert(1)' },
        footer: 'f',
      }),
    ).toThrow(/http\(s\)/);
    expect(escapeHtml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('membership notices: the dates, the dues and where to act, in the member’s language', () => {
    const facts = {
      siteName: '台灣範例醫學會',
      name: '陳怡君',
      memberNo: 'M2020-0042',
      className: '正式會員',
      termEnd: '2026-12-31',
      graceEnd: '2027-03-31',
      day: null,
      amount: 1500,
      url: 'https://portal.example.org/member/extension/apply',
    };
    const before = membershipNotice({ ...facts, locale: 'zh-tw', notice: 'remindBefore' });
    expectMail(before, {
      subject: '【台灣範例醫學會】會籍即將到期，請續會',
      text: [
        '將於 2026-12-31 到期',
        '新臺幣 1,500 元',
        '立即續會：\nhttps://portal.example.org/member/extension/apply',
      ],
    });
    const grace = membershipNotice({ ...facts, locale: 'en-us', name: 'Yi-chun Chen', notice: 'remindGrace' });
    expectMail(grace, {
      subject: 'Your grace period ends soon: please renew | 台灣範例醫學會',
      text: ['runs until 2027-03-31', 'NT$1,500'],
    });
    const ended = membershipNotice({
      ...facts,
      locale: 'en-us',
      notice: 'ended',
      day: '2026-11-24',
      url: 'https://portal.example.org/en-us/member/center',
    });
    expect(ended.text).toContain('ended on 2026-11-24');
    expect(ended.text).toContain('Go to the member centre');
    for (const locale of LOCALES)
      for (const notice of ['inGrace', 'lapsed', 'paused', 'ended', 'remindBefore', 'remindGrace'] as const) {
        const mail = membershipNotice({ ...facts, siteName, locale, notice, day: '2026-11-24' });
        expectMail(mail, { notText: ['undefined', 'null'], html: ['台灣範例醫學會 &amp; &lt;Friends&gt;'] });
      }
  });

  it('ATM account and store code: the code, the amount and its deadline, in the payer’s language', () => {
    const facts = {
      siteName: '台灣範例醫學會',
      orderNumber: 'O2026-000123',
      amount: 1_500,
      codeNo: '12345678901234',
      expiresAt: new Date('2026-12-01T15:59:59Z'),
      url: 'https://portal.example.org/member/payment',
    };
    const atm = paymentCodeNotice({ ...facts, locale: 'zh-tw', name: '陳怡君', what: '常年會費', bankCode: '822' });
    expectMail(atm, {
      subject: '【台灣範例醫學會】您的 ATM 轉帳帳號',
      text: [
        '訂單 O2026-000123（常年會費）應繳新臺幣 1,500 元。',
        '銀行代碼 822',
        '    12345678901234',
        /請於 2026\/12\/01\s23:59 前繳費/,
      ],
    });
    const store = paymentCodeNotice({
      ...facts,
      locale: 'en-us',
      name: 'Yi-chun Chen',
      what: 'Dues',
      bankCode: null,
      codeNo: 'SIM1234567890',
    });
    expectMail(store, {
      subject: 'Your convenience-store payment code | 台灣範例醫學會',
      text: ['Pay it at a convenience store with this code:', /Please pay by Dec 01, 2026,\s11:59/],
      notText: ['bank code'],
      html: ['>SIM1234567890</span>'],
    });
  });

  it('bank transfer notices: the order, the amount and day, finance’s note, in the member’s language', () => {
    const facts = {
      siteName: '台灣範例醫學會',
      name: '陳怡君',
      orderNumber: 'O2026-000123',
      what: '會員升等申請（永久會員）',
      amount: 28_500,
      transferDate: '2026-11-24',
      note: '',
      url: 'https://portal.example.org/member/payment',
    };
    const confirmed = remittanceNotice({ ...facts, locale: 'zh-tw', notice: 'confirmed' });
    expectMail(confirmed, {
      subject: '【台灣範例醫學會】已確認您的匯款',
      text: [
        '2026-11-24 匯入的新臺幣 28,500 元，訂單 O2026-000123（會員升等申請（永久會員））已繳清',
        '查看付款狀態：\nhttps://portal.example.org/member/payment',
      ],
      notText: ['財務說明'],
    });
    const rejected = remittanceNotice({
      ...facts,
      locale: 'en-us',
      name: 'Yi-chun Chen',
      what: 'Application to change class (Life member)',
      notice: 'rejected',
      note: 'No transfer from an account ending 01234 has arrived.',
      url: 'https://portal.example.org/en-us/member/payment',
    });
    expectMail(rejected, {
      subject: 'Your reported bank transfer could not be confirmed | 台灣範例醫學會',
      text: [
        'NT$28,500 on 2026-11-24 you reported for order O2026-000123',
        'Note from the finance office: No transfer from an account ending 01234 has arrived.',
      ],
    });
    const surplus = remittanceNotice({ ...facts, locale: 'en-us', notice: 'surplus' });
    expect(surplus.text).toContain('contact you about a refund');
    for (const locale of LOCALES)
      for (const notice of ['confirmed', 'surplus', 'rejected'] as const) {
        const mail = remittanceNotice({ ...facts, siteName, locale, notice, note: '<b>' });
        expectMail(mail, { notText: ['undefined'], html: ['&lt;b&gt;', '台灣範例醫學會 &amp; &lt;Friends&gt;'] });
      }
  });

  it('course points: the course, the organiser and each session’s points, pro-rated ones with the share', () => {
    const facts = {
      siteName: '台灣範例醫學會',
      name: '陳怡君',
      course: '醫療倫理與醫病溝通工作坊',
      courseCode: 'CE-2026-0001',
      provider: '仁愛綜合醫院',
      certification: '醫師執業執照繼續教育',
      sessions: [
        { title: '臨床倫理案例討論', day: '2026-11-23', points: 1.5, share: 50 },
        { title: '醫病共享決策與溝通', day: '2026-11-23', points: 2, share: null },
      ],
      url: 'https://portal.example.org/member/certification/1',
    };
    const zh = coursePointsNotice({ ...facts, locale: 'zh-tw' });
    expectMail(zh, {
      subject: '【台灣範例醫學會】課程積分已登錄',
      text: [
        '仁愛綜合醫院 舉辦的「醫療倫理與醫病溝通工作坊」（課程代碼 CE-2026-0001）',
        '・2026-11-23 臨床倫理案例討論：1.5 點（出席 50%，按比例計）\n・2026-11-23 醫病共享決策與溝通：2 點\n',
        '查看積分：\nhttps://portal.example.org/member/certification/1',
      ],
    });
    const en = coursePointsNotice({
      ...facts,
      locale: 'en-us',
      name: 'Yi-chun Chen',
      certification: 'Physician practice licence',
      sessions: [{ title: 'Ethics', day: '2026-11-23', points: 1, share: null }],
      url: 'https://portal.example.org/en-us/member/certification/1',
    });
    expect(en.subject).toBe('Your course points are posted | 台灣範例醫學會');
    expect(en.text).toContain(
      'These points are now in your record for Physician practice licence:\n\n• 2026-11-23 Ethics: 1 point\n',
    );
    const escaped = coursePointsNotice({ ...facts, siteName, locale: 'en-us', course: '<b>' });
    expect(escaped.html).toContain('&lt;b&gt;');
    expect(escaped.html).not.toContain('<b>');
  });

  it('event points: the event and the session’s points, in the attendee’s language', () => {
    const facts = {
      siteName: '台灣範例醫學會',
      name: '陳怡君',
      event: '急重症年會',
      certification: '醫師執業執照繼續教育',
      sessions: [{ title: '呼吸器工作坊', day: '2026-11-23', points: 1.2, share: 60 }],
      url: 'https://portal.example.org/member/certification/1',
    };
    expectMail(eventPointsNotice({ ...facts, locale: 'zh-tw' }), {
      subject: '【台灣範例醫學會】活動積分已登錄',
      text: [
        '您參加「急重症年會」的出席紀錄已登錄，下列積分已登錄至您的「醫師執業執照繼續教育」積分紀錄：',
        '・2026-11-23 呼吸器工作坊：1.2 點（出席 60%，按比例計）',
        '查看積分：\nhttps://portal.example.org/member/certification/1',
      ],
    });
    const en = eventPointsNotice({
      ...facts,
      locale: 'en-us',
      event: 'Critical care congress',
      certification: 'Physician practice licence',
      sessions: [{ title: 'Managing shock', day: '2026-11-23', points: 3, share: null }],
      url: 'https://portal.example.org/en-us/member/certification/1',
    });
    expect(en.subject).toBe('Your event points are posted | 台灣範例醫學會');
    expect(en.text).toContain('Your attendance of “Critical care congress” is recorded.');
    expect(en.text).toContain('• 2026-11-23 Managing shock: 3 points\n');
    const escaped = eventPointsNotice({ ...facts, siteName, locale: 'en-us', event: '<b>' });
    expect(escaped.html).toContain('&lt;b&gt;');
    expect(escaped.html).not.toContain('<b>');
  });
});
