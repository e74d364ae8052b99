// What `npm run bench` measures (scripts/bench.mjs). Add a line to measure another address;
// `headers` are sent with every request (to the portal and to the ceiling), `status` is the
// answer expected when it is not a 2xx. Every staff console page has a target
// (targets.test.ts): a signed-in page is held to the budget of docs/architecture.md ("Speed").
import { claimPagePath, heldCoursePagePath, paperPagePath, reviewPagePath } from './review-item.mjs';

/** What Chromium sends as `Accept-Encoding`. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export const BENCH_TARGETS = [
  { name: 'home page', path: '/' },
  { name: 'home page en-us', path: '/en-us/' },
  { name: 'API amsw0202', path: '/api/amsw0202' },
  { name: 'news list', path: '/news/list' },
  { name: 'article page', path: '/article/detail/1' },
  { name: 'API amsw0301 (news list)', path: '/api/amsw0301' },
  // Site search (decision record 042): the results page of a word in the demo's articles and papers.
  { name: 'search results page', path: '/search?q=OSCE' },
  { name: 'search results page, rendered', path: '/search?q=OSCE', portal: 'uncached' },
  // The site's frame around a one-line message, rendered every time: the floor of every page
  // (decision record 007); rendered and signed-in targets are also given as a share of it.
  {
    name: 'not-found page, rendered (the frame)',
    path: '/bench/no-such-page',
    portal: 'uncached',
    status: 404,
    frame: true,
  },
  // The same frame in English: the front takes the language prefix off before Astro (decision
  // record 039), so it costs what the unprefixed frame costs.
  {
    name: 'not-found page en-us, rendered (the frame in English)',
    path: '/en-us/bench/no-such-page',
    portal: 'uncached',
    status: 404,
  },
  // Astro's own floor: the smallest answer through the same front, middleware and handler (DESIGN.md
  // §11: a trivial Astro page is about 0.09 of the ceiling); what the frame costs above it is ours.
  { name: 'build id API, rendered (the floor)', path: '/api/amsw0201/buildId', portal: 'uncached' },
  { name: 'home page, rendered', path: '/', portal: 'uncached' },
  { name: 'news list, rendered', path: '/news/list', portal: 'uncached' },
  { name: 'calendar, rendered', path: '/event/calendar', portal: 'uncached' },
  { name: 'member centre, signed in', path: '/member/center', session: 'member' },
  { name: 'organisation centre, signed in', path: '/organ/center', session: 'organ' },
  // The demo organisation's course applications for the first certification (the licence).
  { name: 'organisation courses, signed in', path: '/organ/center/contiEdu/1', session: 'organ' },
  // Its accredited course held a few days ago: the course, its receipt and its attendance.
  { name: 'accredited course page, signed in', path: heldCoursePagePath, session: 'organ' },
  { name: 'member payments, signed in', path: '/member/payment', session: 'member' },
  { name: 'member event registrations, signed in', path: '/member/registrations', session: 'member' },
  { name: 'renewal page, signed in', path: '/member/extension/apply', session: 'member' },
  // The demo's first certification (the practising licence): the member's standing and ledger.
  { name: 'certification page, signed in', path: '/member/certification/1', session: 'member' },
  { name: 'credits overview, signed in', path: '/credit/overview', session: 'member' },
  // The demo member's claim waiting on the credit queue.
  { name: 'credit claim page, signed in', path: claimPagePath, session: 'member' },
  // Upcoming accredited courses with what each would add to the member's certificates.
  { name: 'coming up (eventHorizon), signed in', path: '/eventHorizon', session: 'member' },
  { name: 'API amsw0101, signed in', path: '/api/amsw0101', session: 'member' },
  { name: 'review desk, signed in', path: '/member/review', session: 'reviewer' },
  // Their paths are the demo reviewer's first item on the queue, found (and declared on) at run time.
  { name: 'membership review page, signed in', path: reviewPagePath('membership'), session: 'reviewer' },
  { name: 'credit review page, signed in', path: reviewPagePath('credit'), session: 'reviewer' },
  // The demo organisation's course application, on the course reviewer's queue.
  { name: 'course review page, signed in', path: reviewPagePath('contiEdu'), session: 'statusReviewer' },
  { name: 'finance transfer queue, signed in', path: '/member/remittances', session: 'finance' },
  // Papers: the calls an author may submit to, the demo member's paper under review, and that
  // paper's review page for its assigned reviewer and for the editor (with the reviewer pool).
  { name: 'paper calls (entrance), signed in', path: '/member/post/notice/entrance', session: 'member' },
  { name: 'paper page (author), signed in', path: paperPagePath, session: 'member' },
  { name: 'paper review page (reviewer), signed in', path: reviewPagePath('paper'), session: 'reviewer' },
  {
    name: 'paper review page (editor), signed in',
    path: reviewPagePath('paper', { declare: false }),
    session: 'editor',
  },
  { name: 'staff console, signed in', path: '/staff', session: 'admin' },
  { name: 'staff roles desk, signed in', path: '/staff/roles', session: 'admin' },
  { name: 'audit log, signed in', path: '/staff/audit', session: 'admin' },
  { name: 'staff people search, signed in', path: '/staff/people?q=example.org', session: 'admin' },
  { name: 'staff person story, signed in', path: '/staff/people/1', session: 'admin' },
  { name: 'staff imports, signed in', path: '/staff/people/import', session: 'admin' },
  { name: 'staff review queues, signed in', path: '/staff/queues', session: 'admin' },
  { name: 'society settings, signed in', path: '/staff/settings', session: 'admin' },
  { name: 'society file (staff), signed in', path: '/staff/settings/file', session: 'admin' },
  { name: 'member classes form, signed in', path: '/staff/settings/classes', session: 'admin' },
  { name: 'credit rules form, signed in', path: '/staff/settings/certifications', session: 'admin' },
  { name: 'sending mail (the outbox hold), signed in', path: '/staff/settings/mail', session: 'admin' },
  // The reports: members over 12 months, the demo's certificates ending within a year, money.
  { name: 'reports (staff), signed in', path: '/staff/reports', session: 'admin' },
  { name: 'members report, signed in', path: '/staff/reports/members', session: 'admin' },
  { name: 'credit compliance report, signed in', path: '/staff/reports/compliance?horizon=12', session: 'admin' },
  { name: 'dues and transfers report, signed in', path: '/staff/reports/finance', session: 'finance' },
  { name: 'course volume report, signed in', path: '/staff/reports/courses?months=24', session: 'admin' },
  { name: 'content desks, signed in', path: '/staff/content', session: 'admin' },
  { name: 'articles desk, signed in', path: '/staff/content/articles', session: 'admin' },
  { name: 'article form, signed in', path: '/staff/content/articles/1', session: 'admin' },
  { name: 'categories desk, signed in', path: '/staff/content/categories', session: 'admin' },
  { name: 'category form, signed in', path: '/staff/content/categories/1', session: 'admin' },
  { name: 'events desk, signed in', path: '/staff/content/events', session: 'admin' },
  { name: 'event form, signed in', path: '/staff/content/events/1', session: 'admin' },
  { name: 'pages desk, signed in', path: '/staff/content/pages', session: 'admin' },
  { name: 'page form, signed in', path: '/staff/content/pages/1', session: 'admin' },
  { name: 'web info form, signed in', path: '/staff/content/webInfo', session: 'admin' },
  { name: 'home page blocks desk, signed in', path: '/staff/content/home', session: 'admin' },
  { name: 'home block form, signed in', path: '/staff/content/home/1', session: 'admin' },
  { name: 'journals list (staff), signed in', path: '/staff/content/journals', session: 'admin' },
  { name: 'journals desk, signed in', path: '/staff/content/journals/1', session: 'admin' },
  { name: 'issue papers desk, signed in', path: '/staff/content/journals/issues/1', session: 'admin' },
  { name: 'files desk, signed in', path: '/staff/content/files', session: 'admin' },
  { name: 'orders and payments (staff), signed in', path: '/staff/money', session: 'finance' },
  { name: 'bank statement matching, signed in', path: '/staff/money/statement', session: 'finance' },
  { name: 'money not applied (staff), signed in', path: '/staff/money/surplus', session: 'finance' },
  { name: 'events desk (registration), signed in', path: '/staff/events', session: 'admin' },
  { name: 'event registration desk, signed in', path: '/staff/events/1', session: 'admin' },
  { name: 'event registration setup, signed in', path: '/staff/events/1/setup', session: 'admin' },
  { name: 'event report, signed in', path: '/staff/events/1/report', session: 'admin' },
  { name: 'check-in at the door (the demo congress), signed in', path: '/door?event=7', session: 'admin' },
  // Compressed answers (decision record 037): addresses asked as a browser asks (`Accept-Encoding`),
  // each round measuring the same request without it first (`compressedOf`: its plain twin); the
  // report sets the two side by side, rate and bytes sent.
  ...[
    { name: 'home page', path: '/' },
    { name: 'API amsw0301 (news list)', path: '/api/amsw0301' },
    { name: 'API amsw0301 (news list), rendered', path: '/api/amsw0301', portal: 'uncached' },
    { name: 'news list, rendered', path: '/news/list', portal: 'uncached' },
    // A signed-in page is compressed for the site's own requests only (docs/security.md).
    {
      name: 'member centre, signed in',
      path: '/member/center',
      session: 'member',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    },
  ].map(({ name, headers, ...rest }) => ({
    ...rest,
    name: `${name}, compressed`,
    compressedOf: name,
    headers: { 'Accept-Encoding': BROWSER_ENCODINGS, ...headers },
  })),
];
