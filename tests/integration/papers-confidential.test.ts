import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SECOND_FACTOR_SECRET, authenticator } from '../setup/staff-sessions';
import { mailWithSubject, signUpIndividual } from './helpers';
import { claimOn, mailedLink, put, submittedPaper, withCookieOn } from './papers-helpers';
import { ownServerSuite, signedInOn } from './own-server';

/**
 * Papers under review stay with the editor-in-chief and the assigned reviewers (DESIGN.md §13, §19;
 * decision record 015): the office viewing a reviewer's pages reads none of their papers, a
 * reviewer whose role is revoked loses their assignments and every way in (session, mailed link,
 * access cookie), and the editor's desk writes the audit log; another queue's reviewer role revoked
 * takes back its open items the same way. On a server of its own: the admin
 * grants and revokes roles with recovery codes (one code a change, no wait for time steps).
 */
const suite = ownServerSuite();
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

const MEMBER = ['member@example.org', 'Member2026demo'] as const;
const EDITOR = ['editor@example.org', 'Editor2026demo'] as const;
const REVIEWER = ['reviewer@example.org', 'Reviewer2026demo'] as const;

let admin: SignedIn;
const codes: string[] = [];

beforeAll(async () => {
  const base = suite.server.url;
  const adminApp = authenticator(DEMO_SECOND_FACTOR_SECRET);
  admin = await signedInOn(base, 'admin@example.org', 'Admin2026demo', 'individual', { secondFactor: false });
  expect((await admin.post('/api/amsw1101/secondFactor/verify', { code: await adminApp() })).code).toBe(0);
  const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
    code: await adminApp(),
  });
  codes.push(...renewed.data.recoveryCodes);
}, 120_000);

async function grant(email: string, role: string) {
  expect((await admin.post('/api/amsw1101/roles', { email, role, code: codes.pop() })).code, role).toBe(0);
}

interface EditorsPaper {
  openItem: { itemId: number } | null;
  assignments: {
    assignmentId: number;
    itemId: number;
    reviewerId: number;
    revoked: boolean;
    report: { submittedAt: string | null } | null;
  }[];
}

const editorsView = (editor: SignedIn, paperId: number) =>
  editor.call<EditorsPaper>(`/api/amsw0801/paper?paperId=${paperId}`);

/** A paper of the member's, sent and given by the editor to `reviewerId`: it, and the link mailed to `address`. */
async function assignedPaper(editor: SignedIn, reviewerId: number, address: string) {
  const paper = await submittedPaper(await suite.as(...MEMBER));
  expect((await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId })).code).toBe(0);
  const { token } = await mailedLink(suite.server.url, address, '論文審查邀請', paper.number!);
  return { paper, token };
}

/** What each paper-review read answers a reader: the paper (its code), the manuscript (its code), the page (its status). */
async function reads(who: SignedIn | { cookie: string } | null, paperId: number) {
  const base = suite.server.url;
  const headers: Record<string, string> =
    who === null ? {} : 'auth' in who ? { ...who.auth, Cookie: who.cookie } : { Cookie: who.cookie };
  const code = async (path: string) => {
    const res = await fetch(base + path, { headers });
    return res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { code: number }).code : 0;
  };
  const page = await fetch(`${base}/en-us/member/paperReview/${paperId}`, {
    headers: who === null ? {} : { Cookie: who.cookie },
    redirect: 'manual',
  });
  return {
    paper: await code(`/api/amsw0801/paper?paperId=${paperId}`),
    file: await code(`/api/amsw0801/file?paperId=${paperId}&round=1`),
    page: page.status,
  };
}

const OPEN = { paper: 0, file: 0, page: 200 };

describe('who reads a paper under review', { timeout: 180_000 }, () => {
  it('is its editor-in-chief and its assigned reviewers; never the office viewing a reviewer’s pages', async () => {
    const base = suite.server.url;
    const editor = await suite.as(...EDITOR);
    const reviewer = await suite.as(...REVIEWER);
    const reviewerId = (await reviewer.call<{ accountId: number }>('/api/amsw0101')).data.accountId;
    const { paper, token } = await assignedPaper(editor, reviewerId, REVIEWER[0]);
    expect((await reviewer.post('/api/amsw0801/declare', { paperId: paper.paperId, declaration: 'none' })).code).toBe(
      0,
    );
    const claimed = await claimOn(base, token, 'none');
    expect(claimed.body.code).toBe(0);

    // The office looks at the reviewer's own pages (a session of its own, as the view changes it).
    const office = await signedInOn(base, 'admin@example.org', 'Admin2026demo', 'individual', { secondFactor: false });
    expect((await office.post('/api/amsw1101/secondFactor/verify', { code: codes.pop() })).code).toBe(0);
    expect((await office.post('/api/amsw1101/people/view', { accountId: reviewerId })).code).toBe(0);
    expect((await office.call<{ email: string }>('/api/amsw0101')).data.email).toBe(REVIEWER[0]);

    const author = await suite.as(...MEMBER);
    const unassigned = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const organ = await suite.as('organ@example.org', 'Organ2026demo', 'organ');
    const someone = await signedInOn(base, ...(await freshAccount()));
    const matrix: [string, SignedIn | { cookie: string } | null, { paper: number; file: number; page: number }][] = [
      ['visitor', null, { paper: -9, file: -9, page: 401 }],
      ['organisation', organ, { paper: -11, file: -7, page: 403 }],
      ['member', someone, { paper: -11, file: -7, page: 403 }],
      ['author', author, { paper: -11, file: -7, page: 403 }],
      ['reviewer not assigned', unassigned, { paper: -11, file: -7, page: 403 }],
      ['office viewing the reviewer', office, { paper: -11, file: -11, page: 403 }],
      ['assigned reviewer', reviewer, OPEN],
      ['assigned reviewer’s link', { cookie: claimed.cookie }, OPEN],
      ['editor-in-chief', editor, OPEN],
    ];
    for (const [who, session, expected] of matrix)
      expect([who, await reads(session, paper.paperId)]).toEqual([who, expected]);

    // The page says why, in the reader's language, and shows nothing of the paper.
    const page = await office.page(`/en-us/member/paperReview/${paper.paperId}`);
    expect(page.html).toContain('not shown while you view a member’s pages');
    expect(page.html).not.toContain(paper.number!);
    const chinese = await office.call(`/api/amsw0801/paper?paperId=${paper.paperId}`);
    expect(chinese.message).toContain('檢視會員頁面時');
    // Nor through the queue's generic item (the reviewer's desk stays closed while viewing).
    expect((await office.call(`/api/amsw0601/items?queue=paper`)).code).toBe(-11);
    await office.post('/api/amsw1101/people/view/end', {});
    // The office's own session, the view ended, is no reviewer of it either.
    expect((await office.call(`/api/amsw0801/paper?paperId=${paper.paperId}`)).code).toBe(-11);
  });
});

/** A new individual account on this server: its e-mail and password. */
async function freshAccount(): Promise<[string, string]> {
  const person = await signUpIndividual({}, suite.server.url);
  return [person.email, person.password];
}

describe('a reviewer whose role is revoked', { timeout: 180_000 }, () => {
  it('loses the open assignments (links stop, the editor-in-chief is told) and every way in', async () => {
    const base = suite.server.url;
    const editor = await suite.as(...EDITOR);
    // A paper reviewer of their own, and a second editor-in-chief who reads English.
    const person = await signUpIndividual({ nameZh: '鄭文彬', nameEn: 'Cheng Wen-Pin' }, base);
    await grant(person.email, 'reviewer:paper');
    const reviewer = await signedInOn(base, person.email, person.password);
    const english = await signUpIndividual({ nameZh: '', nameEn: 'Ada Grant' }, base);
    const englishSession = await signedInOn(base, english.email, english.password);
    expect(
      (
        await put(englishSession, '/api/amsw0101/edit', {
          nameEn: 'Ada Grant',
          mobile: '0912345678',
          preferredLocale: 'en-us',
        })
      ).code,
    ).toBe(0);
    await grant(english.email, 'editorInChief');

    // Reported: the report was sent through the link. Reviewing: opened by link, a draft saved.
    // Invited: the link not used yet.
    const reported = await assignedPaper(editor, person.accountId, person.email);
    const reportedLink = await claimOn(base, reported.token, 'none');
    const report = {
      paperId: reported.paper.paperId,
      scores: { originality: 8, method: 7, relevance: 9, writing: 4 },
      recommendation: 'minor',
      toAuthors: 'Please report the response rate.',
      toEditor: 'Solid work.',
      submit: true,
    };
    const sent = await withCookieOn(base, reportedLink.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify(report),
    });
    expect(sent.body!.code).toBe(0);
    const reviewing = await assignedPaper(editor, person.accountId, person.email);
    const reviewingLink = await claimOn(base, reviewing.token, 'none');
    const draft = { ...report, paperId: reviewing.paper.paperId, submit: false };
    expect((await put(reviewer, '/api/amsw0801/review', draft)).code).toBe(0);
    const invited = await assignedPaper(editor, person.accountId, person.email);
    for (const { paper } of [reported, reviewing]) expect(await reads(reviewer, paper.paperId)).toEqual(OPEN);
    // Not declared yet: the paper's page, without its manuscript.
    expect(await reads(reviewer, invited.paper.paperId)).toEqual({ ...OPEN, file: -7 });

    const revoked = await admin.post<{ result: string }>('/api/amsw1101/roles/revoke', {
      accountId: person.accountId,
      role: 'reviewer:paper',
      code: codes.pop(),
    });
    expect(revoked).toMatchObject({ code: 0, data: { result: 'revoked' } });

    // No way in to any of the three: session, access cookie, mailed link, the report.
    for (const { paper } of [reported, reviewing, invited])
      expect(await reads(reviewer, paper.paperId)).toEqual({ paper: -11, file: -7, page: 403 });
    for (const link of [reportedLink, reviewingLink])
      expect(
        (await withCookieOn(base, link.cookie, `/api/amsw0801/paper?paperId=${link.body.data!.paperId}`)).body,
      ).toMatchObject({ code: -9 });
    expect((await put(reviewer, '/api/amsw0801/review', draft)).code).toBe(-11);
    const cookieWrite = await withCookieOn(base, reviewingLink.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify(draft),
    });
    expect(cookieWrite.body!.code).toBe(-9);
    expect(
      (await reviewer.post('/api/amsw0801/declare', { paperId: invited.paper.paperId, declaration: 'none' })).code,
    ).toBe(-11);
    expect((await claimOn(base, invited.token, 'none')).body).toMatchObject({
      code: -8,
      data: { reason: 'linkRevoked' },
    });

    // The open assignments are taken back; the one whose report was sent stays, with its report.
    for (const [{ paper }, taken] of [
      [reported, false],
      [reviewing, true],
      [invited, true],
    ] as const) {
      const view = await editorsView(editor, paper.paperId);
      const theirs = view.data.assignments.find((a) => a.reviewerId === person.accountId)!;
      expect([paper.number, theirs.revoked]).toEqual([paper.number, taken]);
    }
    const kept = (await editorsView(editor, reported.paper.paperId)).data.assignments[0]!;
    expect(kept.report?.submittedAt).toBeTruthy();
    // The reviewer is told of each paper taken back, as when the editor takes one back.
    for (const { paper } of [reviewing, invited])
      await mailWithSubject(person.email, '論文審查邀請已取消', 5000, paper.number!);

    // Each editor-in-chief is told, in their language, which papers lost a reviewer (not the reported one).
    const chinese = await mailWithSubject('editor@example.org', '審查人的角色已撤銷', 5000, person.email);
    const inEnglish = await mailWithSubject(english.email, 'A reviewer’s role was revoked', 5000, person.email);
    for (const mail of [chinese, inEnglish]) {
      expect(mail.text).toContain(reviewing.paper.number!);
      expect(mail.text).toContain(invited.paper.number!);
      expect(mail.text).not.toContain(reported.paper.number!);
    }
    expect(chinese.text).toContain('鄭文彬');
    expect(inEnglish.text).toContain('Cheng Wen-Pin');

    // Audited with the revocation, in its transaction: each assignment taken back, before and after.
    type Row = { action: string; actorEmail: string | null; before: unknown; after: unknown; detail: unknown };
    const log = await admin.call<{ rows: Row[] }>('/api/amsw1101/audit?action=review.revoked');
    const theirs = log.data.rows.filter(
      (r) => (r.detail as { reviewerId?: number } | null)?.reviewerId === person.accountId,
    );
    expect(theirs).toHaveLength(2);
    for (const row of theirs)
      expect(row).toMatchObject({
        actorEmail: 'admin@example.org',
        before: { reviewers: [person.accountId] },
        after: { reviewers: [] },
        detail: { reason: 'roleRevoked', queue: 'paper' },
      });

    // Granted again, the reviewer holds nothing until the editor gives them a paper again.
    await grant(person.email, 'reviewer:paper');
    expect((await reviewer.call(`/api/amsw0801/paper?paperId=${reviewing.paper.paperId}`)).code).toBe(-11);
    expect((await reviewer.call(`/api/amsw0801/paper?paperId=${reported.paper.paperId}`)).code).toBe(0);
  });
});

describe('the editor’s desk', { timeout: 180_000 }, () => {
  it('writes every assignment, take-back, new link and decision to the audit log with before and after', async () => {
    const editor = await suite.as(...EDITOR);
    const reviewer = await suite.as(...REVIEWER);
    const reviewerId = (await reviewer.call<{ accountId: number }>('/api/amsw0101')).data.accountId;
    const editorId = (await editor.call<{ accountId: number }>('/api/amsw0101')).data.accountId;
    const paper = await submittedPaper(await suite.as(...MEMBER));
    const itemId = (await editorsView(editor, paper.paperId)).data.openItem!.itemId;

    expect(
      (
        await editor.post('/api/amsw0801/assign', {
          paperId: paper.paperId,
          reviewerId,
          dueOn: '2099-01-01',
        })
      ).code,
    ).toBe(-10);
    expect((await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId })).code).toBe(0);
    const assignmentId = (await editorsView(editor, paper.paperId)).data.assignments[0]!.assignmentId;
    expect((await editor.post('/api/amsw0801/resend', { paperId: paper.paperId, assignmentId })).code).toBe(0);
    expect((await editor.post('/api/amsw0801/revoke', { paperId: paper.paperId, assignmentId })).code).toBe(0);
    expect(
      (
        await editor.post('/api/amsw0801/decide', {
          paperId: paper.paperId,
          decision: 'reject',
          comment: 'Out of scope.',
        })
      ).code,
    ).toBe(0);

    type Row = {
      action: string;
      actorId: number | null;
      targetType: string | null;
      targetId: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      detail: Record<string, unknown> | null;
    };
    const rowsOf = async (action: string) =>
      (await admin.call<{ rows: Row[] }>(`/api/amsw1101/audit?action=${action}`)).data.rows.filter(
        (r) => r.detail?.subjectId === paper.paperId || r.targetId === String(paper.paperId),
      );
    const review = await rowsOf('review');
    // Newest first: the refused assignment wrote nothing.
    expect(review.map((r) => r.action)).toEqual(['review.revoked', 'review.linkResent', 'review.assigned']);
    for (const row of review)
      expect(row).toMatchObject({
        actorId: editorId,
        targetType: 'reviewItem',
        targetId: String(itemId),
        detail: { queue: 'paper', subjectId: paper.paperId, assignmentId, reviewerId },
      });
    const [revokedRow, resentRow, assignedRow] = review;
    expect(assignedRow).toMatchObject({ before: { reviewers: [] }, after: { reviewers: [reviewerId] } });
    expect(assignedRow!.after!.dueAt).toEqual(expect.any(String));
    expect(resentRow!.before!.linkExpiresAt).toEqual(expect.any(String));
    expect(resentRow!.after!.linkExpiresAt).toEqual(expect.any(String));
    expect(revokedRow).toMatchObject({ before: { reviewers: [reviewerId] }, after: { reviewers: [] } });

    const decided = await rowsOf('paper.decided');
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({
      actorId: editorId,
      targetType: 'paper',
      targetId: String(paper.paperId),
      before: { status: 'underReview', round: 1 },
      after: { status: 'rejected', decision: 'reject', revisionDueAt: null },
      detail: { itemId, number: paper.number },
    });
  });
});

describe('another queue’s reviewer role revoked', { timeout: 180_000 }, () => {
  it('takes back what its holder has open on that queue the same way, and tells the queue’s office', async () => {
    const base = suite.server.url;
    const person = await signUpIndividual({ nameZh: '葉俊男', nameEn: 'Yeh Chun-Nan' }, base);
    await grant(person.email, 'reviewer:membership');
    const reviewer = await signedInOn(base, person.email, person.password);
    type Overview = { items: { id: number; holders: { assignmentId: number; reviewerId: number }[] }[] };
    const queue = async () =>
      (await admin.call<Overview>('/api/amsw1101/queues?queue=membership')).data.items.find((i) => i.id === itemId)!;
    // The demo's join application waiting for review, given to them from the console, and opened.
    const itemId = (await admin.call<Overview>('/api/amsw1101/queues?queue=membership')).data.items[0]!.id;
    const given = await admin.post('/api/amsw1101/queues/assign', {
      itemId,
      reviewerId: person.accountId,
      holders: (await queue()).holders.map((h) => h.assignmentId),
    });
    expect(given.code).toBe(0);
    expect((await reviewer.post('/api/amsw0601/declare', { reviewId: itemId, declaration: 'none' })).code).toBe(0);

    const revoked = await admin.post('/api/amsw1101/roles/revoke', {
      accountId: person.accountId,
      role: 'reviewer:membership',
      code: codes.pop(),
    });
    expect(revoked.code).toBe(0);
    expect((await queue()).holders.map((h) => h.reviewerId)).not.toContain(person.accountId);
    expect((await reviewer.call(`/api/amsw0601/item?reviewId=${itemId}`)).code).toBe(-11);
    const log = await admin.call<{ rows: { detail: Record<string, unknown> }[] }>(
      '/api/amsw1101/audit?action=review.revoked',
    );
    expect(log.data.rows).toContainEqual(
      expect.objectContaining({
        detail: expect.objectContaining({ queue: 'membership', reviewerId: person.accountId, reason: 'roleRevoked' }),
      }),
    );
    // The office (the admin holds it here) is told, in its language.
    const told = await mailWithSubject('admin@example.org', '審查人的角色已撤銷', 5000, person.email);
    expect(told.text).toContain('葉俊男');
    expect(told.text).toContain('入會與會員類別變更');
  });
});
