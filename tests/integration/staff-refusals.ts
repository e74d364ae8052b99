import { expect } from 'vitest';
import type { Role } from '../../src/lib/roles';
import { signUpOrganisation } from './helpers';
import { signedInOn } from './own-server';

/** A staff endpoint: its path (with its query), method, and a POST's body (JSON, or a form made afresh per call). */
export type StaffEndpoint = readonly [
  path: string,
  method: 'GET' | 'POST',
  body?: Record<string, unknown> | (() => FormData),
];

type Account = readonly [email: string, password: string];

/** The demo's admin (who holds every staff role), and its staff of one role each. */
const ADMIN: Account = ['admin@example.org', 'Admin2026demo'];
const DEMO_STAFF: readonly { account: Account; role: Role }[] = [
  { account: ['finance@example.org', 'Finance2026demo'], role: 'finance' },
  { account: ['editor@example.org', 'Editor2026demo'], role: 'editorInChief' },
];

function requestOf(method: 'GET' | 'POST', body: StaffEndpoint[2]): RequestInit {
  if (method === 'GET') return {};
  if (typeof body === 'function') return { method, body: body() };
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) };
}

/**
 * The authorisation section of a staff desk's tests, on the server at `base`, for a desk of
 * `role`: every endpoint answers a visitor -9, and an organisation, a member and the demo's staff
 * without `role` -11; the admin (who holds it) before the second factor -11 saying the factor is
 * required. Every page sends a visitor to sign in, answers the member and the other staff 403,
 * sends the admin before the factor to give it, and opens for the admin once it is given; the
 * admin reads each of `opens` (API paths) with code 0.
 */
export async function expectStaffRefusals({
  base,
  role,
  endpoints,
  pages,
  opens = [],
}: {
  base: string;
  role: Role;
  endpoints: readonly StaffEndpoint[];
  pages: readonly string[];
  opens?: readonly string[];
}): Promise<void> {
  const others = DEMO_STAFF.filter((staff) => staff.role !== role).map((staff) => staff.account);
  const organ = await signUpOrganisation(base);
  const organSession = await signedInOn(base, organ.email, organ.password, 'organ');
  const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
  const otherStaff = await Promise.all(others.map((account) => signedInOn(base, ...account)));
  const waiting = await signedInOn(base, ...ADMIN, 'individual', { secondFactor: false });
  const desk = await signedInOn(base, ...ADMIN);
  for (const [path, method, body] of endpoints) {
    const anonymous = requestOf(method, body);
    const visitor = await fetch(base + path, {
      ...anonymous,
      headers: { ...(anonymous.headers as Record<string, string> | undefined), Origin: base },
    });
    expect(((await visitor.json()) as { code: number }).code, `${path} visitor`).toBe(-9);
    for (const who of [organSession, member, ...otherStaff])
      expect((await who.call(path, requestOf(method, body))).code, path).toBe(-11);
    const early = await waiting.call<{ secondFactor?: string }>(path, requestOf(method, body));
    expect(early.code, `${path} before the factor`).toBe(-11);
    expect(early.data.secondFactor, `${path} before the factor`).toBe('required');
  }
  for (const path of opens) expect((await desk.call(path)).code, path).toBe(0);
  for (const path of pages) {
    expect((await fetch(base + path, { redirect: 'manual' })).status, `${path} visitor`).toBe(302);
    for (const who of [member, ...otherStaff]) expect((await who.page(path)).status, path).toBe(403);
    expect((await waiting.page(path)).location, `${path} before the factor`).toContain('/staff/verify?redirect=');
    expect((await desk.page(path)).status, path).toBe(200);
  }
}
