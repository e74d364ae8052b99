import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROLES, reportRoles } from '../../src/lib/reports/sections';
import { type Role, STAFF_ROLES, type StaffRole } from '../../src/lib/roles';
import { QUEUE_ROLES } from '../../src/lib/staff-sections';
import { DEMO_SECOND_FACTOR_SECRET, authenticator } from '../setup/staff-sessions';
import { type Envelope, signUpIndividual } from './helpers';
import { ownServerSuite, signedInOn } from './own-server';

/**
 * Who may use the staff console (DESIGN.md §19), over every staff operation the API describes and
 * every page under /staff, so a new one cannot be left open: a visitor, an organisation, a member,
 * a reviewer, a holder of each single staff role outside the operation's roles, and a holder of
 * its roles whose session has not given the second factor are all refused. On a server of its own:
 * the admin grants one role to each of six new accounts, which set up their own authenticators.
 */
const suite = ownServerSuite();

type Session = Awaited<ReturnType<typeof signedInOn>>;

/** Each staff role held alone, second factor given, and the same account signed in again without it. */
const holders = {} as Record<StaffRole, { done: Session; waiting: Session }>;

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
    const send = async (auth: Record<string, string>, op: Operation): Promise<Envelope> => {
      const url = base + op.path.replace(/\{[^}]+\}/g, '1');
      const init: RequestInit =
        op.method === 'GET'
          ? { headers: { ...auth, Accept: 'application/json' } }
          : { method: op.method, headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' };
      return (await (await fetch(url, init)).json()) as Envelope;
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
        ['reviewer', reviewer],
      ] as const)
        expect((await send(session.auth, op)).code, `${name} ${who}`).toBe(-11);
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

/** The pages under src/pages/staff as addresses (`index` is its folder). */
function staffPages(): string[] {
  const root = path.join(import.meta.dirname, '../../src/pages/staff');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.astro'))
    .map((f) => `/staff/${f.replace(/\\/g, '/').replace(/\.astro$/, '')}`.replace(/\/index$/, ''))
    .filter((p) => p !== '/staff/verify');
}

describe('every staff page', () => {
  it('is listed here with its roles', () => {
    expect(staffPages().sort()).toEqual(Object.keys(PAGE_ROLES).sort());
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
        expect((await organ.page(address)).status, `${address} organisation`).not.toBe(200);
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
