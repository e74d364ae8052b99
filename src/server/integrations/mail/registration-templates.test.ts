import { describe, expect, it } from 'vitest';
import { registrationNotice } from './templates';
import { expectMail } from './mail.test-support';

describe('registration notices', () => {
  const base = {
    siteName: '範例醫學會',
    name: '王小明',
    event: '年會',
    ticketType: '全程',
    number: 'G2026-000042',
    url: 'https://portal.example.org/member/registrations',
  };

  it('offers a seat from the waiting list with the amount and the time to pay, in the registrant’s language', () => {
    const payBy = new Date('2026-10-03T09:30:00+08:00');
    const zh = registrationNotice({ ...base, locale: 'zh-tw', notice: 'seatOffered', amount: 1200, payBy });
    expectMail(zh, {
      subject: '【範例醫學會】候補名額已釋出給您，請完成繳費',
      text: ['王小明 您好：', '「年會」（全程，報名編號 G2026-000042）', '新臺幣 1,200 元', '2026/10/03'],
      html: ['href="https://portal.example.org/member/registrations"'],
    });
    const en = registrationNotice({
      ...base,
      locale: 'en-us',
      name: 'Ming Wang',
      event: 'Annual congress',
      ticketType: 'Full congress',
      notice: 'seatOffered',
      amount: 1200,
      payBy,
    });
    expect(en.subject).toContain('A seat is yours from the waiting list: please pay');
    expect(en.text).toContain('Annual congress (Full congress, registration G2026-000042)');
    expect(en.text).toContain('NT$1,200');
  });

  it('tells of a free seat confirmed and of an expiry without an amount', () => {
    const confirmed = registrationNotice({ ...base, locale: 'zh-tw', notice: 'seatConfirmed' });
    expect(confirmed.subject).toContain('報名完成');
    expect(confirmed.text).not.toContain('應繳金額');
    const expired = registrationNotice({ ...base, locale: 'en-us', notice: 'expired' });
    expect(expired.subject).toContain('Your registration has expired');
    expect(expired.text).toContain('was not paid in time');
  });
});
