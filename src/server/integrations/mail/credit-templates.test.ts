import { describe, it } from 'vitest';
import { creditReminder } from './credit-templates';
import { expectMail } from './mail.test-support';

describe('credit reminder mail', () => {
  it('names each certificate, its end and what it lacks, in the member’s language, with the link', () => {
    const certificates = [
      { name: '醫師執業執照', number: '醫執字第 1 號', endsOn: '2027-03-31', lacks: ['還需 3 點品質課程'] },
    ];
    const zh = creditReminder({
      siteName: '範例醫學會',
      locale: 'zh-tw',
      name: '王小明',
      certificates,
      url: 'https://portal.example.org/member/certification/1',
    });
    expectMail(zh, {
      subject: '【範例醫學會】繼續教育積分提醒',
      text: ['王小明 您好：', '「醫師執業執照」（證號 醫執字第 1 號），2027/03/31 到期，尚需：\n・還需 3 點品質課程'],
      html: ['href="https://portal.example.org/member/certification/1"'],
    });

    const en = creditReminder({
      siteName: 'Example <Society>',
      locale: 'en-us',
      name: 'Ming <Wang>',
      certificates: [{ name: 'Licence', number: 'L-1', endsOn: '2027-03-31', lacks: ['3 more points in all'] }],
      url: 'https://portal.example.org/en-us/credit/overview',
    });
    expectMail(en, {
      subject: 'A reminder about your continuing-education credits | Example <Society>',
      text: ['Licence (number L-1), ending on Mar 31, 2027, still needs:\n• 3 more points in all'],
      html: ['Dear Ming &lt;Wang&gt;,'],
      notHtml: ['<Wang>'],
    });
  });
});
