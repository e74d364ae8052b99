import { describe, expect, it } from 'vitest';
import { ownServerSuite, signedInOn } from './own-server';
import { ADMIN, adminWithCodes, type SocietyCheckResult as Check } from './staff-settings-helpers';

/**
 * The society file's second door (DESIGN.md §18–19): the admin reads the stored society as its
 * file, checks an edit with the command's checks and plan, and applies it with a fresh code; the
 * change is audited with the admin as actor and shows at once. On a server of its own, since it
 * changes the society every other file reads.
 */
const suite = ownServerSuite();
// Signed in once: each sign-in takes a time step of the app's codes, and renewing codes voids the last.
let signedInAdmin: ReturnType<typeof adminWithCodes> | undefined;
const theAdmin = () => (signedInAdmin ??= adminWithCodes(suite.server.url));

describe('the society settings in the console', () => {
  it('checks an edit, refuses a broken one without using the code, applies with a code and shows it at once', async () => {
    const { admin, codes } = await theAdmin();
    const stored = await admin.call<{ text: string }>('/api/amsw1101/society');
    expect(stored.code).toBe(0);
    expect(stored.data.text).toContain('graceDays: 90');
    expect(stored.data.text).toContain('臺灣臨床繼續教育醫學會');

    const same = await admin.post<Check>('/api/amsw1101/society/check', { text: stored.data.text });
    expect(same.data).toEqual({ ok: true, changes: [], setUp: true });

    const edited = stored.data.text
      .replace('graceDays: 90', 'graceDays: 120')
      .replace('zh-tw: 臺灣臨床繼續教育醫學會', 'zh-tw: 臺灣臨床繼續教育學會');
    const plan = await admin.post<Check>('/api/amsw1101/society/check', { text: edited });
    expect(plan.data.ok).toBe(true);
    expect(plan.data.changes).toEqual(
      expect.arrayContaining([
        { path: 'membership.graceDays', kind: 'set', before: 90, after: 120 },
        expect.objectContaining({ path: 'name', kind: 'set' }),
      ]),
    );

    // A broken file: every problem, in both languages; applying it changes nothing and keeps the code.
    const broken = stored.data.text.replace('graceDays: 90', 'graceDays: -5');
    const problems = await admin.post<Check>('/api/amsw1101/society/check', { text: broken });
    expect(problems.data.ok).toBe(false);
    expect(problems.data.problems!.map((p) => p.path)).toContain('membership.graceDays');
    const code = codes.pop()!;
    const refused = await admin.post<{ problems: unknown[] }>('/api/amsw1101/society/apply', { text: broken, code });
    expect(refused.code).toBe(-10);
    expect(refused.data.problems.length).toBeGreaterThan(0);
    const notYaml = await admin.post<Check>('/api/amsw1101/society/check', { text: 'name: [unclosed' });
    expect(notYaml.data.ok).toBe(false);
    const wrong = await admin.post('/api/amsw1101/society/apply', { text: edited, code: '000000' });
    expect(wrong.code).toBe(-10);

    // Before: the home page (cached) shows the old name.
    expect(await (await fetch(`${suite.server.url}/`)).text()).not.toContain('臺灣臨床繼續教育學會');
    const applied = await admin.post<{ changes: { path: string }[] }>('/api/amsw1101/society/apply', {
      text: edited,
      code,
    });
    expect(applied.code).toBe(0);
    expect(applied.data.changes.map((c) => c.path).sort()).toEqual(['membership.graceDays', 'name']);
    const home = await (await fetch(`${suite.server.url}/`)).text();
    expect(home).toContain('臺灣臨床繼續教育學會');
    // The export shows the edit; the same text again changes nothing.
    expect((await admin.call<{ text: string }>('/api/amsw1101/society')).data.text).toContain('graceDays: 120');
    const again = await admin.post<{ changes: unknown[] }>('/api/amsw1101/society/apply', {
      text: edited,
      code: codes.pop()!,
    });
    expect(again.data.changes).toEqual([]);

    const log = await admin.call<{ rows: { action: string; actorEmail: string | null; after: unknown }[] }>(
      '/api/amsw1101/audit?action=society',
    );
    const rows = log.data.rows;
    const grace = rows.find((r) => r.action === 'society.set' && JSON.stringify(r.after) === '{"value":120}');
    expect(grace?.actorEmail).toBe('admin@example.org');

    const page = await admin.page('/en-us/staff/settings/file');
    expect(page.status).toBe(200);
    expect(page.html).toContain('graceDays: 120');
  });

  it('is for admins with their second factor only', async () => {
    const base = suite.server.url;
    const finance = await signedInOn(base, 'finance@example.org', 'Finance2026demo');
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const waiting = await signedInOn(base, ...ADMIN, 'individual', { secondFactor: false });
    const calls: [string, unknown?][] = [
      ['/api/amsw1101/society'],
      ['/api/amsw1101/society/check', { text: 'name: x' }],
      ['/api/amsw1101/society/apply', { text: 'name: x', code: '123456' }],
      ['/api/amsw1101/mail'],
      ['/api/amsw1101/mail', { held: true, code: '123456' }],
    ];
    for (const [path, body] of calls) {
      const init: RequestInit =
        body === undefined
          ? {}
          : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      const anonymous = await fetch(base + path, { ...init, headers: { ...(init.headers ?? {}), Origin: base } });
      expect(((await anonymous.json()) as { code: number }).code, path).toBe(-9);
      for (const who of [finance, member]) expect((await who.call(path, init)).code, path).toBe(-11);
      expect((await waiting.call<{ secondFactor: string }>(path, init)).data.secondFactor, path).toBe('required');
    }
    expect((await finance.page('/staff/settings/file')).status).toBe(403);
    expect((await member.page('/staff/settings/file')).status).toBe(403);
    expect((await finance.page('/staff/settings/mail')).status).toBe(403);
  });

  it('holds and releases the mail with a fresh code, in both languages, audited', async () => {
    const { admin, codes } = await theAdmin();
    const sending = await admin.call<{ heldAt: string | null; waiting: number }>('/api/amsw1101/mail');
    expect(sending.data.heldAt).toBeNull();
    expect((await admin.page('/en-us/staff/settings')).html).toContain('href="/en-us/staff/settings/mail"');
    expect((await admin.page('/en-us/staff/settings/mail')).html).toContain('Mail is being sent.');

    const wrong = await admin.post('/api/amsw1101/mail', { held: true, code: '000000' });
    expect(wrong.code).toBe(-10);
    expect((await admin.call<{ heldAt: string | null }>('/api/amsw1101/mail')).data.heldAt).toBeNull();
    const held = await admin.post<{ heldAt: string | null; heldBy: { kind: string; name: string } }>(
      '/api/amsw1101/mail',
      { held: true, code: codes.pop() },
    );
    expect(held.code).toBe(0);
    expect(held.data.heldAt).not.toBeNull();
    expect(held.data.heldBy).toEqual({ kind: 'staff', name: ADMIN[0] });
    const en = await admin.page('/en-us/staff/settings/mail');
    expect(en.html).toContain('nothing is sent until it is released');
    expect(en.html).toContain(`${ADMIN[0]} on the console`);
    expect((await admin.page('/staff/settings/mail')).html).toContain('放行前不會寄出任何郵件');

    const released = await admin.post<{ heldAt: string | null }>('/api/amsw1101/mail', {
      held: false,
      code: codes.pop(),
    });
    expect(released.data.heldAt).toBeNull();
    const audit = await admin.call<{ rows: { action: string }[] }>('/api/amsw1101/audit?action=mail');
    expect(audit.data.rows.map((r) => r.action)).toEqual(['mail.release', 'mail.hold']);
  });
});
