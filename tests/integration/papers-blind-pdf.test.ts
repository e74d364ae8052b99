import { describe, expect, it } from 'vitest';
import { everythingIn, hostilePdf } from '../../src/server/services/files/hostile-pdf.test-support';
import { mailWithSubject } from './helpers';
import { ownServerSuite } from './own-server';
import { pdfText } from './pdf-helpers';

// A paper sent and reviewed changes the demo's calls and reviewers' desks: on a server of its own.
const suite = ownServerSuite();

const AUTHOR = 'Dr Wang Hsiao-Ming';
// A title no other test's paper has: the mail catcher is shared by every server of the run, and
// another server's paper may have the same number.
const TITLE = '門診衛教之成效：匿名稿件';

describe('a blind call’s manuscript', () => {
  it('reaches the reviewer without the author’s name in any object of the PDF', async () => {
    const member = await suite.as('member@example.org', 'Member2026demo');
    const original = await hostilePdf(AUTHOR);
    expect(await everythingIn(original)).toContain(AUTHOR);

    // The author uploads the manuscript (comments, placed pictures, attachments naming them) and sends the paper.
    const form = new FormData();
    form.set('purpose', 'paperManuscript');
    form.set('file', new File([new Uint8Array(original)], 'manuscript.pdf'));
    const uploaded = await member.call<{ fileId: number; metadataStripped: boolean | null }>('/api/amsw1001/upload', {
      method: 'POST',
      body: form,
    });
    expect(uploaded.data).toMatchObject({ metadataStripped: true });
    const calls = await member.call<{ callList: { postId: number; name: string }[] }>('/api/amsw0701', {
      headers: { Lang: 'en-us' },
    });
    const call = calls.data.callList.find((c) => c.name === 'Call for abstracts: 2027 annual meeting')!;
    const started = await member.post<{ paperId: number }>('/api/amsw0701/paper', { postId: call.postId });
    const { paperId } = started.data;
    const saved = await member.call('/api/amsw0701/paper', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        paperId,
        title: { zh: TITLE, en: 'Outcomes of outpatient education' },
        abstract: { zh: '我們比較了兩種衛教方式。', en: 'We compared two ways of teaching patients.' },
        topicCode: 'education',
        keywords: ['patient education'],
        authors: [
          {
            nameZh: '王小明',
            nameEn: AUTHOR,
            email: 'member@example.org',
            affiliation: '臺大醫院',
            presenting: true,
            corresponding: true,
          },
        ],
        manuscriptFileId: uploaded.data.fileId,
      }),
    });
    expect(saved.code).toBe(0);
    const sent = await member.post<{ number: string }>('/api/amsw0701/submit', {
      paperId,
      agree: true,
      signedName: '王小明',
      textVersion: '2026-1',
    });
    expect(sent.code).toBe(0);

    // The editor assigns a reviewer, who opens the mailed link and declares no conflict.
    const editor = await suite.as('editor@example.org', 'Editor2026demo');
    const seen = await editor.call<{ suggestions: { accountId: number; name: string }[] }>(
      `/api/amsw0801/paper?paperId=${paperId}`,
      { headers: { Lang: 'en-us' } },
    );
    const reviewer = seen.data.suggestions.find((s) => s.name === 'Chang Hui-Wen')!;
    expect((await editor.post('/api/amsw0801/assign', { paperId, reviewerId: reviewer.accountId })).code).toBe(0);
    const mail = await mailWithSubject('reviewer@example.org', '論文審查邀請', 5000, TITLE);
    const token = /emailClaim\?token=([\w-]+)/.exec(mail.text)![1];
    const claimed = await fetch(`${suite.server.url}/api/amsw0801/claim`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: suite.server.url },
      body: JSON.stringify({ token, declaration: 'none' }),
    });
    expect(((await claimed.json()) as { code: number }).code).toBe(0);
    const cookie = /ams-review=[^;]+/.exec(claimed.headers.get('set-cookie') ?? '')![0];

    // The reviewer's copy: the paper as drawn, and the author's name nowhere in it.
    const served = await fetch(`${suite.server.url}/api/amsw0801/file?paperId=${paperId}&round=1`, {
      headers: { Cookie: cookie },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(pdfText(bytes)).toContain('Outcomes of outpatient education');
    const everything = await everythingIn(bytes);
    // Counted, not shown: the file's bytes would fill the report.
    expect(everything.split(AUTHOR).length - 1).toBe(0);
    expect(everything).toContain('https://example.org/study');
  });
});
