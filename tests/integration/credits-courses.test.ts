import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { DEMO_SOCIETY_FILE } from './commands';
import { mailWithSubject, signUpOrganisation } from './helpers';
import { consoleImport, settledImport } from './import-helpers';
import type { signedInOn } from './own-server';
import { ownServerSuite } from './own-server';
import { until } from './simulator-helpers';

// Courses are approved, paid for and given codes: on a server of their own, whose society file
// gives the licence a third topic of its own.
const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-courses-'));
const SOCIETY = path.join(folder, 'society.yaml');
const LICENCE_TOPICS = '      topics:\n        - key: infectionControl\n';
// Its quality, ethics and law group must include 2 points of it.
const LICENCE_MUST_INCLUDE = '          mustInclude:\n            - topic: infectionControl\n';
const demo = readFileSync(DEMO_SOCIETY_FILE, 'utf8');
if (!demo.includes(LICENCE_TOPICS) || !demo.includes(LICENCE_MUST_INCLUDE))
  throw new Error('the demo society’s licence topics have moved');
writeFileSync(
  SOCIETY,
  demo
    .replace(
      LICENCE_TOPICS,
      '      topics:\n        - key: radiationSafety\n          name:\n            zh-tw: 輻射安全\n            en-us: Radiation safety\n        - key: infectionControl\n',
    )
    .replace(
      LICENCE_MUST_INCLUDE,
      '          mustInclude:\n            - topic: radiationSafety\n              min: 2\n            - topic: infectionControl\n',
    ),
);
// The files it names beside it.
for (const name of ['logo.svg', 'favicon.svg'])
  copyFileSync(path.join(path.dirname(DEMO_SOCIETY_FILE), name), path.join(folder, name));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const suite = ownServerSuite({}, {}, SOCIETY);
const ORGAN = ['organ@example.org', 'Organ2026demo', 'organ'] as const;
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

interface Course {
  applicationId: number;
  type: string;
  state: string;
  timing: string;
  amount: number;
  reviewFee: number;
  urgentFee: number;
  courseCode: string | null;
  pointsAsked: number;
  pointsGranted: number | null;
  firstDay: string;
  score: number | null;
  sessions: {
    title: string;
    points: number;
    maxPoints: number | null;
    grantedPoints: number | null;
    topics: string[];
  }[];
  documents: { key: string; fileId: number; name: string }[];
  order: { orderId: number; number: string; amount: number; status: string } | null;
  reviewComment: string | null;
}

async function licenceId(who: SignedIn): Promise<number> {
  const list = await who.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  return list.data.certificationList.find((c) => c.name === '醫師執業執照繼續教育')!.certificationId;
}

/** The agenda and the speakers' CVs, uploaded by `organ`. */
async function documents(organ: SignedIn) {
  return [
    { key: 'agenda', fileId: await suite.upload(organ, 'agenda.pdf') },
    { key: 'speakersCv', fileId: await suite.upload(organ, 'cv.pdf') },
  ];
}

/** A course of two sessions `daysAhead` days from today (two hours and one and a half). */
function course(certificationId: number, docs: { key: string; fileId: number }[], daysAhead: number, over = {}) {
  const day = addDays(taipeiDate(), daysAhead);
  return {
    certificationId,
    title: 'Wound care update',
    place: 'Room 3, Jen-Ai General Hospital',
    audience: 'Physicians and nurses',
    open: true,
    sessions: [
      {
        title: 'Chronic wounds',
        speaker: 'Dr Chen',
        day,
        start: '09:00',
        end: '11:00',
        category: 'professional',
        creditClass: 'A',
        points: 2,
      },
      {
        title: 'Infection in wounds',
        speaker: 'Dr Lin',
        day,
        start: '13:00',
        end: '14:30',
        category: 'quality',
        creditClass: 'A',
        topics: ['infectionControl'],
        points: 1.5,
      },
    ],
    documents: docs,
    declaration: true,
    ...over,
  };
}

describe('an organisation’s course application', () => {
  it('is sent on time, approved with a code and points per session, paid for, and accredited', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const sent = await organ.post<Course>('/api/amsw0603/course', course(licence, await documents(organ), 40));
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({
      type: 'course',
      state: 'submitted',
      timing: 'onTime',
      amount: 2000,
      reviewFee: 2000,
      urgentFee: 0,
      courseCode: null,
      pointsAsked: 3.5,
      order: null,
    });
    expect(sent.data.sessions.map((s) => [s.points, s.maxPoints, s.topics])).toEqual([
      [2, 2, []],
      [1.5, 1.5, ['infectionControl']],
    ]);
    const list = await organ.call<{ courseList: { applicationId: number }[] }>(
      `/api/amsw0603?certificationId=${licence}`,
    );
    expect(list.data.courseList.map((c) => c.applicationId)).toContain(sent.data.applicationId);

    // The course reviewer finds it on the queue with the organisation's name, and must grant
    // every session with a score and a code.
    const reviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const queue = await reviewer.call<{
      itemList: { reviewId: number; subjectId: number; title: string; applicantName: string; path: string }[];
    }>('/api/amsw0601/items?queue=contiEdu');
    const item = queue.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    expect(item).toMatchObject({
      title: 'Wound care update',
      applicantName: '仁愛醫療財團法人仁愛綜合醫院',
      path: `/member/continueEducationReview/${sent.data.applicationId}`,
    });
    // Before the declaration the page shows who applied and for what, not the course.
    const before = await reviewer.page(`/en-us${item.path}`);
    expect(before.status).toBe(200);
    expect(before.html).toContain('Course accreditation review');
    expect(before.html).not.toContain('Chronic wounds');
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    const review = await reviewer.page(`/en-us${item.path}`);
    for (const text of [
      'Chronic wounds',
      'Dr Lin',
      'Infection control',
      '仁愛醫療財團法人仁愛綜合醫院',
      'Most by length',
    ])
      expect(review.html).toContain(text);
    // The organisation itself is sent to its own centre.
    expect((await organ.page(item.path)).location).toBe('/organ/center');
    const decide = (extra: object) =>
      reviewer.post('/api/amsw0601/decide', { reviewId: item.reviewId, decision: 'approve', ...extra });
    expect((await decide({ sessionPoints: [2, 1.5] })).code).toBe(-2);
    expect((await decide({ sessionPoints: [2, 2], courseCode: 'ce-2026-0101', score: 80 })).code).toBe(-10);
    expect((await decide({ sessionPoints: [2], courseCode: 'CE-2026-0101', score: 80 })).code).toBe(-2);
    const approved = await decide({ sessionPoints: [2, 1], courseCode: 'ce-2026-0101', score: 85 });
    expect(approved.code).toBe(0);

    const due = await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`);
    expect(due.data).toMatchObject({
      state: 'awaitingPayment',
      courseCode: 'CE-2026-0101',
      score: 85,
      pointsGranted: 3,
      order: { amount: 2000, status: 'pending' },
    });
    expect(due.data.sessions.map((s) => s.grantedPoints)).toEqual([2, 1]);

    await suite.payByCard(organ, due.data.order!.orderId);
    await until(
      async () =>
        (await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`)).data.state,
      (state) => state === 'effective',
    );
  });

  it('offers the topics of the certification’s rules: listed on the form, accepted, and named to the reviewer', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    for (const [lang, labels] of [
      ['zh-tw', ['含輻射安全課程', '含感染管制課程', '含性別議題課程']],
      ['en-us', ['Covers Radiation safety', 'Covers Infection control', 'Covers Gender']],
    ] as const) {
      const form = await organ.page(`/${lang}/organ/center/contiEdu/${licence}/applyForm`);
      expect(form.status).toBe(200);
      for (const label of labels) expect(form.html).toContain(label);
    }
    const base = course(licence, await documents(organ), 45);
    const sent = await organ.post<Course>('/api/amsw0603/course', {
      ...base,
      title: 'Radiation protection in imaging',
      sessions: [{ ...base.sessions[0]!, topics: ['radiationSafety', 'gender', 'radiationSafety'] }],
    });
    expect(sent.code).toBe(0);
    expect(sent.data.sessions.map((s) => s.topics)).toEqual([['radiationSafety', 'gender']]);

    const reviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const queue = await reviewer.call<{ itemList: { reviewId: number; subjectId: number; path: string }[] }>(
      '/api/amsw0601/items?queue=contiEdu',
    );
    const item = queue.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    expect((await reviewer.page(`/en-us${item.path}`)).html).toContain('Radiation safety and Gender');
    expect((await reviewer.page(item.path)).html).toContain('輻射安全和性別議題');
  });

  it('costs the urgent fee inside the shorter window and is refused inside the last days', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const docs = await documents(organ);
    const late = await organ.post<Course>('/api/amsw0603/course', course(licence, docs, 10));
    expect(late.code).toBe(-10);
    expect(late.message).toContain('14');
    const urgent = await organ.post<Course>('/api/amsw0603/course', course(licence, docs, 20));
    expect(urgent.code).toBe(0);
    expect(urgent.data).toMatchObject({ timing: 'urgent', amount: 3000, reviewFee: 2000, urgentFee: 1000 });
  });

  it('answers bad input with the fields at fault and keeps nothing', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const docs = await documents(organ);
    const before = (await organ.call<{ courseList: unknown[] }>('/api/amsw0603')).data.courseList.length;
    const base = course(licence, docs, 40);
    const session = base.sessions[0]!;
    const cases: [object, number, string[]?][] = [
      [{ ...base, sessions: [{ ...session, category: 'astrology' }] }, -10, ['sessions.0.category']],
      [{ ...base, sessions: [{ ...session, topics: ['gender', 'astrology'] }] }, -10, ['sessions.0.topics']],
      [{ ...base, sessions: [{ ...session, points: 3 }] }, -10, ['sessions.0.points']],
      [
        { ...base, sessions: [session, { ...session, title: 'Again', start: '10:00', end: '12:00' }] },
        -10,
        ['sessions.1.end'],
      ],
      [{ ...base, sessions: [{ ...session, start: '11:00', end: '09:00' }] }, -10, ['sessions.0.end']],
      [{ ...base, documents: [docs[0]] }, -10, ['documents']],
      [{ ...base, certificationId: 9999 }, -6],
      [{ ...base, declaration: false }, -10, ['declaration']],
      [{ ...base, sessions: [] }, -10, ['sessions']],
      [{ ...base, sessions: [{ ...session, start: '9am' }] }, -5],
    ];
    for (const [body, code, fields] of cases) {
      const answer = await organ.post<unknown>('/api/amsw0603/course', body);
      expect(answer.code, JSON.stringify(answer).slice(0, 300)).toBe(code);
      if (fields) expect((answer as unknown as { data: { fields: string[] } }).data.fields).toEqual(fields);
    }
    // Too many points for a session's length: the message gives the rule.
    const tooMany = await organ.post<unknown>('/api/amsw0603/course', {
      ...base,
      sessions: [{ ...session, points: 3 }],
    });
    expect(tooMany.message).toBe('課程場次申請的點數超過時數所允許：每小時最多 1 點');
    // Another's file is not the organisation's to send.
    const member = await suite.as('member@example.org', 'Member2026demo');
    const memberFile = await suite.upload(member, 'not-theirs.pdf');
    const foreign = await organ.post<unknown>('/api/amsw0603/course', {
      ...base,
      documents: [docs[0], { key: 'speakersCv', fileId: memberFile }],
    });
    expect(foreign.code).toBe(-10);
    expect((await organ.call<{ courseList: unknown[] }>('/api/amsw0603')).data.courseList).toHaveLength(before);
  });

  it('shows the reviewer an urgent course and proposes the next free code; the comment reaches the organisation', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const docs = await documents(organ);
    // Two urgent courses on the same days: one sent in English, one in Chinese.
    const first = await organ.call<Course>('/api/amsw0603/course', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', lang: 'en-us' },
      body: JSON.stringify(course(licence, docs, 20, { title: 'Urgent wound course' })),
    });
    const second = await organ.post<Course>(
      '/api/amsw0603/course',
      course(licence, await documents(organ), 20, { title: 'Second urgent course' }),
    );
    expect([first.code, second.code]).toEqual([0, 0]);
    const reviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number; path: string }[] }>(
      '/api/amsw0601/items?queue=contiEdu',
    );
    const itemOf = (applicationId: number) => items.data.itemList.find((i) => i.subjectId === applicationId)!;
    const proposal = async (applicationId: number) => {
      await reviewer.post('/api/amsw0601/declare', { reviewId: itemOf(applicationId).reviewId, declaration: 'none' });
      const read = await reviewer.call<{ subject: { suggestedCode: string } }>(
        `/api/amsw0601/item?reviewId=${itemOf(applicationId).reviewId}`,
      );
      return read.data.subject.suggestedCode;
    };

    // The proposal follows the society's pattern (the demo's accredited courses are CE-year-NNNN),
    // after the highest code of the course's year.
    const code = await proposal(first.data.applicationId);
    expect(code).toMatch(new RegExp(`^CE-${first.data.firstDay.slice(0, 4)}-\\d{4}$`));
    // The reviewer sees the course is urgent, on the page they decide on.
    const page = await reviewer.page(`/en-us${itemOf(first.data.applicationId).path}`);
    expect(page.html).toMatch(/badge-warning[^>]*>\s*Urgent \(20 days ahead\)/);
    expect(page.html).toContain(code);

    const comment = 'Well prepared. Please keep the sign-in sheets for three years.';
    const approved = await reviewer.post('/api/amsw0601/decide', {
      reviewId: itemOf(first.data.applicationId).reviewId,
      decision: 'approve',
      comment,
      sessionPoints: [2, 1.5],
      courseCode: code,
      score: 90,
    });
    expect(approved.code).toBe(0);
    const due = await organ.call<Course>(`/api/amsw0603/course?applicationId=${first.data.applicationId}`);
    expect(due.data).toMatchObject({ state: 'awaitingPayment', courseCode: code, reviewComment: comment });

    // The comment is in the decision mail, in the language the course was sent in, and on its page.
    const mail = await mailWithSubject('organ@example.org', 'please pay', 5000, comment);
    expect(mail.text).toContain(`Reviewer’s comment: ${comment}`);
    const own = await organ.page(`/en-us/organ/center/contiEdu/${licence}/detail/${first.data.applicationId}`);
    expect(own.html).toContain('The reviewer’s comment');
    expect(own.html).toContain(comment);

    // The next course of that year is proposed the next number, once this one has it.
    const next = await proposal(second.data.applicationId);
    expect(next).toBe(`${code.slice(0, -4)}${String(Number(code.slice(-4)) + 1).padStart(4, '0')}`);
    // The Chinese course's approval mail carries its comment in Chinese.
    const zhComment = '課程內容完整，請保留簽到紀錄。';
    const zh = await reviewer.post('/api/amsw0601/decide', {
      reviewId: itemOf(second.data.applicationId).reviewId,
      decision: 'approve',
      comment: zhComment,
      sessionPoints: [2, 1.5],
      courseCode: next,
      score: 80,
    });
    expect(zh.code).toBe(0);
    const zhMail = await mailWithSubject('organ@example.org', '請完成繳費', 5000, zhComment);
    expect(zhMail.text).toContain(`審查意見：${zhComment}`);
  });

  it('is returned for changes, changed and sent again; a code already given is refused', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const docs = await documents(organ);
    const sent = await organ.post<Course>(
      '/api/amsw0603/course',
      course(licence, docs, 50, { title: 'Second course' }),
    );
    expect(sent.code).toBe(0);
    const early = await organ.call('/api/amsw0603/course', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: sent.data.applicationId, ...course(licence, docs, 50) }),
    });
    expect(early.code).toBe(-10);
    await suite.decide('contiEdu', sent.data.applicationId, 'return');
    const returned = await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`);
    expect(returned.data).toMatchObject({ state: 'returned', reviewComment: 'Please give a reason.' });
    const changed = await organ.call<Course>('/api/amsw0603/course', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        applicationId: sent.data.applicationId,
        ...course(licence, docs, 50, { title: 'Second course, revised' }),
      }),
    });
    expect(changed.code).toBe(0);
    expect(changed.data).toMatchObject({ state: 'submitted', courseCode: null });

    // The code of the first test's course cannot be given again: nothing of this approval stays.
    const reviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number }[] }>(
      '/api/amsw0601/items?queue=contiEdu',
    );
    const item = items.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    const taken = await reviewer.post('/api/amsw0601/decide', {
      reviewId: item.reviewId,
      decision: 'approve',
      sessionPoints: [2, 1.5],
      courseCode: 'CE-2026-0101',
      score: 70,
    });
    expect(taken.code).toBe(-13);
    const still = await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`);
    expect(still.data).toMatchObject({ state: 'underReview', courseCode: null });
  });

  it('is the organisation’s alone: members and other callers learn nothing of it', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const sent = await organ.post<Course>(
      '/api/amsw0603/course',
      course(licence, await documents(organ), 60, { title: 'Third course' }),
    );
    const member = await suite.as('member@example.org', 'Member2026demo');
    expect((await member.call('/api/amsw0603')).code).toBe(-11);
    expect((await member.call(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`)).code).toBe(-11);
    expect((await member.call(`/api/amsw0101/application`)).data).not.toContainEqual(
      expect.objectContaining({ applicationId: sent.data.applicationId }),
    );
    // Its documents are for the organisation and, after declaring, the course reviewers.
    const fileId = sent.data.documents[0]!.fileId;
    const file = (who: SignedIn) =>
      fetch(`${suite.server.url}/api/amsw1001/file?fileId=${fileId}`, { headers: who.auth });
    expect((await file(organ)).headers.get('content-type')).toBe('application/pdf');
    expect(((await (await file(member)).json()) as { code: number }).code).toBe(-7);
    const reviewer = await suite.as('reviewer@example.org', 'Reviewer2026demo');
    expect((await reviewer.call('/api/amsw0601/items?queue=contiEdu')).code).toBe(-11);
    // An unknown application is the same -6 as another's.
    expect((await organ.call('/api/amsw0603/course?applicationId=999999')).code).toBe(-6);
  });
});

describe('a course’s review fee paid by bank transfer', () => {
  it('is reported by the organisation, confirmed by finance once, and accredits the course', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const sent = await organ.post<Course>(
      '/api/amsw0603/course',
      course(licence, await documents(organ), 45, { title: 'Transfer-paid course' }),
    );
    await suite.decide('contiEdu', sent.data.applicationId, 'approve', {
      sessionPoints: [2, 1.5],
      courseCode: 'CE-2026-0301',
      score: 80,
    });
    const read = async () =>
      (await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`)).data;
    const order = (await read()).order!;
    expect(order).toMatchObject({ amount: 2000, status: 'pending' });
    const pagePath = `/organ/center/contiEdu/${licence}/detail/${sent.data.applicationId}`;

    // The gateway takes NT$2,000, so the transfer is offered folded beside the online payment.
    const zh = await organ.page(pagePath);
    expect(zh.html).toContain('改以銀行匯款繳費');
    expect(zh.html).toContain('匯款帳號末五碼');
    const en = await organ.page(`/en-us${pagePath}`);
    expect(en.html).toContain('Pay by bank transfer instead');
    expect(en.html).toContain(`write the order number ${order.number}`);
    expect(en.html).toContain('Pay now');

    // Nobody else reports a transfer for the organisation's order.
    const good = { orderId: order.orderId, transferDate: taipeiDate(), amount: 2000, accountLast5: '54321' };
    const member = await suite.as('member@example.org', 'Member2026demo');
    expect((await member.post('/api/amsw0501/remittance', good)).code).toBe(-6);
    const other = await signUpOrganisation(suite.server.url);
    const otherOrgan = await suite.as(other.email, other.password, 'organ');
    expect((await otherOrgan.post('/api/amsw0501/remittance', good)).code).toBe(-6);
    expect((await organ.post('/api/amsw0501/remittance', { ...good, amount: 1999 })).code).toBe(-10);

    const reported = await organ.post<{ remittanceId: number; status: string }>('/api/amsw0501/remittance', good);
    expect(reported).toMatchObject({ code: 0, data: { status: 'reported' } });
    expect((await organ.post('/api/amsw0501/remittance', good)).code).toBe(-13);
    const waiting = await organ.page(`/en-us${pagePath}`);
    expect(waiting.html).toContain('It is awaiting confirmation by the finance office');
    expect(waiting.html).not.toContain('Last five digits of the paying account');
    expect(waiting.html).not.toContain('Pay now');

    // Finance sees whose transfer it is: the organisation, with no member number.
    const finance = await suite.as('finance@example.org', 'Finance2026demo');
    const queue = await finance.call<{ remittanceList: Record<string, unknown>[] }>('/api/amsw0502/remittances');
    expect(queue.data.remittanceList.find((r) => r.remittanceId === reported.data.remittanceId)).toMatchObject({
      orderNumber: order.number,
      payerKind: 'organ',
      payerName: '仁愛醫療財團法人仁愛綜合醫院',
      payerEmail: 'organ@example.org',
      memberNo: null,
      amount: 2000,
      accountLast5: '54321',
    });
    const desk = await finance.page('/en-us/member/remittances');
    expect(desk.html).toContain('Organisation');
    expect(desk.html).toContain('Jen-Ai General Hospital');

    const decide = () =>
      finance.post('/api/amsw0502/remittances/decide', {
        remittanceId: reported.data.remittanceId,
        decision: 'confirm',
      });
    expect(await decide()).toMatchObject({ code: 0, data: { outcome: 'applied', orderNumber: order.number } });
    expect((await decide()).code).toBe(-10);
    expect(await read()).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    // The organisation is told in its language, with a link to the course's page from the
    // configured origin (SITE_URL is unset on the test server: localhost on its port).
    const mail = await mailWithSubject('organ@example.org', '已確認您的匯款', 5000, order.number);
    expect(mail.text).toContain(`http://localhost:${new URL(suite.server.url).port}${pagePath}`);
    const paid = await organ.page(`/en-us${pagePath}`);
    expect(paid.html).toContain('Download receipt');
    expect(paid.html).not.toContain('Pay by bank transfer');
  });
});

describe('withdrawing a course application', () => {
  it('takes it off the queue before a decision; a second withdrawal changes nothing', async () => {
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const sent = await organ.post<Course>(
      '/api/amsw0603/course',
      course(licence, await documents(organ), 45, { title: 'Course called off' }),
    );
    const withdrawn = await organ.post<Course>('/api/amsw0603/cancel', { applicationId: sent.data.applicationId });
    expect(withdrawn.data.state).toBe('cancelled');
    expect((await organ.post('/api/amsw0603/cancel', { applicationId: sent.data.applicationId })).code).toBe(-10);
    const reviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const items = await reviewer.call<{ itemList: { subjectId: number }[] }>('/api/amsw0601/items?queue=contiEdu');
    expect(items.data.itemList.map((i) => i.subjectId)).not.toContain(sent.data.applicationId);
  });
});

describe('the organisation’s course pages', () => {
  it('list its applications per certification, or say what to do first, in both languages', async () => {
    const organ = await suite.as(...ORGAN);
    const list = await organ.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
    const licence = list.data.certificationList.find((c) => c.name === '醫師執業執照繼續教育')!.certificationId;
    const specialist = list.data.certificationList.find((c) => c.name === '本會專科醫師證書')!.certificationId;

    // The centre links each certification's applications, with the counts.
    const centre = await organ.page('/organ/center');
    expect(centre.html).toContain(`/organ/center/contiEdu/${licence}`);
    expect(centre.html).toContain('課程認證申請');

    const courses = await organ.page(`/organ/center/contiEdu/${licence}`);
    expect(courses.status).toBe(200);
    expect(courses.html).toContain('感染管制與抗生素管理研討會');
    // Its table's columns in Chinese (the browser test reads the table, at phone width, in English).
    for (const header of ['申請編號', '狀態', '審查費'])
      expect(courses.html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`));
    const none = await organ.page(`/en-us/organ/center/contiEdu/${specialist}`);
    expect(none.status).toBe(302);
    expect(none.location).toBe(`/en-us/organ/center/contiEdu/${specialist}/ContiEduApplicationEmpty`);
    const empty = await organ.page(none.location!);
    expect(empty.html).toContain('has not applied for any course for this certification yet');

    const notice = await organ.page(`/organ/center/contiEdu/${licence}/notice`);
    expect(notice.html).toContain('請於課程首日前至少 30 天提出申請。');
    expect(notice.html).toContain('急件處理費 新臺幣 1,000 元');
    const form = await organ.page(`/en-us/organ/center/contiEdu/${specialist}/applyForm`);
    expect(form.status).toBe(200);
    expect(form.html).toContain('Add a session');
    const declaration = await organ.page(`/organ/center/contiEdu/${licence}/detail/authorization`);
    expect(declaration.html).toContain('仁愛醫療財團法人仁愛綜合醫院申請課程認證時，聲明如下');

    const mine = await organ.call<{ courseList: { applicationId: number; title: string }[] }>(
      `/api/amsw0603?certificationId=${licence}`,
    );
    const demo = mine.data.courseList.find((c) => c.title === '感染管制與抗生素管理研討會')!;
    const detail = await organ.page(`/en-us/organ/center/contiEdu/${licence}/detail/${demo.applicationId}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('Received; the society will review it.');
    // Under another certification, a malformed or unknown one, or an unknown application: not found.
    for (const path of [
      `/organ/center/contiEdu/${specialist}/detail/${demo.applicationId}`,
      `/organ/center/contiEdu/${licence}/detail/999999`,
      '/organ/center/contiEdu/9999',
      '/organ/center/contiEdu/abc/notice',
    ])
      expect((await organ.page(path)).status, path).toBe(404);
    // A member is sent to their own centre.
    const member = await suite.as('member@example.org', 'Member2026demo');
    expect((await member.page(`/organ/center/contiEdu/${licence}`)).location).toBe('/member/center');
  });
});

describe('a topic of the society’s own', () => {
  it('is named as the rules name it on the member’s ledger, standing, courses coming up and reminder, the rules page and the compliance report', async () => {
    // The office records 1 point of radiation safety for the demo member (2 are needed).
    const admin = await suite.as('admin@example.org', 'Admin2026demo');
    const file = [
      '身分證字號,日期,活動名稱,主辦單位,類別,積分,議題',
      `A123456789,${addDays(taipeiDate(), -10)},Radiation protection refresher,臺灣內科醫學會,quality,1,輻射安全`,
    ].join('\r\n');
    const fields = { kind: 'credits', certificationCode: 'licence', encoding: 'utf-8' };
    const started = await consoleImport(admin, fields, new Blob([file]), 'credits.csv');
    expect(started.code).toBe(0);
    expect(await settledImport(admin, started.data.runId)).toMatchObject({ state: 'checked', report: { new: 1 } });
    expect((await admin.post('/api/amsw1101/imports/apply', { runId: started.data.runId, apply: true })).code).toBe(0);
    expect((await settledImport(admin, started.data.runId)).state).toBe('applied');

    // An accredited course coming up with 1.5 points of it, which would make up the rest.
    const organ = await suite.as(...ORGAN);
    const licence = await licenceId(organ);
    const base = course(licence, await documents(organ), 45);
    const sent = await organ.post<Course>('/api/amsw0603/course', {
      ...base,
      title: 'Radiation safety for clinicians',
      sessions: [{ ...base.sessions[1]!, title: 'Shielding and dose', topics: ['radiationSafety'] }],
    });
    expect(sent.code).toBe(0);
    await suite.decide('contiEdu', sent.data.applicationId, 'approve', {
      sessionPoints: [1.5],
      courseCode: 'CE-2026-0444',
      score: 80,
    });
    const due = await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`);
    await suite.payByCard(organ, due.data.order!.orderId);
    await until(
      async () =>
        (await organ.call<Course>(`/api/amsw0603/course?applicationId=${sent.data.applicationId}`)).data.state,
      (state) => state === 'effective',
    );

    const member = await suite.as('member@example.org', 'Member2026demo');
    const named = {
      'zh-tw': {
        topic: '輻射安全',
        standing: '其中輻射安全至少 2 點：已有 1 點',
        shortfall: '專業品質、倫理及法規中的輻射安全課程還差 1 點',
        rules: '，並應包括輻射安全、感染管制、性別議題課程',
        closes: '可補足：輻射安全（專業品質、倫理及法規）',
      },
      'en-us': {
        topic: 'Radiation safety',
        standing: 'Of which Radiation safety at least 2: 1 so far',
        shortfall: '1 more points of Radiation safety within Quality, ethics and law',
        rules: ', including Radiation safety, Infection control, Gender',
        closes: 'Closes: Radiation safety in Quality, ethics and law',
      },
    } as const;
    for (const [lang, texts] of Object.entries(named) as [keyof typeof named, (typeof named)[keyof typeof named]][]) {
      const page = await member.page(`/${lang}/member/certification/${licence}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain(texts.standing);
      expect(page.html).toContain(texts.shortfall);
      // The ledger's line carries the topic's name.
      const line = page.html.slice(page.html.indexOf('Radiation protection refresher'));
      expect(line.slice(0, line.indexOf('</tr>'))).toContain(texts.topic);
      expect(page.html).not.toContain('radiationSafety');
      const rules = await member.page(`/${lang}/credit/overview`);
      expect(rules.html).toContain(texts.rules);
      expect(rules.html).not.toContain('radiationSafety');
      const horizon = await member.page(`/${lang}/eventHorizon`);
      const coming = horizon.html.slice(horizon.html.indexOf('Radiation safety for clinicians'));
      expect(coming.slice(0, coming.indexOf('</li>'))).toMatch(
        new RegExp(`Shielding and dose · .* · ${texts.topic} ·`),
      );
      expect(coming).toContain(texts.closes);
      expect(horizon.html).not.toContain('radiationSafety');

      const report = await admin.call<{ rows: { email: string; shortfalls: { kind: string; text: string }[] }[] }>(
        '/api/amsw1101/reports/compliance?horizon=12',
        { headers: { Lang: lang } },
      );
      const row = report.data.rows.find((r) => r.email === 'member@example.org')!;
      expect(row.shortfalls.filter((s) => s.kind === 'topic').map((s) => s.text)).toEqual([texts.shortfall]);
    }
    const csv = await fetch(`${suite.server.url}/api/amsw1101/reports/compliance/export?horizon=12`, {
      headers: admin.auth,
    });
    expect(await csv.text()).toContain(named['zh-tw'].shortfall);

    // The reminder says it in the member's language.
    const report = await admin.call<{ rows: { email: string; accountId: number }[] }>(
      '/api/amsw1101/reports/compliance?horizon=12',
    );
    const accountId = report.data.rows.find((r) => r.email === 'member@example.org')!.accountId;
    const reminded = await admin.post<{ sent: number[] }>('/api/amsw1101/reports/compliance/reminders', {
      horizon: 12,
      accountIds: [accountId],
    });
    expect(reminded.data.sent).toEqual([accountId]);
    const mail = await mailWithSubject(
      'member@example.org',
      '繼續教育積分提醒',
      5000,
      suite.server.mailed(`/member/certification/${licence}`),
    );
    expect(mail.text).toContain(named['zh-tw'].shortfall);
    expect(mail.text).not.toContain('radiationSafety');
  });
});
