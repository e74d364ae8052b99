import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../setup/start-server';
import { signIn } from './helpers';
import { statementsOf } from './statement-log';

// The budget of docs/architecture.md ("Speed"): how many database statements a request runs,
// read from the server's own request log. Counts, not times, so it cannot be flaky; the bench
// measures speed. Runs on both databases (a server of its own on the project's database).
/**
 * An audit entry written on its own (a read that is audited): the chain's head locked with the new
 * row's id, then the row and the head written (decision record 033), in a transaction of its own,
 * whose BEGIN and COMMIT PostgreSQL's connection sends as statements and the embedded database's does not.
 */
const AUDIT_ALONE = inject('databaseUrl') ? 4 : 2;

describe('statements per request', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: 'memory',
      DATABASE_URL: inject('databaseUrl'),
      // The same key as the project's server, which seeded the national IDs on PostgreSQL.
      SECRET_KEY: inject('secretKey'),
      LOG_LEVEL: 'info',
      // Public pages rendered every time, as for a reader the page cache cannot help.
      PAGE_CACHE_TTL_MS: '0',
      // One process: the first request warms the caches the second one is counted against.
      WORKERS: '1',
      // Node says which files it loads: which React build the server runs is then visible.
      NODE_DEBUG: 'module',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const statements = (path: string, headers: Record<string, string> = {}) => statementsOf(server, path, headers);

  it('runs the built server as production, so React uses its production build', async () => {
    // The log line is written asynchronously, beside the PORTAL_LISTENING line (seconds later on a busy machine).
    for (let wait = 0; !server.output().includes('"msg":"listening"') && wait < 500; wait++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(server.output()).toContain('"nodeEnv":"production"');
    // Render a page with a React island, then look at what was loaded.
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    const loaded = [...server.output().matchAll(/\bload "([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(loaded.some((file) => /react-dom[^/]*\/cjs\/react-dom-server[^/]*\.production\.js$/.test(file))).toBe(true);
    expect(loaded.filter((file) => /\/react(-dom)?\/cjs\/.*\.development\.js$/.test(file))).toEqual([]);
  });

  it('reads the signed-in account once, with the session, on every signed-in page and call', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo', 'individual', false, { base: server.url });
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ', false, { base: server.url });
    for (const [path, cookie] of [
      ['/api/amsw0101', member.cookie],
      ['/api/amsw0101/statistics', member.cookie],
      ['/signinTerm', webUser.cookie],
      ['/organ/center', organ.cookie],
      ['/api/amsw0103', organ.cookie],
      ['/api/amsw0103/statistics', organ.cookie],
    ] as const) {
      // The session lookup, which brings the account with it: nothing more.
      expect(await statements(path, { Cookie: cookie }), path).toBe(1);
    }
  });

  it('reads what a membership page shows once, never per item', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo', 'individual', false, { base: server.url });
    // The centres: the session brings the membership, its term, open applications and unpaid orders.
    for (const path of ['/member/center', '/en-us/member/center'])
      expect(await statements(path, { Cookie: member.cookie }), path).toBe(1);
    expect(await statements('/webUser/center', { Cookie: webUser.cookie })).toBe(1);
    // Renewing: the offer is worked out from the session's membership and the cached rules.
    expect(await statements('/member/extension/apply', { Cookie: member.cookie })).toBe(1);
    // Changing class: the same, with the classes from the shared cache.
    expect(await statements('/member/upgrade', { Cookie: member.cookie })).toBe(1);
    expect(await statements('/member/stop/apply', { Cookie: member.cookie })).toBe(1);
    // The session, and the orders with what was received for each in one prepared statement.
    expect(await statements('/member/payment', { Cookie: member.cookie })).toBe(2);
    // Event registrations: the session, and the registrations with their event, ticket type, order,
    // place on the waiting list and certificate in one.
    expect(await statements('/member/registrations', { Cookie: member.cookie })).toBe(2);
    // The finance office's queue: the session, the reported transfers with their orders and
    // members in one statement, and the money not applied with its orders, payers and the payers'
    // pending orders in one (with both waiting: membership-remittance.test.ts).
    const finance = await signIn('finance@example.org', 'Finance2026demo', 'individual', false, { base: server.url });
    expect(await statements('/member/remittances', { Cookie: finance.cookie })).toBe(3);
    expect(await statements('/en-us/member/remittances', { Cookie: finance.cookie })).toBe(3);
    expect(await statements('/api/amsw0502/remittances', { Cookie: finance.cookie })).toBe(2);
    expect(await statements('/api/amsw0502/surplus', { Cookie: finance.cookie })).toBe(2);
  });

  // About sixty pages, each asked five times: a ceiling against a hang, not a speed check, wide
  // enough for a machine the other test runs keep busy.
  it(
    'reads each page of the staff console with the session and a fixed number of statements',
    { timeout: 120_000 },
    async () => {
      const finance = await signIn('finance@example.org', 'Finance2026demo', 'individual', false, { base: server.url });
      // The staff console: the session and the reader's second factor (its recovery codes left); the
      // roles desk and the audit log's page: the session and one statement for the list.
      const admin = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: server.url });
      expect(await statements('/staff', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/en-us/staff/roles', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/audit?action=role', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/roles', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/audit', { Cookie: admin.cookie })).toBe(2);
      // The people desk: the session, one statement for the hits and, for a search with words, its
      // audit entry; a person's story (account, membership, applications, orders, credits, papers,
      // roles, audit entries) in one statement, and the audit entry of its reading.
      expect(await statements('/staff/people', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/people?q=example.org', { Cookie: admin.cookie })).toBe(2 + AUDIT_ALONE);
      expect(await statements('/api/amsw1101/people?q=M2015', { Cookie: admin.cookie })).toBe(2 + AUDIT_ALONE);
      expect(await statements('/en-us/staff/people/1', { Cookie: admin.cookie })).toBe(2 + AUDIT_ALONE);
      expect(await statements('/api/amsw1101/people/story?accountId=1', { Cookie: admin.cookie })).toBe(
        2 + AUDIT_ALONE,
      );
      // The import desk: the session and the latest imports (the certification kinds are cached).
      await statements('/staff/people/import', { Cookie: admin.cookie });
      expect(await statements('/staff/people/import', { Cookie: admin.cookie })).toBe(2);
      // The society settings: the overview the session alone; the file and each section's form the
      // session and the stored society as its file, read as the export does (web info, settings,
      // membership rules, classes, topics, certifications, what is in use, article and event
      // categories, home blocks: eleven), admin's pages opened a few times a year.
      expect(await statements('/staff/settings', { Cookie: admin.cookie })).toBe(1);
      expect(await statements('/staff/settings/file', { Cookie: admin.cookie })).toBe(12);
      for (const section of ['system', 'membership', 'classes', 'topics', 'certifications', 'brand'])
        expect(await statements(`/staff/settings/${section}`, { Cookie: admin.cookie }), section).toBe(12);
      // Sending mail: the session and the outbox's hold with the count of mails waiting (one statement).
      expect(await statements('/en-us/staff/settings/mail', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/mail', { Cookie: admin.cookie })).toBe(2);
      // The queues: the session, the items with their counts, and one statement of subjects per
      // domain that has items listed (the demo's: memberships, credit claims, courses, papers).
      expect(await statements('/staff/queues?queue=paper', { Cookie: admin.cookie })).toBe(3);
      expect(await statements('/staff/queues', { Cookie: admin.cookie })).toBeLessThanOrEqual(2 + 4);
      // The reports: the section's page the session alone; each report the session and one
      // statement (every membership with its terms, the money in json subqueries, the certificates
      // ending with their ledgers, the course volume), its names and rules from the shared caches.
      expect(await statements('/staff/reports', { Cookie: admin.cookie })).toBe(1);
      expect(await statements('/staff/reports/members', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/en-us/staff/reports/compliance?horizon=12', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/reports/courses?months=24', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/reports/finance', { Cookie: finance.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/reports/members', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/reports/compliance', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/api/amsw1101/reports/finance', { Cookie: finance.cookie })).toBe(2);
      // The articles desk: the session and one statement for a page of articles with their total
      // (categories from the shared cache); an article's form the session, the article and the
      // pictures to choose its cover from (at once).
      expect(await statements('/staff/content', { Cookie: admin.cookie })).toBe(1);
      expect(await statements('/staff/content/articles?q=a', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/en-us/staff/content/articles/1', { Cookie: admin.cookie })).toBe(3);
      expect(await statements('/api/amsw1101/content/articles?state=published', { Cookie: admin.cookie })).toBe(2);
      // The other desks: the session and one statement, the list or the one row (article counts
      // in the same statement as the categories; event categories from the shared cache); an
      // event's form adds the pictures for its cover.
      expect(await statements('/staff/content/categories', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/en-us/staff/content/categories/1', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/content/events?q=a', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/en-us/staff/content/events/1', { Cookie: admin.cookie })).toBe(3);
      expect(await statements('/staff/content/pages', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/content/pages/1', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/content/webInfo', { Cookie: admin.cookie })).toBe(2);
      // The home page desk: the session, the blocks and their entries; a block's form adds the
      // pictures to choose from. The journals desk: the session, the journals, their volumes, and
      // the issues with their paper counts (two at once); the list adds the pictures for covers.
      // The files desk: the session, a page of files and where every file is used (one statement).
      expect(await statements('/staff/content/home', { Cookie: admin.cookie })).toBe(3);
      expect(await statements('/en-us/staff/content/home/1', { Cookie: admin.cookie })).toBe(4);
      expect(await statements('/staff/content/journals', { Cookie: admin.cookie })).toBe(6);
      expect(await statements('/staff/content/journals/1', { Cookie: admin.cookie })).toBe(6);
      // An issue's papers: the session, the issue with its volume and journal, its papers, and the
      // PDF files to choose from (three at once).
      expect(await statements('/en-us/staff/content/journals/issues/1', { Cookie: admin.cookie })).toBe(4);
      expect(await statements('/staff/content/files', { Cookie: admin.cookie })).toBe(3);
      // Money. Bank statement matching: its page the session and the statements kept, each line with its
      // outcome (one statement); reading a statement the session and the
      // waiting transfers (`reported_remittances`), then keeping it in one transaction (its file, its lines
      // in one row, and the audit entry), however many lines it has.
      expect(await statements('/staff/money/statement', { Cookie: finance.cookie })).toBe(2);
      // The orders: the session and one page of orders with their attempts, payments and transfers;
      // the page also the refunds due on cancelled event registrations (asked beside the orders).
      expect(await statements('/staff/money?status=paid', { Cookie: finance.cookie })).toBe(3);
      expect(await statements('/api/amsw1101/money/orders', { Cookie: finance.cookie })).toBe(2);
      // Money not applied: the session and the surplus with its payers' pending orders (`unapplied_payments`).
      expect(await statements('/staff/money/surplus', { Cookie: finance.cookie })).toBe(2);
      // The events desk: the session and the events with their registration state, seats and waiting
      // (one statement); an event's desk the session and the event with its ticket types counted, and
      // once registration is set up one page of registrations, the waiting list's head and the
      // check-ins per session; the setup form the session, the event and the setup's reads (setup,
      // ticket types, sessions, people waiting), the member classes and certifications cached.
      expect(await statements('/staff/events', { Cookie: admin.cookie })).toBe(2);
      expect(await statements('/staff/events/1', { Cookie: admin.cookie })).toBe(2);
      const opened = await fetch(`${server.url}/api/amsw1101/events/registration`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({
          eventId: 1,
          opensAt: new Date(Date.now() - 3_600_000).toISOString(),
          closesAt: new Date(Date.now() + 86_400_000).toISOString(),
          ticketTypes: [{ name: { 'zh-tw': '全程' }, capacity: 10, prices: { members: {}, webUser: 0 } }],
        }),
      });
      expect(((await opened.json()) as { code: number }).code).toBe(0);
      expect(await statements('/en-us/staff/events/1', { Cookie: admin.cookie })).toBe(5);
      await statements('/staff/events/1/setup', { Cookie: admin.cookie });
      expect(await statements('/staff/events/1/setup', { Cookie: admin.cookie })).toBe(6);
      // An event's report: the session, the event and its report (registrations, money, check-ins) in one.
      expect(await statements('/staff/events/1/report', { Cookie: admin.cookie })).toBe(3);
      // The door on a phone: the session, then the event, its sessions and their check-in counts.
      expect(await statements('/door?event=1', { Cookie: admin.cookie })).toBe(4);
      // A ticket's page (not in the bench: it holds back an address that looks up many tickets):
      // the address's count of lookups, then the ticket with its event, ticket type and holder in one.
      const offered = await fetch(`${server.url}/api/amsw0306?eventId=1`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      const { ticketTypeId } = ((await offered.json()) as { data: { ticketTypes: { ticketTypeId: number }[] } }).data
        .ticketTypes[0]!;
      const registered = await fetch(`${server.url}/api/amsw0306/register`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ eventId: 1, ticketTypeId, expectedPrice: 0, answers: {} }),
      });
      const answer = (await registered.json()) as { code: number; data: { ticketToken: string } };
      expect(answer.code).toBe(0);
      const ticket = answer.data.ticketToken;
      expect(await statements(`/ticket/${ticket}`)).toBe(2);
      const statement = new FormData();
      statement.set('file', new File(['date,amount,memo\n2026-01-05,1500,12345\n2026-01-06,900,54321\n'], 's.csv'));
      expect(
        await statementsOf(
          server,
          '/api/amsw1101/money/statement',
          { Authorization: `Bearer ${finance.token}` },
          {
            method: 'POST',
            body: statement,
          },
        ),
      ).toBe(4 + AUDIT_ALONE);
    },
  );

  it('reads a member’s applications and a reviewer’s desk, queue and items in a fixed number of statements', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    const reviewer = await signIn('reviewer@example.org', 'Reviewer2026demo', 'individual', false, {
      base: server.url,
    });
    // The session and the member's applications (classes come from the shared cache).
    expect(await statements('/api/amsw0101/application', { Cookie: member.cookie })).toBe(2);
    // The session, the open items, and every item's subject with its applicant in one statement.
    expect(await statements('/api/amsw0601/items?queue=membership', { Cookie: reviewer.cookie })).toBe(3);
    // The reviewer's desk likewise for all their queues at once, with one statement of subjects
    // per domain however many items wait (the demo reviewer's: memberships, credit claims and
    // papers), and a paper reviewer's expertise for the form that sets it.
    expect(await statements('/member/review', { Cookie: reviewer.cookie })).toBe(6);
    // A paper's review page: the session, and the paper with everything its review reads (the demo
    // reviewer is assigned the first demo paper); an editor's the pool of paper reviewers with it.
    expect(await statements('/member/paperReview/1', { Cookie: reviewer.cookie })).toBe(2);
    const editor = await signIn('editor@example.org', 'Editor2026demo', 'individual', false, { base: server.url });
    expect(await statements('/en-us/member/paperReview/1', { Cookie: editor.cookie })).toBe(2);
    // A review page: the session, and the item (with its decisions and the reviewer's declaration)
    // with its application in one statement (before the declaration only who applied is shown).
    const items = await fetch(`${server.url}/api/amsw0601/items?queue=membership`, {
      headers: { Cookie: reviewer.cookie },
    });
    const [item] = ((await items.json()) as { data: { itemList: { reviewId: number; path: string }[] } }).data.itemList;
    expect(await statements(item!.path, { Cookie: reviewer.cookie })).toBe(2);
    const declared = await fetch(`${server.url}/api/amsw0601/declare`, {
      method: 'POST',
      headers: { Cookie: reviewer.cookie, Origin: server.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reviewId: item!.reviewId, declaration: 'none' }),
    });
    expect(((await declared.json()) as { code: number }).code).toBe(0);
    expect(await statements(item!.path, { Cookie: reviewer.cookie })).toBe(2);
    // The API's item by its id alone first asks which queue it is on.
    expect(await statements(`/api/amsw0601/item?reviewId=${item!.reviewId}`, { Cookie: reviewer.cookie })).toBe(3);
  });

  it('reads an author’s pages with the session and at most one statement of their own', async () => {
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo', 'individual', false, { base: server.url });
    const headers = { Cookie: webUser.cookie, Origin: server.url, 'Content-Type': 'application/json' };
    const calls = (await (await fetch(`${server.url}/api/amsw0701`, { headers })).json()) as {
      data: { callList: { postId: number; state: string }[] };
    };
    const open = calls.data.callList.find((c) => c.state === 'open');
    expect(open).toBeDefined();
    const started = await fetch(`${server.url}/api/amsw0701/paper`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ postId: open!.postId }),
    });
    const { paperId } = ((await started.json()) as { data: { paperId: number } }).data;
    // The calls are cached and the reader's papers per call come with the session.
    for (const path of [
      '/webUser/post/entrance',
      '/member/post/notice/entrance',
      `/member/post/notice?postId=${open!.postId}`,
    ])
      expect(await statements(path, { Cookie: webUser.cookie }), path).toBe(1);
    // The reader's papers in a call; one paper with its manuscript, authorisation, history and reviews.
    for (const path of [
      `/member/post/${open!.postId}`,
      `/member/post/notice/applyForm?paperId=${paperId}`,
      `/member/post/detail/${paperId}`,
      `/member/post/detail/authorization?paperId=${paperId}`,
    ])
      expect(await statements(path, { Cookie: webUser.cookie }), path).toBe(2);
  });

  it('reads a member’s certificate and whole ledger in one statement, however long the ledger', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    const list = (await (await fetch(`${server.url}/api/amsw0602`)).json()) as {
      data: { certificationList: { certificationId: number }[] };
    };
    // The certifications and their rules come from the shared cache; a signed-in reader's claims
    // are one statement.
    expect(await statements('/api/amsw0602')).toBe(0);
    expect(await statements('/credit/overview')).toBe(0);
    expect(await statements('/credit/overview', { Cookie: member.cookie })).toBe(2);
    expect(await statements('/api/amsw0602/claims', { Cookie: member.cookie })).toBe(2);
    // A claim's page: the session, and the claim with its evidence, history and order (the demo
    // member's claim waiting on the credit queue).
    const claims = await fetch(`${server.url}/api/amsw0602/claims`, { headers: { Cookie: member.cookie } });
    const [claim] = ((await claims.json()) as { data: { claimList: { applicationId: number }[] } }).data.claimList;
    expect(await statements(`/credit/detail/${claim!.applicationId}`, { Cookie: member.cookie })).toBe(2);
    // Its review page, as a membership item's: the session, and the item with the claim and the
    // claimant's certificate and ledger (what the rules would allow) in one statement.
    const reviewer = await signIn('reviewer@example.org', 'Reviewer2026demo', 'individual', false, {
      base: server.url,
    });
    const items = await fetch(`${server.url}/api/amsw0601/items?queue=credit`, {
      headers: { Cookie: reviewer.cookie },
    });
    const [item] = (
      (await items.json()) as { data: { itemList: { reviewId: number; subjectId: number; path: string }[] } }
    ).data.itemList;
    expect(item!.subjectId).toBe(claim!.applicationId);
    expect(await statements(item!.path, { Cookie: reviewer.cookie })).toBe(2);
    const declared = await fetch(`${server.url}/api/amsw0601/declare`, {
      method: 'POST',
      headers: { Cookie: reviewer.cookie, Origin: server.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reviewId: item!.reviewId, declaration: 'none' }),
    });
    expect(((await declared.json()) as { code: number }).code).toBe(0);
    expect(await statements(item!.path, { Cookie: reviewer.cookie })).toBe(2);
    for (const { certificationId } of list.data.certificationList) {
      for (const path of [
        `/member/certification/${certificationId}`,
        `/en-us/member/certification/${certificationId}?method=course`,
        `/api/amsw0602/certification?certificationId=${certificationId}`,
      ])
        expect(await statements(path, { Cookie: member.cookie }), path).toBe(2);
    }
  });

  it('reads an organisation’s course applications in one statement, and a course’s review page in two', async () => {
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ', false, { base: server.url });
    const list = (await (await fetch(`${server.url}/api/amsw0603`, { headers: { Cookie: organ.cookie } })).json()) as {
      data: { courseList: { applicationId: number; certificationId: number; state: string }[] };
    };
    const course = list.data.courseList.find((c) => c.state === 'submitted');
    const accredited = list.data.courseList.find((c) => c.state === 'effective')!;
    // The session (with the counts), and the applications of one certification or the one application.
    expect(await statements(`/organ/center/contiEdu/${course!.certificationId}`, { Cookie: organ.cookie })).toBe(2);
    expect(
      await statements(`/organ/center/contiEdu/${course!.certificationId}/detail/${course!.applicationId}`, {
        Cookie: organ.cookie,
      }),
    ).toBe(2);
    // An accredited course's page reads its attendance (the course and its rosters) with it.
    expect(
      await statements(`/organ/center/contiEdu/${accredited.certificationId}/detail/${accredited.applicationId}`, {
        Cookie: organ.cookie,
      }),
    ).toBe(2);
    // The rules and the form come from the shared cache.
    expect(await statements(`/organ/center/contiEdu/${course!.certificationId}/notice`, { Cookie: organ.cookie })).toBe(
      1,
    );
    const reviewer = await signIn('status-reviewer@example.org', 'Status2026demo', 'individual', false, {
      base: server.url,
    });
    const path = `/member/continueEducationReview/${course!.applicationId}`;
    // The session, and the item with the course (shown whole after the declaration).
    expect(await statements(path, { Cookie: reviewer.cookie })).toBe(2);
    const items = (await (
      await fetch(`${server.url}/api/amsw0601/items?queue=contiEdu`, { headers: { Cookie: reviewer.cookie } })
    ).json()) as { data: { itemList: { reviewId: number; subjectId: number }[] } };
    const item = items.data.itemList.find((i) => i.subjectId === course!.applicationId)!;
    await fetch(`${server.url}/api/amsw0601/declare`, {
      method: 'POST',
      headers: { Cookie: reviewer.cookie, Origin: server.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reviewId: item.reviewId, declaration: 'none' }),
    });
    expect(await statements(path, { Cookie: reviewer.cookie })).toBe(2);
  });

  it('reads a paper in one statement for its author, its reviewer and its editor (with the reviewer pool)', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    const reviewer = await signIn('reviewer@example.org', 'Reviewer2026demo', 'individual', false, {
      base: server.url,
    });
    const editor = await signIn('editor@example.org', 'Editor2026demo', 'individual', false, { base: server.url });
    // The calls come from the shared cache and the reader's counts with the session.
    expect(await statements('/api/amsw0701', { Cookie: member.cookie })).toBe(1);
    const papers = await fetch(`${server.url}/api/amsw0701/papers`, { headers: { Cookie: member.cookie } });
    const [paper] = ((await papers.json()) as { data: { paperList: { paperId: number }[] } }).data.paperList;
    // The paper with its manuscript, authorisation, history and comments to the authors.
    expect(await statements(`/api/amsw0701/paper?paperId=${paper!.paperId}`, { Cookie: member.cookie })).toBe(2);
    // The assigned reviewer: the paper with its rounds, files and assignments.
    expect(await statements(`/api/amsw0801/paper?paperId=${paper!.paperId}`, { Cookie: reviewer.cookie })).toBe(2);
    // The editor: that, with the reviewer pool (its expertise and load) in the same statement.
    expect(await statements(`/api/amsw0801/paper?paperId=${paper!.paperId}`, { Cookie: editor.cookie })).toBe(2);
  });

  it('reads what is coming up for a member in one statement besides the session', async () => {
    const member = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
    // The member's certificates and ledgers; the upcoming courses and events come from the shared cache.
    expect(await statements('/eventHorizon', { Cookie: member.cookie })).toBe(2);
    expect(await statements('/en-us/eventHorizon', { Cookie: member.cookie })).toBe(2);
  });

  it('renders the public pages from shared caches when the page cache cannot answer', async () => {
    for (const path of ['/', '/en-us/', '/news/list', '/event/calendar', '/event/list', '/api/amsw0202']) {
      expect(await statements(path), path).toBe(0);
    }
  });
});
