import { describe, expect, it } from 'vitest';
import { reviewNotice } from './review-templates';

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
    expect(mail.subject).toBe('【範例醫學會】您有一件新的審查');
    expect(mail.text).toContain('張惠雯 您好：');
    expect(mail.text).toContain(
      '「入會與會員類別變更」的「入會申請（正式會員）」（編號 A2026-000002），請於 2026/12/11 前完成',
    );
    expect(mail.text).toContain('利益衝突');
    expect(mail.html).toContain('href="https://portal.example.org/member/membershipReview/2"');
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
    expect(mail.subject).toBe('Your review is overdue | Example Society');
    expect(mail.text).toContain('was due on Dec 11, 2026 and is now overdue');
    expect(mail.text).not.toContain('conflict of interest');
    expect(mail.html).toContain('Application &lt;to join&gt;');
  });
});
