import { describe, expect, it } from 'vitest';
import { signUpOrganisation } from './helpers';
import { ownServerSuite, signedInOn } from './own-server';
import { ADMIN, adminWithCodes, type SocietyCheckResult as Check } from './staff-settings-helpers';

/**
 * The society's settings edited by section in the console's forms (DESIGN.md §18–19): a section
 * goes into the stored society and takes the same checks, plan, code and audit as the file's
 * text, so the export shows the edit and the public pages show it at once. On a server of its
 * own, since it changes the society every other file reads.
 */
const suite = ownServerSuite();

interface Membership {
  graceDays: number;
  [key: string]: unknown;
}
interface MemberClass {
  code: string;
  duesPerTerm: number;
  changeTo: string[];
  [key: string]: unknown;
}
type Brand = { description: unknown; color: string; logo: string | null; favicon: string | null; remittance: unknown };

describe('the society settings by section', () => {
  it('reads a section, applies an edit that the export and the public pages show, and refuses bad values and codes', async () => {
    const base = suite.server.url;
    const { admin, codes } = await adminWithCodes(base);
    const section = async <T>(name: string) => {
      const read = await admin.call<{ value: T }>(`/api/amsw1101/society/section?name=${name}`);
      expect(read.code, name).toBe(0);
      return read.data.value;
    };
    const membership = await section<Membership>('membership');
    expect(membership.graceDays).toBe(90);
    const brand = await section<Brand>('brand');
    expect(Object.keys(brand).sort()).toEqual(['color', 'description', 'favicon', 'logo', 'remittance']);
    expect(brand.logo).toMatch(/\.(svg|png)$/);
    expect((await admin.call('/api/amsw1101/society/section?name=name')).code).toBe(-10);

    // The same value changes nothing; an edit is planned as the file's would be.
    const same = await admin.post<Check>('/api/amsw1101/society/section/check', {
      name: 'membership',
      value: membership,
    });
    expect(same.data).toEqual({ ok: true, changes: [], setUp: true });
    const longerGrace = { ...membership, graceDays: 120 };
    const plan = await admin.post<Check>('/api/amsw1101/society/section/check', {
      name: 'membership',
      value: longerGrace,
    });
    expect(plan.data).toEqual({
      ok: true,
      changes: [{ path: 'membership.graceDays', kind: 'set', before: 90, after: 120 }],
      setUp: true,
    });
    const grace = await admin.post<{ changes: { path: string }[] }>('/api/amsw1101/society/section/apply', {
      name: 'membership',
      value: longerGrace,
      code: codes.pop()!,
    });
    expect(grace.code).toBe(0);
    expect(grace.data.changes.map((c) => c.path)).toEqual(['membership.graceDays']);

    // A class's yearly dues: the public list of classes shows the old amount, then the new one.
    expect(await (await fetch(`${base}/en-us/signinTerm`)).text()).toContain('NT$1,500');
    const classes = await section<MemberClass[]>('classes');
    const regular = classes.findIndex((c) => c.code === 'regular');
    const dearer = classes.map((c, i) => (i === regular ? { ...c, duesPerTerm: 1700 } : c));
    // Checked after the grace days changed: the section goes into the society as it is now, so
    // the earlier edit stays and only the dues are planned.
    const duesPlan = await admin.post<Check>('/api/amsw1101/society/section/check', { name: 'classes', value: dearer });
    expect(duesPlan.data.changes).toEqual([
      { path: 'classes.regular.duesPerTerm', kind: 'set', before: 1500, after: 1700 },
    ]);
    const dues = await admin.post<{ changes: { path: string }[] }>('/api/amsw1101/society/section/apply', {
      name: 'classes',
      value: dearer,
      code: codes.pop()!,
    });
    expect(dues.data.changes.map((c) => c.path)).toEqual(['classes.regular.duesPerTerm']);
    const text = (await admin.call<{ text: string }>('/api/amsw1101/society')).data.text;
    expect(text).toContain('graceDays: 120');
    expect(text).toContain('duesPerTerm: 1700');
    const joinPage = await (await fetch(`${base}/en-us/signinTerm`)).text();
    expect(joinPage).toContain('NT$1,700');
    expect(joinPage).not.toContain('NT$1,500');
    expect(await (await fetch(`${base}/signinTerm`)).text()).toContain('新臺幣 1,700 元');

    // Bad values: every problem with its path in the whole file, and nothing changes.
    const pale = await admin.post<Check>('/api/amsw1101/society/section/check', {
      name: 'brand',
      value: { ...brand, color: '#FFE066' },
    });
    expect(pale.data.ok).toBe(false);
    expect(pale.data.problems!.map((p) => p.path)).toEqual(['color']);
    expect(pale.data.problems![0]!.en).toContain('contrast');
    expect(pale.data.problems![0]!.zh).toContain('對比');
    const nowhere = classes.map((c, i) => (i === 0 ? { ...c, changeTo: ['nowhere'] } : c));
    const unknownClass = await admin.post<Check>('/api/amsw1101/society/section/check', {
      name: 'classes',
      value: nowhere,
    });
    expect(unknownClass.data.problems!.map((p) => p.path)).toEqual(['classes[0].changeTo[0]']);
    const stranger = await admin.post<Check>('/api/amsw1101/society/section/check', {
      name: 'brand',
      value: { ...brand, name: { 'zh-tw': '別', 'en-us': 'Other' } },
    });
    expect(stranger.data.problems!.map((p) => p.path)).toEqual(['name']);
    const code = codes.pop()!;
    const refused = await admin.post<{ problems: { path: string }[] }>('/api/amsw1101/society/section/apply', {
      name: 'classes',
      value: nowhere,
      code,
    });
    expect(refused.code).toBe(-10);
    expect(refused.data.problems.map((p) => p.path)).toEqual(['classes[0].changeTo[0]']);
    const wrongCode = await admin.post('/api/amsw1101/society/section/apply', {
      name: 'brand',
      value: { ...brand, color: '#1F3A5F' },
      code: '000000',
    });
    expect(wrongCode.code).toBe(-10);
    expect(await section<Brand>('brand')).toEqual(brand);
    expect((await section<MemberClass[]>('classes'))[0]!.changeTo).toEqual(classes[0]!.changeTo);
    expect((await admin.call<{ text: string }>('/api/amsw1101/society')).data.text).toBe(text);

    // The refused apply left its code unused: it applies a good brand colour.
    const darker = await admin.post<{ changes: { path: string; after: unknown }[] }>(
      '/api/amsw1101/society/section/apply',
      { name: 'brand', value: { ...brand, color: '#1F3A5F' }, code },
    );
    expect(darker.code).toBe(0);
    expect(darker.data.changes).toEqual([expect.objectContaining({ path: 'color', after: '#1F3A5F' })]);
    // The pictures were kept by their stored names.
    expect(await section<Brand>('brand')).toMatchObject({ logo: brand.logo, favicon: brand.favicon });

    const log = await admin.call<{ rows: { action: string; actorEmail: string | null; targetId: string | null }[] }>(
      '/api/amsw1101/audit?action=society',
    );
    expect(log.code).toBe(0);
    const edits = ['membership.graceDays', 'classes.regular.duesPerTerm', 'color'];
    const audited = log.data.rows.filter((r) => r.action === 'society.set' && edits.includes(r.targetId ?? ''));
    expect(audited.map((r) => [r.targetId, r.actorEmail]).sort()).toEqual(edits.map((e) => [e, ADMIN[0]]).sort());

    // The section pages show the stored values.
    const page = await admin.page('/en-us/staff/settings/membership');
    expect(page.status).toBe(200);
    expect(page.html).toContain('120');
    // The classes' section in Chinese (the browser test changes a class's dues in English).
    const classesPage = await admin.page('/staff/settings/classes');
    expect(classesPage.status).toBe(200);
    for (const text of ['類別 2：associate', '常年會費（新臺幣／期）', '檢查'])
      expect(classesPage.html).toContain(text);
  });

  it('is for admins with their second factor only', async () => {
    const base = suite.server.url;
    const organ = await signUpOrganisation(base);
    const organSession = await signedInOn(base, organ.email, organ.password, 'organ');
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const finance = await signedInOn(base, 'finance@example.org', 'Finance2026demo');
    const editor = await signedInOn(base, 'editor@example.org', 'Editor2026demo');
    const waiting = await signedInOn(base, ...ADMIN, 'individual', { secondFactor: false });
    const calls: [string, unknown?][] = [
      ['/api/amsw1101/society/section?name=membership'],
      ['/api/amsw1101/society/section/check', { name: 'membership', value: { graceDays: 1 } }],
      ['/api/amsw1101/society/section/apply', { name: 'membership', value: { graceDays: 1 }, code: '123456' }],
    ];
    for (const [path, body] of calls) {
      const init: RequestInit =
        body === undefined
          ? {}
          : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      const anonymous = await fetch(base + path, { ...init, headers: { ...(init.headers ?? {}), Origin: base } });
      expect(((await anonymous.json()) as { code: number }).code, path).toBe(-9);
      for (const who of [organSession, member, finance, editor])
        expect((await who.call(path, init)).code, path).toBe(-11);
      const before = await waiting.call<{ secondFactor?: string }>(path, init);
      expect(before.code, path).toBe(-11);
      expect(before.data.secondFactor, path).toBe('required');
    }
    for (const path of ['/staff/settings', '/en-us/staff/settings/classes', '/staff/settings/brand']) {
      expect((await fetch(base + path, { redirect: 'manual' })).status, path).toBe(302);
      for (const who of [member, finance, editor]) expect((await who.page(path)).status, path).toBe(403);
      expect((await waiting.page(path)).location, path).toContain('/staff/verify?redirect=');
    }
  });
});
