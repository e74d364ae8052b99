// The pages measured on a phone, their kind and the budget of each kind (issue 45): the one list
// that `npm run bench` (scripts/bench/phone.mjs) prints and the browser test
// (tests/e2e/site/phone-budget.spec.ts) enforces.
//
// JavaScript is what a page loads until the network rests, counted as sent on the wire (the
// encoded body of every script response, so compression counts once the server compresses); a
// kB is 1,000 bytes. Hydration is the time from the start of the navigation until every island
// that hydrates at once (`client:load`, `client:only`) has hydrated, on the phone profile below.
//
// Every page listed is held to its JavaScript budget by the browser test (timing is never asserted
// in a test: it belongs to the bench).

/** The phone: Chromium at 390 px, CDP network and CPU throttling. */
export const PHONE_PROFILE = Object.freeze({
  viewport: { width: 390, height: 844 },
  /** Bits per second down and up, and the round trip added to every request. */
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  latencyMs: 150,
  /** `Emulation.setCPUThrottlingRate`: the page's main thread runs this many times slower. */
  cpuSlowdown: 4,
});

/** The budget of each kind of page: JavaScript in bytes, hydration in milliseconds. */
export const PHONE_BUDGETS = Object.freeze({
  public: { label: 'public', javascriptBytes: 50_000, hydratedWithinMs: 3_000 },
  signIn: { label: 'sign-in', javascriptBytes: 150_000, hydratedWithinMs: 3_000 },
  signedIn: { label: 'signed in', javascriptBytes: 150_000, hydratedWithinMs: 3_000 },
  newPassword: { label: 'new password', javascriptBytes: 250_000, hydratedWithinMs: 4_000 },
});

/**
 * The pages: `session` names the demo account signed in (scripts/bench/sign-in.mjs ACCOUNTS);
 * staff accounts come with their second factor passed. The public pages are the home page and
 * the main lists and an article, as the server bench's. Every console start page is here (the
 * browser test checks the list against src/pages/staff).
 */
/**
 * @typedef {object} PhonePage
 * @property {string} path
 * @property {keyof typeof PHONE_BUDGETS} kind
 * @property {keyof typeof import('./sign-in.mjs').ACCOUNTS} [session]
 */

/** @type {readonly PhonePage[]} */
export const PHONE_PAGES = Object.freeze([
  { path: '/', kind: 'public' },
  { path: '/news/list', kind: 'public' },
  { path: '/article/detail/1', kind: 'public' },
  { path: '/event/calendar', kind: 'public' },
  { path: '/search?q=OSCE', kind: 'public' },
  { path: '/login', kind: 'signIn' },
  { path: '/webUser/createAccount', kind: 'newPassword' },
  { path: '/member/center', kind: 'signedIn', session: 'member' },
  { path: '/member/registrations', kind: 'signedIn', session: 'member' },
  { path: '/member/password', kind: 'newPassword', session: 'member' },
  { path: '/webUser/center', kind: 'signedIn', session: 'webuser' },
  { path: '/organ/center', kind: 'signedIn', session: 'organ' },
  { path: '/staff', kind: 'signedIn', session: 'admin' },
  { path: '/staff/queues', kind: 'signedIn', session: 'admin' },
  { path: '/staff/people', kind: 'signedIn', session: 'admin' },
  { path: '/staff/roles', kind: 'signedIn', session: 'admin' },
  { path: '/staff/audit', kind: 'signedIn', session: 'admin' },
  { path: '/staff/reports', kind: 'signedIn', session: 'admin' },
  { path: '/staff/settings', kind: 'signedIn', session: 'admin' },
  { path: '/staff/content', kind: 'signedIn', session: 'admin' },
  { path: '/staff/money', kind: 'signedIn', session: 'finance' },
  { path: '/staff/events', kind: 'signedIn', session: 'admin' },
  // Door staff check in on their own phones (the camera's reader loads only when the camera is opened); event 7 is the demo's congress.
  { path: '/door?event=7', kind: 'signedIn', session: 'admin' },
]);

/**
 * The budget of a page of the list.
 * @param {PhonePage} page
 */
export function budgetOf(page) {
  const budget = PHONE_BUDGETS[page.kind];
  if (!budget) throw new Error(`${page.path}: no budget for the kind "${page.kind}"`);
  return budget;
}
