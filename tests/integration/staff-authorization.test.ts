import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROLES, reportRoles } from '../../src/lib/reports/sections';
import { isStaffRole, type Role, STAFF_ROLES, type StaffRole } from '../../src/lib/roles';
import { EVENT_DESK_ROLES, QUEUE_ROLES } from '../../src/lib/staff-sections';
import { SECOND_FACTOR_PAGE, staffPages } from '../setup/staff-pages';
import { DEMO_SECOND_FACTOR_SECRET, authenticator } from '../setup/staff-sessions';
import { type Envelope, signUpIndividual } from './helpers';
import { ownServerSuite, signedInOn } from './own-server';

/**
 * Who may use the staff console (DESIGN.md §19), over every staff operation the API describes and
 * every page under /staff, so a new one cannot be left open: a visitor, an organisation, a member,
 * a web user, a reviewer, a holder of each single staff role outside the operation's roles, a
 * holder of its roles whose session has not given the second factor, the admin's session while it
 * views a member's pages, and the session of an account closed since it signed in are all refused;
 * a holder of its roles past the second factor reaches it. On a server of its own: the admin grants
 * one role to each of six new accounts, which set up their own authenticators.
 */
const suite = ownServerSuite();

type Session = Awaited<ReturnType<typeof signedInOn>>;

/** Each staff role held alone, second factor given, and the same account signed in again without it. */
const holders = {} as Record<StaffRole, { done: Session; waiting: Session }>;

/**
 * The account states beside the roles: a web user (signed up, no membership), the admin (every
 * staff role, second factor given) while viewing that web user's pages, and a web user whose
 * account the office closed after it signed in.
 */
const states = {} as Record<'webUser' | 'viewing' | 'closed', Session>;

beforeAll(async () => {
  const base = suite.server.url;
  const adminApp = authenticator(DEMO_SECOND_FACTOR_SECRET);
  const admin = await signedInOn(base, 'admin@example.org', 'Admin2026demo', 'individual', { secondFactor: false });
  expect((await admin.post('/api/amsw1101/secondFactor/verify', { code: await adminApp() })).code).toBe(0);
  // One code buys ten recovery codes, one per grant, so six grants need no wait for new time steps.
  const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
    code: await adminApp(),
  });
  const codes = [...renewed.data.recoveryCodes];
  for (const role of STAFF_ROLES) {
    const person = await signUpIndividual({}, base);
    const granted = await admin.post('/api/amsw1101/roles', { email: person.email, role, code: codes.pop() });
    expect(granted.code, role).toBe(0);
    const done = await signedInOn(base, person.email, person.password);
    const started = await done.post<{ secret: string }>('/api/amsw1101/secondFactor/enrol', {});
    const confirmed = await done.post('/api/amsw1101/secondFactor/confirm', {
      code: await authenticator(started.data.secret)(),
    });
    expect(confirmed.code, role).toBe(0);
    holders[role] = { done, waiting: await signedInOn(base, person.email, person.password) };
  }
  const webUser = await signUpIndividual({}, base);
  states.webUser = await signedInOn(base, webUser.email, webUser.password);
  // A session of the admin's own, its factor given with the authenticator above (a step not used yet).
  states.viewing = await signedInOn(base, 'admin@example.org', 'Admin2026demo', 'individual', { secondFactor: false });
  expect((await states.viewing.post('/api/amsw1101/secondFactor/verify', { code: await adminApp() })).code).toBe(0);
  expect((await states.viewing.post('/api/amsw1101/people/view', { accountId: webUser.accountId })).code).toBe(0);
  expect((await states.viewing.call<{ email: string }>('/api/amsw0101')).data.email).toBe(webUser.email);
  const leaving = await signUpIndividual({}, base);
  states.closed = await signedInOn(base, leaving.email, leaving.password);
  const closed = await holders.office.done.post('/api/amsw1101/people/close', {
    accountId: leaving.accountId,
    close: true,
    reason: 'Asked to leave by letter',
  });
  expect(closed.code).toBe(0);
}, 120_000);

interface Operation {
  method: string;
  path: string;
  roles: Role[] | undefined;
}

/** Every operation under the staff family, with the roles the API description names. */
async function staffOperations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${suite.server.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-roles'?: Role[] }>>;
  };
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/amsw1101/'))
    .flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path: p, roles: op['x-roles'] })),
    );
}

/** The operations any holder of a staff role uses before and about the second factor itself. */
const ANY_STAFF = /^\/api\/amsw1101\/(secondFactor(\/.*)?|people\/view\/end)$/;

describe('every staff operation', () => {
  it('names its roles, and refuses everyone else, and its own roles before the second factor', async () => {
    const base = suite.server.url;
    const organ = await signedInOn(base, 'organ@example.org', 'Organ2026demo', 'organ');
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const reviewer = await signedInOn(base, 'reviewer@example.org', 'Reviewer2026demo');
    const operations = await staffOperations();
    expect(operations.length).toBeGreaterThan(60);
    /** The operation's answer to an empty request; a file (an export) that answers counts as code 0. */
    const send = async (auth: Record<string, string>, op: Operation): Promise<Envelope> => {
      const url = base + op.path.replace(/\{[^}]+\}/g, '1');
      const init: RequestInit =
        op.method === 'GET'
          ? { headers: { ...auth, Accept: 'application/json' } }
          : { method: op.method, headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' };
      const res = await fetch(url, init);
      if (res.ok && !res.headers.get('content-type')?.startsWith('application/json')) {
        await res.arrayBuffer();
        return { code: 0, data: null, message: '' };
      }
      return (await res.json()) as Envelope;
    };
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      if (!op.roles) {
        expect(op.path, `${name} has no roles`).toMatch(ANY_STAFF);
        continue;
      }
      expect((await send({}, op)).code, `${name} visitor`).toBe(-9);
      for (const [who, session] of [
        ['organisation', organ],
        ['member', member],
        ['web user', states.webUser],
        ['reviewer', reviewer],
        ['admin viewing a member', states.viewing],
      ] as const)
        expect((await send(session.auth, op)).code, `${name} ${who}`).toBe(-11);
      expect((await send(states.closed.auth, op)).code, `${name} closed account`).toBe(-8);
      // Its own roles pass: what answers is the operation itself (here, about the empty request).
      const holder = holders[op.roles.find((role): role is StaffRole => isStaffRole(role))!];
      expect([-8, -9, -11], `${name} ${op.roles.join('/')}`).not.toContain((await send(holder.done.auth, op)).code);
      for (const role of STAFF_ROLES) {
        if (op.roles.includes(role)) {
          const early = await send(holders[role].waiting.auth, op);
          expect(early, `${name} ${role} before the factor`).toMatchObject({
            code: -11,
            data: { secondFactor: 'required' },
          });
        } else {
          const refused = await send(holders[role].done.auth, op);
          expect(refused, `${name} ${role}`).toMatchObject({ code: -11, data: null });
        }
      }
    }
  });
});

/** The roles each page under /staff names (the verification page itself is every staff member's way in). */
const PAGE_ROLES: Record<string, readonly Role[]> = {
  '/staff': STAFF_ROLES,
  '/staff/audit': ['admin'],
  '/staff/roles': ['admin'],
  '/staff/settings': ['admin'],
  '/staff/settings/[section]': ['admin'],
  '/staff/settings/file': ['admin'],
  '/staff/settings/mail': ['admin'],
  '/staff/queues': QUEUE_ROLES,
  '/staff/reports': REPORT_ROLES,
  '/staff/reports/members': reportRoles('members'),
  '/staff/reports/finance': reportRoles('finance'),
  '/staff/reports/compliance': reportRoles('compliance'),
  '/staff/reports/courses': reportRoles('courses'),
  '/staff/people': ['office'],
  '/staff/people/[accountId]': ['office'],
  '/staff/people/import': ['office'],
  '/staff/money': ['finance'],
  '/staff/money/statement': ['finance'],
  '/staff/money/surplus': ['finance'],
  '/staff/events': EVENT_DESK_ROLES,
  '/staff/events/[eventId]': EVENT_DESK_ROLES,
  '/staff/events/[eventId]/report': EVENT_DESK_ROLES,
  '/staff/events/[eventId]/setup': EVENT_DESK_ROLES,
  '/staff/content': ['editor'],
  '/staff/content/articles': ['editor'],
  '/staff/content/articles/[articleId]': ['editor'],
  '/staff/content/categories': ['editor'],
  '/staff/content/categories/[categoryId]': ['editor'],
  '/staff/content/events': ['editor'],
  '/staff/content/events/[eventId]': ['editor'],
  '/staff/content/files': ['editor'],
  '/staff/content/home': ['editor'],
  '/staff/content/home/[blockId]': ['editor'],
  '/staff/content/journals': ['editor'],
  '/staff/content/journals/[journalListId]': ['editor'],
  '/staff/content/journals/issues/[journalNumberId]': ['editor'],
  '/staff/content/pages': ['editor'],
  '/staff/content/pages/[pageId]': ['editor'],
  '/staff/content/webInfo': ['editor'],
};

/** A value of a page's parameter that names something (ids are numbers: 1). */
const SAMPLE_PARAMS: Record<string, string> = { section: 'membership' };

describe('every staff page', () => {
  it('is listed here with its roles', () => {
    expect(staffPages().filter((p) => p !== SECOND_FACTOR_PAGE)).toEqual(Object.keys(PAGE_ROLES).sort());
  });

  it('sends visitors to sign in, refuses everyone else with 403, and its own roles to the second factor', async () => {
    const base = suite.server.url;
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const organ = await signedInOn(base, 'organ@example.org', 'Organ2026demo', 'organ');
    for (const [page, roles] of Object.entries(PAGE_ROLES)) {
      for (const locale of ['', '/en-us']) {
        const address = `${locale}${page.replace(/\[([^\]]+)\]/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1')}`;
        const anonymous = await fetch(base + address, { redirect: 'manual' });
        expect(anonymous.status, `${address} visitor`).toBe(302);
        expect(anonymous.headers.get('location'), `${address} visitor`).toContain('/login?redirect=');
        expect((await member.page(address)).status, `${address} member`).toBe(403);
        expect((await states.webUser.page(address)).status, `${address} web user`).toBe(403);
        expect((await states.viewing.page(address)).status, `${address} admin viewing a member`).toBe(403);
        const closed = await states.closed.page(address);
        expect([closed.status, closed.location], `${address} closed account`).toEqual([
          302,
          expect.stringContaining('/login?redirect='),
        ]);
        expect((await organ.page(address)).status, `${address} organisation`).not.toBe(200);
        const holder = holders[roles.find((role): role is StaffRole => isStaffRole(role))!];
        expect((await holder.done.page(address)).status, `${address} ${roles.join('/')}`).not.toBe(403);
        for (const role of STAFF_ROLES) {
          if (roles.includes(role)) {
            const early = await holders[role].waiting.page(address);
            expect(early.status, `${address} ${role} before the factor`).toBe(302);
            expect(early.location, `${address} ${role} before the factor`).toContain('/staff/verify');
          } else {
            expect((await holders[role].done.page(address)).status, `${address} ${role}`).toBe(403);
          }
        }
      }
    }
  });
});
