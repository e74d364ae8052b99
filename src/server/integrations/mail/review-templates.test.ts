import { describe, it } from 'vitest';
import { reviewerRemoved, reviewNotice } from './review-templates';
import { expectMail } from './mail.test-support';

describe('the mails of a review given or overdue', () => {
  const base = {
    siteName: '範例醫學會',
    number: 'A2026-000002',
    title: '入會申請（正式會員）',
    // 23:59:59 in Taipei on 11 December: the due day as the reviewer reads it.
    dueAt: new Date('2026-12-11T15:59:59Z'),
    url: 'https://portal.example.org/member/membershipReview/2',
  };

  it('asks the reviewer in Chinese, with the due day, the conflict declaration and the link', () => {
    const mail = reviewNotice({
      ...base,
      kind: 'assigned',
      locale: 'zh-tw',
      name: '張惠雯',
      queue: '入會與會員類別變更',
    });
    expectMail(mail, {
      subject: '【範例醫學會】您有一件新的審查',
      text: [
        '張惠雯 您好：',
        '「入會與會員類別變更」的「入會申請（正式會員）」（編號 A2026-000002），請於 2026/12/11 前完成',
        '利益衝突',
      ],
      html: ['href="https://portal.example.org/member/membershipReview/2"'],
    });
  });

  it('reminds in English once overdue, without the conflict paragraph, and escapes what it quotes', () => {
    const mail = reviewNotice({
      ...base,
      siteName: 'Example Society',
      title: 'Application <to join>',
      kind: 'overdue',
      locale: 'en-us',
      name: 'Hui-wen Chang',
      queue: 'Joining and changes of class',
    });
    expectMail(mail, {
      subject: 'Your review is overdue | Example Society',
      text: ['was due on Dec 11, 2026 and is now overdue'],
      notText: ['conflict of interest'],
      html: ['Application &lt;to join&gt;'],
    });
  });
});

describe('the mail of a reviewer role revoked', () => {
  const base = {
    reviewer: { name: '鄭文彬', email: 'cheng@example.org' },
    items: [
      { number: 'P2027-0003', title: '門診衛教之成效' },
      { number: 'P2027-0007', title: 'Outcomes <of> teaching' },
    ],
    url: 'https://portal.example.org/staff/queues',
  };

  it('tells the editor-in-chief in Chinese which papers lost their reviewer, one a line', () => {
    const mail = reviewerRemoved({
      ...base,
      siteName: '範例醫學會',
      locale: 'zh-tw',
      name: '周明德',
      queue: '論文',
    });
    expectMail(mail, {
      subject: '【範例醫學會】審查人的角色已撤銷',
      text: [
        '鄭文彬（cheng@example.org）的「論文」審查人角色已撤銷，以下 2 件',
        'P2027-0003：門診衛教之成效\n\nP2027-0007：Outcomes <of> teaching',
      ],
      html: ['Outcomes &lt;of&gt; teaching', 'href="https://portal.example.org/staff/queues"'],
    });
  });

  it('says it in English, for one item as for several', () => {
    const mail = reviewerRemoved({
      ...base,
      items: base.items.slice(0, 1),
      siteName: 'Example Society',
      locale: 'en-us',
      name: 'Ada Grant',
      queue: 'Papers',
    });
    expectMail(mail, {
      subject: 'A reviewer’s role was revoked | Example Society',
      text: [
        'the review they had not finished was taken back',
        'Please give it to another reviewer',
        'P2027-0003: 門診衛教之成效',
      ],
    });
  });
});
