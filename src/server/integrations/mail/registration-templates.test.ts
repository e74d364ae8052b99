import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_CELL_PX } from './qr-table';
import { registrationNotice } from './templates';
import { expectMail } from './mail.test-support';

const base = {
  siteName: '範例醫學會',
  name: '王小明',
  event: '年會',
  ticketType: '全程',
  number: 'G2026-000042',
  url: 'https://portal.example.org/member/registrations',
};
/** The same registrant reading English. */
const english = {
  ...base,
  locale: 'en-us' as const,
  name: 'Ming Wang',
  event: 'Annual congress',
  ticketType: 'Full congress',
};

describe('registration notices', () => {
  it('offers a seat from the waiting list with the amount and the time to pay, in the registrant’s language', () => {
    const payBy = new Date('2026-10-03T09:30:00+08:00');
    const zh = registrationNotice({ ...base, locale: 'zh-tw', notice: 'seatOffered', amount: 1200, payBy });
    expectMail(zh, {
      subject: '【範例醫學會】候補名額已釋出給您，請完成繳費',
      text: ['王小明 您好：', '「年會」（全程，報名編號 G2026-000042）', '新臺幣 1,200 元', '2026/10/03'],
      html: ['href="https://portal.example.org/member/registrations"'],
    });
    const en = registrationNotice({
      ...english,
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
  it('tells of a cancellation with the refund due, or that nothing is refunded, in both languages', () => {
    const zh = registrationNotice({ ...base, locale: 'zh-tw', notice: 'cancelled', refund: 600 });
    expectMail(zh, {
      subject: '【範例醫學會】您的報名已取消',
      text: ['「年會」（全程，報名編號 G2026-000042）已取消', '學會將退還新臺幣 600 元'],
      html: ['href="https://portal.example.org/member/registrations"'],
    });
    const en = registrationNotice({ ...english, notice: 'cancelled', refund: 0 });
    expect(en.subject).toContain('Your registration is cancelled');
    expect(en.text).toContain('nothing is refunded');
    // A free one: no word of money.
    const free = registrationNotice({ ...english, notice: 'cancelled' });
    expect(free.text).not.toMatch(/refund|NT\$/);
  });
});

describe('the ticket mail', () => {
  const token = 'q3Vf0sX9mWc2TnA7bLr5yKp8dEh1uJo4iGz6xNv_-aB';
  const facts = (url: string) => ({
    url,
    startsAt: new Date('2026-12-30T09:00:00+08:00'),
    endsAt: new Date('2026-12-30T17:00:00+08:00'),
    place: '臺大醫院國際會議中心',
  });
  const zhUrl = `https://portal.example.org/ticket/${token}`;
  const enUrl = `https://portal.example.org/en-us/ticket/${token}`;
  const zh = registrationNotice({ ...base, locale: 'zh-tw', notice: 'confirmed', ticket: facts(zhUrl) });
  const en = registrationNotice({
    ...english,
    notice: 'confirmed',
    ticket: { ...facts(enUrl), place: 'NTUH International Convention Center' },
  });

  it('says the event, ticket type, number, time in Taipei and place, with the ticket’s address, in both languages', () => {
    expectMail(zh, {
      subject: '【範例醫學會】報名完成：您的電子票券',
      text: [
        '王小明 您好：',
        '「年會」（全程，報名編號 G2026-000042）已完成',
        /時間：2026\/12\/30.*09:00.*17:00（臺灣時間）/,
        '地點：臺大醫院國際會議中心',
        `開啟電子票券：\n${zhUrl}`,
        '查看報名：\nhttps://portal.example.org/member/registrations',
      ],
      html: [
        `href="${zhUrl}"`,
        'href="https://portal.example.org/member/registrations"',
        'role="img" aria-label="電子票券 QR 碼：年會，報名編號 G2026-000042"',
      ],
    });
    expectMail(en, {
      subject: 'Your ticket: your registration is confirmed | 範例醫學會',
      text: [
        'Annual congress (Full congress, registration G2026-000042) is confirmed',
        /When: Wed, Dec 30, 2026, 9:00\sAM\s.\s5:00\sPM \(Taiwan time\)/,
        'Where: NTUH International Convention Center',
        `Open your ticket:\n${enUrl}`,
      ],
      html: [`href="${enUrl}"`, 'aria-label="Ticket QR code: Annual congress, registration G2026-000042"'],
    });
  });

  it('draws the ticket’s address as a QR code of table cells that reads back as the address', () => {
    for (const [mail, url] of [
      [zh, zhUrl],
      [en, enUrl],
    ] as const) {
      const drawn = cellsOf(mail.html);
      const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
      // A light quiet zone of four modules all round, then the symbol module for module.
      expect(drawn).toHaveLength(modules.size + 8);
      for (const row of drawn) expect(row).toHaveLength(modules.size + 8);
      for (const edge of [...drawn.slice(0, 4), ...drawn.slice(-4)]) expect(edge.every((dark) => !dark)).toBe(true);
      for (const row of drawn) expect([...row.slice(0, 4), ...row.slice(-4)].every((dark) => !dark)).toBe(true);
      const symbol = drawn.slice(4, -4).map((row) => row.slice(4, -4));
      const expected = Array.from({ length: modules.size }, (_, y) =>
        Array.from({ length: modules.size }, (_, x) => modules.data[y * modules.size + x] === 1),
      );
      expect(symbol).toEqual(expected);
    }
  });

  it('loads nothing from elsewhere and stays small enough for every client to show whole', () => {
    for (const mail of [zh, en]) {
      expect(mail.html).not.toMatch(/<img|background=|url\(|src=/i);
      expect(mail.html.length).toBeLessThan(60_000);
    }
  });

  it('carries the ticket in a seat confirmed from the waiting list and an approval, one mail each', () => {
    for (const notice of ['seatConfirmed', 'approved'] as const) {
      const mail = registrationNotice({ ...base, locale: 'zh-tw', notice, ticket: facts(zhUrl) });
      expect(mail.text).toContain(`開啟電子票券：\n${zhUrl}`);
      expect(cellsOf(mail.html).length).toBeGreaterThan(0);
    }
    // A seat offered to pay has no ticket yet.
    const offered = registrationNotice({ ...base, locale: 'zh-tw', notice: 'seatOffered', amount: 1, payBy: null });
    expect(offered.html).not.toContain('role="img"');
  });
});

/** The QR table's modules as drawn, dark = true: each row table's cells, widths in cells of QR_CELL_PX. */
function cellsOf(html: string): boolean[][] {
  const table = /<table role="img"[\s\S]*?\n([\s\S]*?)\n<\/table>/.exec(html)![1]!;
  return table.split('\n').map((row) =>
    [...row.matchAll(/<td width="(\d+)" height="(\d+)" bgcolor="(#[0-9a-f]{6})"><\/td>/g)].flatMap(
      ([, width, height, colour]) => {
        expect(Number(height)).toBe(QR_CELL_PX);
        expect(['#000000', '#ffffff']).toContain(colour);
        return Array<boolean>(Number(width) / QR_CELL_PX).fill(colour === '#000000');
      },
    ),
  );
}
