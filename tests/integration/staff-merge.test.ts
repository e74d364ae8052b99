import { describe, expect, it } from 'vitest';
import { api, baseUrl, json, signUpIndividual, solvedCaptcha } from './helpers';
import { bearer, joinStudent } from './membership-helpers';
import { signedInOn } from './own-server';

/**
 * Two accounts of one person made one by the office (services/staff/merge-accounts.ts): the plan
 * says what moves and what stands in the way, the merge moves the records in one go, closes the
 * other account pointing at the one that stays, and is audited; a conflict changes nothing.
 */
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const office = () => signedInOn(baseUrl(), ...ADMIN);

interface Hit {
  id: number;
  email: string;
}
interface Plan {
  keep: { id: number; email: string };
  drop: { id: number; email: string };
  moves: Record<string, number>;
  conflicts: string[];
}
interface Story {
  account: { closedAt: string | null; mergedInto: number | null };
  applications: { total: number };
  orders: { total: number; rows: { number: string }[] };
  audit: { rows: { action: string; detail: Record<string, unknown> | null }[] };
}

type Office = Awaited<ReturnType<typeof office>>;
async function idOf(staff: Office, email: string) {
  const found = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${encodeURIComponent(email)}`);
  return found.data.rows.find((r) => r.email === email)!.id;
}
const storyOf = async (staff: Office, id: number) =>
  (await staff.call<Story>(`/api/amsw1101/people/story?accountId=${id}`)).data;

async function signInCode(email: string, password: string) {
  const { captchaId, captchaAnswer } = await solvedCaptcha();
  const res = await api('/api/amsw0101/login', {
    method: 'POST',
    ...json({ account: email, password, remember: false, tokenInResponse: true, captchaId, captchaAnswer }),
  });
  return res.body.code;
}

describe('merging two accounts of one person', () => {
  it('moves the records, closes the other account pointing here, and audits both', async () => {
    const staff = await office();
    const keep = await signUpIndividual({ nameZh: '賴思妤', nameEn: 'Lai Szu-Yu' });
    const drop = await signUpIndividual({ nameZh: '賴思妤', nameEn: 'Lai Szu-Yu' });
    const joined = await joinStudent(await bearer(drop.email, drop.password));
    const [keepId, dropId] = [await idOf(staff, keep.email), await idOf(staff, drop.email)];

    const plan = await staff.call<Plan>(`/api/amsw1101/people/merge?keepId=${keepId}&dropId=${dropId}`);
    expect(plan.code).toBe(0);
    expect(plan.data).toMatchObject({ keep: { email: keep.email }, drop: { email: drop.email }, conflicts: [] });
    expect(plan.data.moves).toMatchObject({ applications: 1, orders: 1, memberships: 0 });

    const merged = await staff.post<{ moved: Record<string, number> }>('/api/amsw1101/people/merge', {
      keepId,
      dropId,
      reason: 'Signed up twice',
    });
    expect(merged.code).toBe(0);
    expect(merged.data.moved).toMatchObject({ applications: 1, orders: 1 });

    const kept = await storyOf(staff, keepId);
    expect(kept.applications.total).toBe(1);
    expect(kept.orders.rows.map((o) => o.number)).toContain(joined.order!.number);
    expect(kept.audit.rows).toContainEqual(
      expect.objectContaining({
        action: 'person.merged',
        detail: expect.objectContaining({ reason: 'Signed up twice', fromEmail: drop.email }),
      }),
    );
    const gone = await storyOf(staff, dropId);
    expect(gone.account.closedAt).not.toBeNull();
    expect(gone.account.mergedInto).toBe(keepId);
    expect(gone.applications.total).toBe(0);
    expect(gone.audit.rows.map((r) => r.action)).toContain('person.mergedAway');

    // The person signs in with the account that stayed, and finds the application there.
    expect(await signInCode(drop.email, drop.password)).not.toBe(0);
    const own = await api<{ applicationId: number }>(
      `/api/amsw0401/application?applicationId=${joined.applicationId}`,
      {
        headers: await bearer(keep.email, keep.password),
      },
    );
    expect(own.body).toMatchObject({ code: 0, data: { applicationId: joined.applicationId } });

    // A merged account is not reopened: it holds nothing any more.
    const reopen = await staff.post('/api/amsw1101/people/close', { accountId: dropId, close: false, reason: 'Undo' });
    expect(reopen.code).toBe(-10);
    // Nor merged again.
    expect((await staff.post('/api/amsw1101/people/merge', { keepId, dropId, reason: 'Again' })).code).toBe(-10);
  });

  it('refuses a merge that would lose or double something, and changes nothing', async () => {
    const staff = await office();
    const keep = await signUpIndividual();
    const drop = await signUpIndividual();
    await joinStudent(await bearer(keep.email, keep.password));
    await joinStudent(await bearer(drop.email, drop.password));
    const [keepId, dropId] = [await idOf(staff, keep.email), await idOf(staff, drop.email)];

    const plan = await staff.call<Plan>(`/api/amsw1101/people/merge?keepId=${keepId}&dropId=${dropId}`);
    expect(plan.data.conflicts).toEqual(['mergeApplications']);
    const refused = await staff.call<{ conflicts: string[] }>('/api/amsw1101/people/merge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Lang: 'en-us' },
      body: JSON.stringify({ keepId, dropId, reason: 'Signed up twice' }),
    });
    expect(refused).toMatchObject({ code: -10, data: { conflicts: ['mergeApplications'] } });
    expect(refused.message).toMatch(/open membership application/);
    expect((await storyOf(staff, dropId)).account.closedAt).toBeNull();
    expect((await storyOf(staff, dropId)).applications.total).toBe(1);
    expect((await storyOf(staff, keepId)).applications.total).toBe(1);

    // An account holding roles goes only once they are revoked.
    const reviewerId = await idOf(staff, 'reviewer@example.org');
    const roles = await staff.call<Plan>(`/api/amsw1101/people/merge?keepId=${keepId}&dropId=${reviewerId}`);
    expect(roles.data.conflicts).toContain('mergeRoles');
  });

  it('refuses the same account twice, one’s own, unknown ones, bad input, and anyone but the office', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    const id = await idOf(staff, person.email);
    const adminId = await idOf(staff, ADMIN[0]);
    expect((await staff.post('/api/amsw1101/people/merge', { keepId: id, dropId: id, reason: 'x' })).code).toBe(-10);
    expect((await staff.post('/api/amsw1101/people/merge', { keepId: id, dropId: adminId, reason: 'x' })).code).toBe(
      -10,
    );
    // Nor into one's own: a worker would take a member's records.
    expect((await staff.post('/api/amsw1101/people/merge', { keepId: adminId, dropId: id, reason: 'x' })).code).toBe(
      -10,
    );
    expect((await staff.call(`/api/amsw1101/people/merge?keepId=${adminId}&dropId=${id}`)).code).toBe(-10);
    expect((await staff.call(`/api/amsw1101/people/merge?keepId=${id}&dropId=2000000000`)).code).toBe(-6);
    expect(
      (await staff.post('/api/amsw1101/people/merge', { keepId: id, dropId: 2_000_000_000, reason: 'x' })).code,
    ).toBe(-6);
    expect((await staff.post('/api/amsw1101/people/merge', { keepId: id, dropId: adminId })).code).toBe(-2);
    expect((await staff.post('/api/amsw1101/people/merge', { keepId: id, dropId: adminId, reason: ' ' })).code).toBe(
      -10,
    );
    expect((await staff.call(`/api/amsw1101/people/merge?keepId=${id}`)).code).toBe(-2);

    const member = await signedInOn(baseUrl(), 'member@example.org', 'Member2026demo');
    const finance = await signedInOn(baseUrl(), 'finance@example.org', 'Finance2026demo');
    const waiting = await signedInOn(baseUrl(), ...ADMIN, 'individual', { secondFactor: false });
    for (const who of [member, finance, waiting]) {
      expect((await who.call(`/api/amsw1101/people/merge?keepId=${id}&dropId=${adminId}`)).code).toBe(-11);
      expect((await who.post('/api/amsw1101/people/merge', { keepId: id, dropId: adminId, reason: 'x' })).code).toBe(
        -11,
      );
    }
    const visitor = await api(`/api/amsw1101/people/merge?keepId=${id}&dropId=${adminId}`);
    expect(visitor.body.code).toBe(-9);
    expect((await storyOf(staff, id)).account.closedAt).toBeNull();
  });
});
