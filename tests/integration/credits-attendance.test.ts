import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { mailWithSubject, nationalId, signUpOrganisation } from './helpers';
import { PDF } from './membership-helpers';
import { ownServerSuite, type signedInOn } from './own-server';

// Rosters post points to the demo's members: on a server of their own.
const suite = ownServerSuite();
const ORGAN = ['organ@example.org', 'Organ2026demo', 'organ'] as const;
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

interface Report {
  roster: { fileId: number; name: string };
  signedSheet: { fileId: number; name: string };
  lineCount: number;
  attendees: number;
  sessions: { position: number; title: string; full: number; partial: number; refused: number }[];
  entries: { posted: number; unchanged: number; withdrawn: number };
  problems: { line: number; identifier: string; reason: string }[];
}

interface CourseWithAttendance {
  applicationId: number;
  courseCode: string | null;
  state: string;
  lastDay: string;
  order: { orderId: number; status: string } | null;
  attendance: {
    courseStatus: string;
    window: { opensOn: string; closesOn: string; state: string };
    rosters: { rosterId: number; status: string; report: Report }[];
  } | null;
}

interface LedgerLine {
  title: string;
  points: number;
  counted: number | null;
  reason: string | null;
  source: string;
  note: string;
  earnedOn: string;
}

/** The demo's course held three days ago (accredited, paid), as its organisation reads it. */
async function heldCourse(organ: SignedIn): Promise<CourseWithAttendance> {
  const list = await organ.call<{ courseList: { applicationId: number; state: string; lastDay: string }[] }>(
    '/api/amsw0603',
  );
  const held = list.data.courseList.find((c) => c.state === 'effective' && c.lastDay < taipeiDate())!;
  return (await organ.call<CourseWithAttendance>(`/api/amsw0603/course?applicationId=${held.applicationId}`)).data;
}

const csv = (text: string, name = 'roster.csv') => new File([new TextEncoder().encode(text)], name);

/** A file uploaded by `who` for `purpose`: the upload's answer. */
async function uploadFile(who: SignedIn, purpose: 'roster' | 'signedSheet', file: File) {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', file);
  return who.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
}

/** The roster and the signed sheet uploaded, then sent for the course: the roster's answer. */
async function upload(
  organ: SignedIn,
  applicationId: number,
  roster: File,
  signedSheet: File = new File([PDF], 'signed.pdf'),
) {
  const rosterFile = await uploadFile(organ, 'roster', roster);
  expect(rosterFile.code).toBe(0);
  const sheetFile = await uploadFile(organ, 'signedSheet', signedSheet);
  expect(sheetFile.code).toBe(0);
  return organ.post<Report>('/api/amsw0603/roster', {
    applicationId,
    rosterFileId: rosterFile.data.fileId,
    signedSheetFileId: sheetFile.data.fileId,
  });
}

/** The member's licence ledger lines from courses. */
async function courseLines(member: SignedIn): Promise<LedgerLine[]> {
  const list = await member.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  const licence = list.data.certificationList.find((c) => c.name === '醫師執業執照繼續教育')!.certificationId;
  const standing = await member.call<{ ledger: LedgerLine[] }>(
    `/api/amsw0602/certification?certificationId=${licence}`,
  );
  return standing.data.ledger.filter((l) => l.source === 'course');
}

describe('what is coming up (/eventHorizon)', () => {
  it('shows upcoming accredited courses with what each would add to the reader’s certificates', async () => {
    // The demo member is 16 points short of the licence, 3 of them in quality, ethics and law; the
    // demo's course in three weeks gives 2 points of law and 1 of quality with the gender topic.
    const member = await suite.as('member@example.org', 'Member2026demo');
    const zh = await member.page('/eventHorizon');
    expect(zh.status).toBe(200);
    for (const text of [
      '醫療法規與性別議題研習會',
      '仁愛醫療財團法人仁愛綜合醫院',
      '可為您的證書 醫執字第 0987654 號 增加 3 點',
      '出席後仍差 13 點',
      '可補足：專業品質、倫理及法規',
      '第十五屆會員大會暨學術研討會',
    ])
      expect(zh.html).toContain(text);
    // The course held three days ago and the one not yet approved are not coming up.
    expect(zh.html).not.toContain('醫療倫理與醫病溝通工作坊');
    expect(zh.html).not.toContain('感染管制與抗生素管理研討會');
    const en = await member.page('/en-us/eventHorizon');
    expect(en.html).toContain('Would add 3 points to your certificate 醫執字第 0987654 號');
    expect(en.html).toContain('Closes: Quality, ethics and law');
    // A web user without certificates sees the course and that its points would be recorded.
    const webUser = await suite.as('webuser@example.org', 'Webuser2026demo');
    expect((await webUser.page('/en-us/eventHorizon')).html).toContain(
      'You hold no certificate of this kind on record',
    );
    // Organisations go to their centre; visitors sign in first.
    const organ = await suite.as(...ORGAN);
    expect(await organ.page('/eventHorizon')).toMatchObject({ status: 302, location: '/organ/center' });
    const visitor = await fetch(`${suite.server.url}/eventHorizon`, { redirect: 'manual' });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirect=/);
  });
});

describe('an accredited course’s attendance roster', () => {
  it('posts each matched attendee’s points once, pro-rated or refused, and gives back the lines it cannot use', async () => {
    const organ = await suite.as(...ORGAN);
    const course = await heldCourse(organ);
    expect(course.courseCode).toMatch(/^CE-\d{4}-0001$/);
    expect(course.attendance).toMatchObject({
      courseStatus: 'accredited',
      window: { opensOn: course.lastDay, closesOn: addDays(course.lastDay, 30), state: 'open' },
      rosters: [],
    });
    // Its review fee was paid: the organisation downloads the receipt.
    expect(course.order).toMatchObject({ status: 'paid' });
    const receipt = await fetch(`${suite.server.url}/api/amsw0501/receipt?orderId=${course.order!.orderId}`, {
      headers: organ.auth,
    });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const day = course.lastDay;
    const reviewer = await suite.as('reviewer@example.org', 'Reviewer2026demo');
    const reviewerNo = (await reviewer.call<{ memberNo: string }>('/api/amsw0101')).data.memberNo;
    // A valid national ID no demo account has.
    const stranger = nationalId(7_654_321);
    // Sessions: 09:00–12:00 (ethics, 3 points) and 13:30–15:30 (professional, 2 points). Each
    // attendee is their national ID with their name (the account's Chinese or English name).
    const roster = csv(
      '身分證字號,姓名,簽到時間,簽退時間\n' +
        `a123456789,林美玲,${day} 08:50,${day} 15:40\n` + // the demo member, all day (lower case is read)
        `K112233402,liu chia-hao,${day} 09:00,${day} 10:30\n` + // the course reviewer, half the morning: pro-rated
        `H246801307,張 惠雯,${day} 09:00,${day} 09:40\n` + // the reviewer, under half: refused
        `${stranger},王小明,${day} 09:00,${day} 12:00\n` + // nobody's ID
        `F131104093,陳志強,${day} 09:00,${day} 12:00\n` + // the web user's ID with another name
        `${reviewerNo},張惠雯,${day} 09:00,${day} 12:00\n` + // a member number is no national ID
        `A123456789,林美玲,${day} 09:05,${day} 12:00\n` + // the demo member again at the same time
        `B223456700,王怡君,${addDays(day, -1)} 09:00,${addDays(day, -1)} 12:00\n` + // the day before the course
        `C145672305,黃冠宇,${day} 12:00,${day} 09:00\n` + // signs out before signing in
        `,王小明,${day} 09:00,${day} 12:00\n`,
    );
    const first = await upload(organ, course.applicationId, roster);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      lineCount: 10,
      attendees: 2,
      roster: { name: 'roster.csv' },
      signedSheet: { name: 'signed.pdf' },
      sessions: [
        { position: 0, full: 1, partial: 1, refused: 1 },
        { position: 1, full: 1, partial: 0, refused: 0 },
      ],
      entries: { posted: 4, unchanged: 0, withdrawn: 0 },
    });
    // A line that matches no account says only that, whether the ID is nobody's or someone's with
    // another name; a line's own faults (and the sessions' times) are told before any account is.
    expect(first.data.problems).toEqual([
      { line: 5, identifier: `${stranger.slice(0, 3)}*****${stranger.slice(-2)}`, reason: 'notMatched' },
      { line: 6, identifier: 'F13*****93', reason: 'notMatched' },
      { line: 7, identifier: reviewerNo, reason: 'noIdentifier' },
      { line: 8, identifier: 'A12*****89', reason: 'duplicate' },
      { line: 9, identifier: 'B22*****00', reason: 'noSession' },
      { line: 10, identifier: 'C14*****05', reason: 'signOutBeforeSignIn' },
      { line: 11, identifier: '', reason: 'noIdentifier' },
    ]);

    // The member's ledger: both sessions in full, as course entries of the day.
    const member = await suite.as('member@example.org', 'Member2026demo');
    const memberLines = await courseLines(member);
    // (The ledger lists the newest first.)
    expect(memberLines.map((l) => [l.title, l.points, l.counted, l.earnedOn])).toEqual([
      ['醫療倫理與醫病溝通工作坊：醫病共享決策與溝通', 2, 2, day],
      ['醫療倫理與醫病溝通工作坊：臨床倫理案例討論', 3, 3, day],
    ]);
    // The course reviewer: half the morning, pro-rated (1.5 of 3), with the share attended.
    const statusReviewer = await suite.as('status-reviewer@example.org', 'Status2026demo');
    expect((await courseLines(statusReviewer)).map((l) => [l.points, l.counted, l.note])).toEqual([[1.5, 1.5, '50%']]);
    // Each attendee with points is told what landed, in their language, with the certificate page.
    const told = await mailWithSubject('member@example.org', '課程積分已登錄', 5000, course.courseCode!);
    expect(told.text).toContain('臨床倫理案例討論：3 點');
    expect(told.text).toMatch(/http:\/\/localhost:\d+\/member\/certification\/\d+\n/);
    await mailWithSubject('status-reviewer@example.org', '課程積分已登錄', 5000, '1.5 點（出席 50%，按比例計）');
    // The reviewer: a fifth of the morning, refused and not counted.
    expect((await courseLines(reviewer)).map((l) => [l.points, l.counted, l.reason, l.note])).toEqual([
      [3, 0, 'refused', '22%'],
    ]);

    // The same roster again posts nothing twice.
    const again = await upload(organ, course.applicationId, roster);
    expect(again.data.entries).toEqual({ posted: 0, unchanged: 4, withdrawn: 0 });
    expect(await courseLines(member)).toHaveLength(2);

    // A corrected roster (Excel): the course reviewer stayed all morning, the reviewer was not there.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('簽到表');
    sheet.addRow(['National ID', 'Name', 'Sign-in', 'Sign-out']);
    sheet.addRow(['A123456789', 'Lin Mei-Ling', `${day} 08:50`, `${day} 15:40`]);
    sheet.addRow(['K112233402', '劉家豪', `${day} 09:00`, `${day} 12:00`]);
    const corrected = await upload(
      organ,
      course.applicationId,
      new File([new Uint8Array(await workbook.xlsx.writeBuffer())], 'roster-corrected.xlsx'),
    );
    expect(corrected.code).toBe(0);
    expect(corrected.data).toMatchObject({
      attendees: 2,
      entries: { posted: 1, unchanged: 2, withdrawn: 1 },
      problems: [],
    });
    // The course reviewer is told of the points posted anew.
    await mailWithSubject('status-reviewer@example.org', '課程積分已登錄', 5000, '臨床倫理案例討論：3 點');
    // The pro-rated entry gave way to the full one; the refused one is withdrawn.
    expect((await courseLines(statusReviewer)).map((l) => [l.points, l.counted, l.reason])).toEqual([
      [3, 3, null],
      [1.5, 0, 'replaced'],
    ]);
    expect((await courseLines(reviewer)).map((l) => l.reason)).toEqual(['replaced']);

    // The organisation sees the current roster's report first and the ones it replaced.
    const after = await heldCourse(organ);
    expect(after.attendance!.rosters.map((r) => [r.status, r.report.roster.name])).toEqual([
      ['current', 'roster-corrected.xlsx'],
      ['replaced', 'roster.csv'],
      ['replaced', 'roster.csv'],
    ]);
    const page = await organ.page(
      `/en-us/organ/center/contiEdu/${await licenceOf(organ)}/detail/${course.applicationId}`,
    );
    expect(page.status).toBe(200);
    for (const text of ['Attendance', 'Current roster', 'roster-corrected.xlsx', 'Every line was matched.'])
      expect(page.html).toContain(text);
    // The files uploaded are the organisation's own to download.
    const file = await fetch(`${suite.server.url}/api/amsw1001/file?fileId=${corrected.data.roster.fileId}`, {
      headers: organ.auth,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');

    // The course reviewer who approved it (and declared no conflict) reads the rosters on the
    // review page, in both languages, and opens their files; nobody else does.
    const reviewPage = `/member/continueEducationReview/${course.applicationId}`;
    const reviewed = await statusReviewer.page(`/en-us${reviewPage}`);
    expect(reviewed.status).toBe(200);
    for (const text of ['Current roster', 'roster-corrected.xlsx', 'The organisation may send or correct'])
      expect(reviewed.html).toContain(text);
    expect(reviewed.html).not.toContain('Upload the roster');
    expect((await statusReviewer.page(reviewPage)).html).toContain('機構可於');
    const fileAs = async (who: SignedIn, fileId: number) =>
      fetch(`${suite.server.url}/api/amsw1001/file?fileId=${fileId}`, { headers: who.auth });
    const { roster: rosterFile, signedSheet } = corrected.data;
    expect((await fileAs(statusReviewer, rosterFile.fileId)).status).toBe(200);
    expect((await fileAs(statusReviewer, signedSheet.fileId)).headers.get('content-type')).toBe('application/pdf');
    // The membership reviewer (no course role) and an attendee: the files are unknown to them.
    for (const who of [reviewer, member])
      expect(((await (await fileAs(who, rosterFile.fileId)).json()) as { code: number }).code).toBe(-7);
  });

  it('refuses a file that is not a roster, of the wrong type or too large, or not the organisation’s, and keeps nothing', async () => {
    const organ = await suite.as(...ORGAN);
    const course = await heldCourse(organ);
    const rosters = course.attendance!.rosters.length;
    const day = course.lastDay;
    // Read, and refused as a whole with the reason.
    for (const [text, reason] of [
      ['姓名,簽到,簽退\n王小明,09:00,12:00\n', 'rosterNoIdentifierColumn'],
      ['會員編號,姓名,簽到,簽退\nM2026-0001,王小明,09:00,12:00\n', 'rosterNoIdentifierColumn'],
      ['身分證字號,簽到,簽退\nA123456789,09:00,12:00\n', 'rosterNoNameColumn'],
      ['身分證字號,姓名,簽到,簽退\n', 'rosterEmpty'],
    ]) {
      const answer = await upload(organ, course.applicationId, csv(text!));
      expect([answer.code, (answer.data as unknown as { reason: string }).reason]).toEqual([-10, reason]);
    }
    // Refused at the upload: not text or a workbook, empty, too large; a signed sheet that is not a scan.
    for (const [purpose, file, code] of [
      ['roster', csv('A123456789\u0000,09:00,12:00\n'), -21],
      ['roster', new File([PDF], 'roster.pdf'), -21],
      ['roster', csv(''), -21],
      ['roster', csv('x'.repeat(5 * 1024 * 1024 + 1)), -996],
      ['signedSheet', csv(`A123456789,${day} 09:00,${day} 12:00\n`, 'signed.csv'), -21],
    ] as const) {
      const answer = await uploadFile(organ, purpose, file);
      expect([answer.code, (answer.data as unknown as { fields: string[] }).fields]).toEqual([code, ['file']]);
    }
    // Files that are not the organisation's uploads for these purposes.
    const rosterFile = (await uploadFile(organ, 'roster', csv(`A123456789,${day} 09:00,${day} 12:00\n`))).data.fileId;
    const sheetFile = (await uploadFile(organ, 'signedSheet', new File([PDF], 'signed.pdf'))).data.fileId;
    // Rosters and signed sheets are organisations' uploads; a member's document is not one.
    const member = await suite.as('member@example.org', 'Member2026demo');
    expect((await uploadFile(member, 'signedSheet', new File([PDF], 'signed.pdf'))).code).toBe(-11);
    const membersSheet = await suite.upload(member, 'signed.pdf');
    const ownDocument = await suite.upload(organ, 'agenda.pdf');
    for (const [body, field] of [
      [{ rosterFileId: sheetFile, signedSheetFileId: sheetFile }, 'rosterFileId'],
      [{ rosterFileId: rosterFile, signedSheetFileId: rosterFile }, 'signedSheetFileId'],
      [{ rosterFileId: rosterFile, signedSheetFileId: membersSheet }, 'signedSheetFileId'],
      [{ rosterFileId: rosterFile, signedSheetFileId: ownDocument }, 'signedSheetFileId'],
      [{ rosterFileId: rosterFile, signedSheetFileId: 999_999 }, 'signedSheetFileId'],
    ] as const) {
      const answer = await organ.post('/api/amsw0603/roster', { applicationId: course.applicationId, ...body });
      expect([answer.code, (answer.data as { fields: string[] }).fields]).toEqual([-10, [field]]);
    }
    // Malformed bodies.
    expect((await organ.post('/api/amsw0603/roster', { applicationId: course.applicationId })).code).toBe(-2);
    expect(
      (
        await organ.post('/api/amsw0603/roster', {
          applicationId: 'abc',
          rosterFileId: rosterFile,
          signedSheetFileId: sheetFile,
        })
      ).code,
    ).toBe(-10);
    expect((await heldCourse(organ)).attendance!.rosters).toHaveLength(rosters);
  });

  it('reads a roster of 5,000 lines', async () => {
    const organ = await suite.as(...ORGAN);
    const course = await heldCourse(organ);
    const day = course.lastDay;
    const lines = ['身分證字號,姓名,簽到時間,簽退時間', `A123456789,林美玲,${day} 08:50,${day} 15:40`];
    for (let i = 1; i < 4999; i++) lines.push(`${nationalId(5_000_000 + i)},王小明,${day} 09:00,${day} 15:30`);
    // A national ID mistyped (its check digit wrong) is no national ID, and is masked all the same.
    lines.push(`A123456788,林美玲,${day} 09:00,${day} 15:30`);
    const answer = await upload(organ, course.applicationId, csv(`${lines.join('\n')}\n`, 'large.csv'));
    expect(answer.code).toBe(0);
    expect(answer.data.lineCount).toBe(5000);
    expect(answer.data.attendees).toBe(1);
    expect(answer.data.problems).toHaveLength(4999);
    expect(new Set(answer.data.problems.slice(0, -1).map((p) => p.reason))).toEqual(new Set(['notMatched']));
    expect(answer.data.problems.at(-1)).toEqual({ line: 5001, identifier: 'A12*****88', reason: 'noIdentifier' });
    expect(answer.data.problems[0]!.identifier).toMatch(/^A15\*{5}\d{2}$/);
    // The member's two sessions stand as they were; the course reviewer, not on this roster, is withdrawn.
    expect(answer.data.entries).toEqual({ posted: 0, unchanged: 2, withdrawn: 1 });
  });

  it('is for the course’s own organisation only, once accredited and inside the window', async () => {
    const organ = await suite.as(...ORGAN);
    const course = await heldCourse(organ);
    const file = () => csv(`A123456789,林美玲,${course.lastDay} 09:00,${course.lastDay} 12:00\n`);
    // Another organisation, a member, a visitor.
    const other = await signUpOrganisation(suite.server.url);
    const otherOrgan = await suite.as(other.email, other.password, 'organ');
    // With its own files, the first organisation's course is unknown to it, as is its application.
    expect((await upload(otherOrgan, course.applicationId, file())).code).toBe(-6);
    expect((await otherOrgan.call(`/api/amsw0603/course?applicationId=${course.applicationId}`)).code).toBe(-6);
    // The course's own organisation cannot send the other's files.
    const othersRoster = (await uploadFile(otherOrgan, 'roster', file())).data.fileId;
    const ownSheet = (await uploadFile(organ, 'signedSheet', new File([PDF], 'signed.pdf'))).data.fileId;
    const borrowed = await organ.post('/api/amsw0603/roster', {
      applicationId: course.applicationId,
      rosterFileId: othersRoster,
      signedSheetFileId: ownSheet,
    });
    expect([borrowed.code, (borrowed.data as { fields: string[] }).fields]).toEqual([-10, ['rosterFileId']]);
    const member = await suite.as('member@example.org', 'Member2026demo');
    const memberForm = { applicationId: course.applicationId, rosterFileId: 1, signedSheetFileId: 2 };
    expect((await member.post('/api/amsw0603/roster', memberForm)).code).toBe(-11);
    const anonymous = await fetch(`${suite.server.url}/api/amsw0603/roster`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: course.applicationId, rosterFileId: 1, signedSheetFileId: 2 }),
    });
    expect(((await anonymous.json()) as { code: number }).code).toBe(-9);

    // The course waiting on the queue has no course yet; approved, it waits for its fee; paid, for its day.
    const list = await organ.call<{ courseList: { applicationId: number; state: string }[] }>('/api/amsw0603');
    const waiting = list.data.courseList.find((c) => c.state === 'submitted')!;
    expect((await upload(organ, waiting.applicationId, file())).code).toBe(-6);
    await suite.decide('contiEdu', waiting.applicationId, 'approve', {
      sessionPoints: [2, 2],
      courseCode: 'CE-2099-0007',
      score: 80,
    });
    const approved = await upload(organ, waiting.applicationId, file());
    expect([approved.code, (approved.data as unknown as { reason: string }).reason]).toEqual([
      -10,
      'courseNotAccredited',
    ]);
    const due = await organ.call<{ order: { orderId: number } }>(
      `/api/amsw0603/course?applicationId=${waiting.applicationId}`,
    );
    await suite.payByCard(organ, due.data.order.orderId);
    const early = await upload(organ, waiting.applicationId, file());
    expect([early.code, (early.data as unknown as { reason: string }).reason]).toEqual([-10, 'rosterNotYet']);
    const accredited = await organ.call<CourseWithAttendance>(
      `/api/amsw0603/course?applicationId=${waiting.applicationId}`,
    );
    expect(accredited.data.attendance).toMatchObject({
      courseStatus: 'accredited',
      window: { state: 'notYet', opensOn: accredited.data.lastDay },
    });
    expect(accredited.data.lastDay > taipeiDate()).toBe(true);
  });
});

async function licenceOf(who: SignedIn): Promise<number> {
  const list = await who.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  return list.data.certificationList.find((c) => c.name === '醫師執業執照繼續教育')!.certificationId;
}
