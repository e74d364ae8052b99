import { describe, expect, inject, it } from 'vitest';
import { baseUrl, mailWithSubject, mailsTo, nationalId, rawPost, signIn, signUpIndividual } from './helpers';
import { signedInOn } from './own-server';
import { joinApplication } from './membership-helpers';
import { correctionOf } from './people-helpers';
import { expectStaffRefusals, type StaffEndpoint } from './staff-refusals';

/**
 * The office's people desk (DESIGN.md §19): search by name, number, e-mail or national ID (masked),
 * one person's story, corrections with their audit entry and mails, and who may use any of it.
 * People the tests correct sign up here, so the demo accounts stay as other files expect them.
 */
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const office = () => signedInOn(baseUrl(), ...ADMIN);

interface Hit {
  userType: string;
  id: number;
  kind: string;
  email: string;
  number: string | null;
  personIdMasked: string | null;
  status: string | null;
  awaitingFirstSignIn: boolean;
}
interface Story {
  account: { id: number; email: string; nameZh: string; personIdMasked: string; updatedAt: string };
  membership: { memberNo: string; status: string } | null;
  orders: { rows: { number: string; payments: unknown[] }[]; total: number };
  credits: { total: number };
  audit: {
    rows: {
      action: string;
      actorEmail: string | null;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      detail: Record<string, unknown>;
    }[];
    total: number;
  };
}

const masked = (id: string) => `${id.slice(0, 3)}*****${id.slice(-2)}`;

describe('finding people', () => {
  it('finds by e-mail, member number, national ID (exactly, shown masked) and kind', async () => {
    const staff = await office();
    const person = await signUpIndividual({ nameZh: '鄭雅文', nameEn: 'Cheng Ya-Wen' });

    const byMail = await staff.call<{ rows: Hit[]; more: boolean }>(
      `/api/amsw1101/people?q=${encodeURIComponent(person.email.slice(0, 14))}`,
    );
    expect(byMail.code).toBe(0);
    const hit = byMail.data.rows.find((r) => r.email === person.email)!;
    expect(hit).toMatchObject({ kind: 'webUser', userType: 'individual', status: null, awaitingFirstSignIn: false });
    expect(hit.personIdMasked).toBe(masked(person.personId));

    // The full ID, typed in lower case with spaces, finds that one account; a part of it finds nobody.
    const byId = await staff.call<{ rows: Hit[] }>(
      `/api/amsw1101/people?q=${encodeURIComponent(` ${person.personId.toLowerCase()} `)}`,
    );
    expect(byId.data.rows.map((r) => r.email)).toEqual([person.email]);
    const partial = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${person.personId.slice(0, 6)}`);
    expect(partial.data.rows.some((r) => r.email === person.email)).toBe(false);

    const byNumber = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=M2015-0042');
    expect(byNumber.data.rows).toHaveLength(1);
    expect(byNumber.data.rows[0]).toMatchObject({ email: 'member@example.org', kind: 'member', status: 'active' });

    const members = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=example.org&kind=member');
    expect(members.data.rows.length).toBeGreaterThan(0);
    expect(members.data.rows.every((r) => r.kind === 'member' && r.number !== null)).toBe(true);
    const organisations = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?kind=organisation&q=04595257');
    expect(organisations.data.rows).toEqual([
      expect.objectContaining({ userType: 'organ', email: 'organ@example.org', number: '04595257' }),
    ]);
    // Words that are a LIKE pattern match only themselves.
    expect((await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=%25_%25')).data.rows).toEqual([]);

    const bad = await staff.call('/api/amsw1101/people?kind=robot');
    expect(bad.code).toBe(-10);
    const page = await staff.page(`/en-us/staff/people?q=${encodeURIComponent(person.email)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Cheng Ya-Wen');
    expect(page.html).toContain(masked(person.personId));
    expect(page.html).not.toContain(person.personId);
    const none = await staff.page('/staff/people?q=nobody-at-all-here');
    expect(none.html).toContain('查無符合的資料');
  });

  it("tells one member's story: membership, orders with payments, credits; unknown accounts are not found", async () => {
    const staff = await office();
    const found = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=member@example.org');
    const story = await staff.call<Story>(`/api/amsw1101/people/story?accountId=${found.data.rows[0]!.id}`);
    expect(story.code).toBe(0);
    expect(story.data.membership).toMatchObject({ memberNo: 'M2015-0042', status: 'active' });
    expect(story.data.orders.total).toBeGreaterThan(0);
    expect(story.data.orders.rows.some((o) => o.payments.length > 0)).toBe(true);
    expect(story.data.credits.total).toBeGreaterThan(0);
    expect(story.data.account.personIdMasked).toMatch(/^A12\*{5}\d\d$/);

    expect((await staff.call('/api/amsw1101/people/story?accountId=99999999')).code).toBe(-6);
    expect((await staff.call('/api/amsw1101/people/story?accountId=abc')).code).toBe(-10);
    expect((await staff.page('/staff/people/99999999')).status).toBe(404);
    const page = await staff.page(`/staff/people/${found.data.rows[0]!.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('M2015-0042');
    expect(page.html).not.toContain('A123456789');
    // In Chinese (the browser test corrects a person in English): the correction and the audit entries.
    for (const text of ['更正資料', '稽核紀錄']) expect(page.html).toContain(text);
  });
});

describe('reading people is audited', () => {
  it('records a search by national ID (its kind and the accounts found, never the ID) and a story opened', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    type Row = {
      action: string;
      actorEmail: string | null;
      targetType: string | null;
      targetId: string | null;
      detail: { words?: string; found?: number[] } | null;
    };
    const rows = async (action: string) =>
      (await staff.call<{ rows: Row[] }>(`/api/amsw1101/audit?action=${action}`)).data.rows;

    expect((await staff.call('/api/amsw1101/people?q=' + person.personId)).code).toBe(0);
    expect((await staff.page(`/staff/people?q=${person.personId.toLowerCase()}`)).status).toBe(200);
    const searches = (await rows('person.searched')).filter((r) => r.detail?.found?.includes(person.accountId));
    expect(searches).toHaveLength(2);
    for (const row of searches)
      expect(row).toMatchObject({
        actorEmail: 'admin@example.org',
        detail: { words: 'personId', found: [person.accountId] },
      });
    const byName = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${encodeURIComponent(person.email)}`);
    expect(byName.data.rows).toHaveLength(1);
    expect(
      (await rows('person.searched'))
        .filter((r) => r.detail?.found?.includes(person.accountId))
        .map((r) => r.detail!.words),
    ).toEqual(['text', 'personId', 'personId']);

    expect((await staff.call(`/api/amsw1101/people/story?accountId=${person.accountId}`)).code).toBe(0);
    const storyPage = await staff.page(`/en-us/staff/people/${person.accountId}`);
    expect(storyPage.status).toBe(200);
    // Their sign-in after signing up, in the reader's language: no action codes, field names or booleans.
    expect(storyPage.html).toContain('Signed in');
    expect(storyPage.html).toContain('Remember me: No; After sign-up: Yes');
    expect(storyPage.html).not.toMatch(/>signIn<|remember: false|afterSignUp/);
    const reads = (await rows('person.storyRead')).filter((r) => r.targetId === String(person.accountId));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ actorEmail: 'admin@example.org', targetType: 'account' });

    // The log itself holds no national ID.
    const exported = await fetch(`${baseUrl()}/api/amsw1101/audit/export?action=person`, { headers: staff.auth });
    const csv = await exported.text();
    expect(csv).toContain('person.searched');
    expect(csv.toUpperCase()).not.toContain(person.personId.toUpperCase());
  });
});

describe('a person’s story in the console', () => {
  it('links applications to their queue and orders to the money desk, shows decisions, and says 積分', async () => {
    const staff = await office();
    const joined = await joinApplication();
    const open = await staff.page(`/staff/people/${joined.applicant.accountId}`);
    const queueLink = new RegExp(`href="/staff/queues\\?queue=membership#item-\\d+"[^>]*>\\s*${joined.number}`);
    expect(open.html).toMatch(queueLink);
    const itemId = /#item-(\d+)/.exec(open.html)![1];
    expect((await staff.page('/staff/queues?queue=membership')).html).toContain(`id="item-${itemId}"`);

    // Returned by its reviewer: no longer in a queue, and the story says the decision and why.
    const reviewer = await signedInOn(baseUrl(), 'reviewer@example.org', 'Reviewer2026demo');
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number }[] }>(
      '/api/amsw0601/items?queue=membership',
    );
    const item = items.data.itemList.find((i) => i.subjectId === joined.applicationId)!;
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    const decided = await reviewer.post('/api/amsw0601/decide', {
      reviewId: item.reviewId,
      decision: 'return',
      comment: 'The licence scan is unreadable.',
    });
    expect(decided.code).toBe(0);
    const after = await staff.page(`/en-us/staff/people/${joined.applicant.accountId}`);
    expect(after.html).not.toMatch(queueLink);
    expect(after.html).toContain('Return for changes: The licence scan is unreadable.');

    // The demo member's orders lead to the money desk; credits are 積分 as elsewhere on the site.
    const found = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=member@example.org');
    const story = await staff.call<Story>(`/api/amsw1101/people/story?accountId=${found.data.rows[0]!.id}`);
    const page = await staff.page(`/staff/people/${found.data.rows[0]!.id}`);
    const order = story.data.orders.rows[0]!.number;
    expect(page.html).toContain(`href="/staff/money?q=${order}"`);
    expect(page.html).toContain('積分');
    expect(page.html).not.toContain('學分');
  });
});

describe('correcting a person', () => {
  it('changes names, e-mail and ID in one go, audited with before, after and the reason, and tells both addresses', async () => {
    const staff = await office();
    const person = await signUpIndividual({ nameZh: '陳怡君', nameEn: 'Chen Yi-Jun' });
    const form = await correctionOf(staff, person.accountId);
    const newEmail = person.email.replace('@', '.fixed@');
    const newId = nationalId(Math.floor(Math.random() * 9_000_000) + 1_000_000);
    const corrected = await staff.post<{ changed: string[]; updatedAt: string }>('/api/amsw1101/people/correct', {
      ...form,
      nameZh: '陳宜君',
      email: newEmail.toUpperCase(),
      personId: newId,
      reason: 'Name and e-mail as on the member’s certificate',
    });
    expect(corrected.code).toBe(0);
    expect(corrected.data.changed.sort()).toEqual(['email', 'nameZh', 'personId']);

    const story = await staff.call<Story>(`/api/amsw1101/people/story?accountId=${person.accountId}`);
    expect(story.data.account).toMatchObject({ nameZh: '陳宜君', email: newEmail });
    const entry = story.data.audit.rows.find((r) => r.action === 'person.corrected')!;
    expect(entry.actorEmail).toBe('admin@example.org');
    expect(entry.before).toMatchObject({ nameZh: '陳怡君', email: person.email });
    expect(entry.after).toMatchObject({ nameZh: '陳宜君', email: newEmail });
    expect(entry.detail).toEqual({ reason: 'Name and e-mail as on the member’s certificate' });
    expect(entry.before.personId).toBe(masked(person.personId));
    expect(entry.after.personId).toBe(masked(newId));
    expect(JSON.stringify(entry)).not.toContain(person.personId);
    expect(JSON.stringify(entry)).not.toContain(newId);
    // The new ID finds the account.
    const byNewId = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${newId}`);
    expect(byNewId.data.rows.map((r) => r.id)).toEqual([person.accountId]);

    // Both addresses hear of it; the person signs in with the new one only.
    expect((await mailWithSubject(person.email, '帳號電子郵件變更通知')).text).toContain(newEmail);
    const toNew = await mailWithSubject(newEmail, '帳號電子郵件變更通知');
    expect(toNew.text).toContain(person.email);

    // The new address is asked to confirm it, and the page says so until it is.
    expect(story.data.account).toMatchObject({ emailVerifiedAt: null });
    const notice = await staff.page(`/en-us/staff/people/${person.accountId}?saved=email,nameZh`);
    expect(notice.html).toContain(`A confirmation link has been mailed to ${newEmail}`);
    expect((await staff.page(`/staff/people/${person.accountId}?saved=email`)).html).toContain(
      `已寄出確認信至 ${newEmail}`,
    );
    const link = /(http:\/\/[^\s]+\/emailVerify\?token=[\w%-]+)/.exec(toNew.text)?.[1];
    expect(link, toNew.text).toBeTruthy();
    expect((await mailWithSubject(person.email, '帳號電子郵件變更通知')).text).not.toContain('emailVerify');
    const confirmed = await fetch(baseUrl() + new URL(link!).pathname + new URL(link!).search);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`${newEmail} 已確認`);
    const verified = await staff.call<{ account: { emailVerifiedAt: string | null } }>(
      `/api/amsw1101/people/story?accountId=${person.accountId}`,
    );
    expect(verified.data.account.emailVerifiedAt).not.toBeNull();
    expect((await staff.page(`/staff/people/${person.accountId}?saved=email`)).html).not.toContain('已寄出確認信');
    expect((await fetch(`${baseUrl()}/emailVerify?token=not-a-token`)).status).toBe(404);
    expect(
      (await signIn(person.email, person.password, 'individual', false, { from: '10.88.0.1' })).body.code,
    ).not.toBe(0);
    expect((await signIn(newEmail, person.password, 'individual', false, { from: '10.88.0.2' })).body.code).toBe(0);

    // The audit log finds it by the action's group.
    const log = await staff.page('/staff/audit?action=person');
    expect(log.html).toContain('更正個人資料');
    expect(log.html).not.toContain('person.corrected');
    expect(log.html).toContain(newEmail);
  });

  it('refuses a correction of one’s own record (ID, names, e-mail), in both languages, and offers none', async () => {
    const staff = await office();
    const self = (await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=admin@example.org')).data.rows.find(
      (r) => r.email === 'admin@example.org',
    )!;
    const form = await correctionOf(staff, self.id);
    for (const change of [
      { personId: nationalId(Math.floor(Math.random() * 9_000_000) + 1_000_000) },
      { nameZh: '自己改名' },
      { email: 'admin-own@example.org' },
    ]) {
      const refused = await staff.post<{ reason: string }>('/api/amsw1101/people/correct', { ...form, ...change });
      expect(refused.code, JSON.stringify(change)).toBe(-11);
      expect(refused.data.reason).toBe('correctOwn');
      expect(refused.message).toContain('無法更正自己的資料');
    }
    const english = await staff.call<{ reason: string }>('/api/amsw1101/people/correct', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Lang: 'en-us' },
      body: JSON.stringify({ ...form, nameZh: '自己改名' }),
    });
    expect(english.message).toContain('You cannot correct your own details');
    const story = await staff.call<Story>(`/api/amsw1101/people/story?accountId=${self.id}`);
    expect(story.data.account).toMatchObject({
      email: 'admin@example.org',
      nameZh: form.nameZh,
      personIdMasked: self.personIdMasked,
    });
    // The own story offers no correction form.
    const page = await staff.page(`/staff/people/${self.id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('PersonCorrection');
  });

  it('refuses a stale form, a taken e-mail or ID, a missing reason and bad fields, and changes nothing', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    const other = await signUpIndividual();
    const form = await correctionOf(staff, person.accountId);

    const nothing = await staff.post<{ changed: string[] }>('/api/amsw1101/people/correct', form);
    expect(nothing.code).toBe(0);
    expect(nothing.data.changed).toEqual([]);

    const taken = await staff.post<{ fields: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      email: other.email,
    });
    expect(taken.code).toBe(-13);
    expect(taken.data.fields).toEqual(['email']);
    const idTaken = await staff.post<{ fields: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      personId: other.personId,
    });
    expect(idTaken.code).toBe(-13);
    expect(idTaken.data.fields).toEqual(['personId']);
    for (const bad of [
      { reason: '' },
      { email: 'not-an-address' },
      { personId: 'A123' },
      { birthDate: '2999-01-01' },
      { nameZh: '', nameEn: '' },
      { preferredLocale: 'fr' },
    ]) {
      expect((await staff.post('/api/amsw1101/people/correct', { ...form, ...bad })).code, JSON.stringify(bad)).toBe(
        -10,
      );
    }

    // A date that is no date: the date code.
    expect((await staff.post('/api/amsw1101/people/correct', { ...form, updatedAt: 'yesterday' })).code).toBe(-5);

    const first = await staff.post<{ updatedAt: string }>('/api/amsw1101/people/correct', {
      ...form,
      mobile: '0922000111',
    });
    expect(first.code).toBe(0);
    // The same form again (read before that change): refused, and the first change stays.
    const stale = await staff.post('/api/amsw1101/people/correct', { ...form, address: '新地址' });
    expect(stale.code).toBe(-10);
    expect(stale.message).toContain('重新載入');
    const story = await staff.call<Story & { account: { mobile: string; address: string } }>(
      `/api/amsw1101/people/story?accountId=${person.accountId}`,
    );
    expect(story.data.account.mobile).toBe('0922000111');
    expect(story.data.account.address).toBe(form.address);
    expect(story.data.audit.rows.filter((r) => r.action === 'person.corrected')).toHaveLength(1);

    expect((await staff.post('/api/amsw1101/people/correct', { ...form, accountId: 99999999 })).code).toBe(-6);
    // An account with a password is not sent a first-sign-in link.
    const invite = await staff.post('/api/amsw1101/people/invite', { accountId: person.accountId });
    expect(invite.code).toBe(-10);
    expect(invite.message).toContain('已設定密碼');
  });
});

/** The links that prove a corrected address (services/accounts/verify-email.ts) mailed to `address`: at least `count`. */
const VERIFY_LINK = /(https?:\/\/\S+\/emailVerify\?token=[\w%-]+)/;
async function verifyLinks(address: string, count: number): Promise<URL[]> {
  for (let mails = count; ; mails++) {
    const links = (await mailsTo(address, mails)).flatMap((m) =>
      VERIFY_LINK.test(m.text) ? [new URL(VERIFY_LINK.exec(m.text)![1]!)] : [],
    );
    if (links.length >= count || mails > count + 4) return links;
  }
}
/** Opens a mailed link on the test server: its status and page. */
async function open(link: URL) {
  const res = await fetch(baseUrl() + link.pathname + link.search);
  return { status: res.status, html: await res.text() };
}

describe('the link that proves a corrected address', () => {
  it('is built on the configured origin whatever Host or X-Forwarded-Host the correction carries', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    const form = await correctionOf(staff, person.accountId);
    const newEmail = person.email.replace('@', '.forged@');
    const sent = await rawPost(
      '/api/amsw1101/people/correct',
      { ...form, email: newEmail },
      { ...staff.auth, Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    );
    expect(sent.code).toBe(0);
    const [link] = await verifyLinks(newEmail, 1);
    expect(link!.origin).toBe(inject('siteUrl') || `http://localhost:${new URL(baseUrl()).port}`);
    expect((await mailsTo(newEmail)).map((m) => m.text + m.html).join('')).not.toContain('evil.example');
  });

  it('proves its own address whoever opens it: a reader signed in to another unproved account stays unproved', async () => {
    const staff = await office();
    const [reader, owner] = [await signUpIndividual(), await signUpIndividual()];
    const moved = async (person: { accountId: number; email: string }, tag: string) => {
      const email = person.email.replace('@', `.${tag}@`);
      const form = await correctionOf(staff, person.accountId);
      expect((await staff.post('/api/amsw1101/people/correct', { ...form, email })).code).toBe(0);
      return email;
    };
    const readerEmail = await moved(reader, 'reader');
    const [link] = await verifyLinks(await moved(owner, 'owner'), 1);
    const signedIn = await signedInOn(baseUrl(), readerEmail, reader.password);
    const opened = await signedIn.page(link!.pathname + link!.search);
    expect(opened.status).toBe(200);
    const proved = async (accountId: number) =>
      (
        await staff.call<Story & { account: { emailVerifiedAt: string | null } }>(
          `/api/amsw1101/people/story?accountId=${accountId}`,
        )
      ).data.account.emailVerifiedAt;
    expect(await proved(owner.accountId)).not.toBeNull();
    expect(await proved(reader.accountId)).toBeNull();
  });

  it('stops working once the address is corrected away, even back to it, and when the account closes', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    const correct = async (email: string) =>
      expect(
        (await staff.post('/api/amsw1101/people/correct', { ...(await correctionOf(staff, person.accountId)), email }))
          .code,
      ).toBe(0);
    const first = person.email.replace('@', '.first@');
    const second = person.email.replace('@', '.second@');
    await correct(first);
    const [older] = await verifyLinks(first, 1);
    await correct(second);
    const [away] = await verifyLinks(second, 1);
    await correct(first);
    const links = await verifyLinks(first, 2);
    expect(links).toHaveLength(2);
    const newest = links.find((l) => l.href !== older!.href)!;
    // The link mailed before the address went away proves nothing now, nor the one to the address it went to.
    for (const link of [older!, away!]) {
      const opened = await open(link);
      expect(opened.status, link.href).toBe(404);
      expect(opened.html).toContain('這個連結無法使用');
    }
    const story = () =>
      staff.call<{ account: { emailVerifiedAt: string | null } }>(
        `/api/amsw1101/people/story?accountId=${person.accountId}`,
      );
    expect((await story()).data.account.emailVerifiedAt).toBeNull();
    expect((await open(newest)).status).toBe(200);
    expect((await story()).data.account.emailVerifiedAt).not.toBeNull();

    // Closing ends a link not yet opened: reopened, the account is still to prove the address.
    const third = person.email.replace('@', '.third@');
    await correct(third);
    const [unopened] = await verifyLinks(third, 1);
    const close = (closing: boolean) =>
      staff.post('/api/amsw1101/people/close', { accountId: person.accountId, close: closing, reason: 'By letter' });
    expect((await close(true)).code).toBe(0);
    expect((await close(false)).code).toBe(0);
    expect((await open(unopened!)).status).toBe(404);
    expect((await story()).data.account.emailVerifiedAt).toBeNull();
  });
});

describe('downloading the members', () => {
  it('gives every member as CSV or Excel in the import columns, and records who took the national IDs', async () => {
    const staff = await office();
    const csv = await fetch(`${baseUrl()}/api/amsw1101/people/export?format=csv`, { headers: staff.auth });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="members-\d{4}-\d\d-\d\d\.csv"/);
    expect(csv.headers.get('cache-control')).toContain('no-store');
    const raw = new Uint8Array(await csv.arrayBuffer());
    // A byte-order mark, so spreadsheet programs read the Chinese right.
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(raw);
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('member number');
    expect(lines.some((l) => l.startsWith('M2015-0042,') && l.includes('A123456789'))).toBe(true);

    const xlsx = await fetch(`${baseUrl()}/api/amsw1101/people/export?format=xlsx`, { headers: staff.auth });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    expect((await staff.call('/api/amsw1101/people/export?format=pdf')).code).toBe(-10);

    const log = await staff.call<{
      rows: { action: string; actorEmail: string | null; detail: { members: number } }[];
    }>('/api/amsw1101/audit?action=export.members');
    expect(log.data.rows.length).toBeGreaterThanOrEqual(2);
    expect(log.data.rows[0]).toMatchObject({ actorEmail: 'admin@example.org' });
    expect(log.data.rows[0]!.detail.members).toBe(lines.length - 1);
  });
});

describe('closing an account', () => {
  it('ends the sessions and sign-in of a closed account, keeps its story, and reopens it', async () => {
    const staff = await office();
    const person = await signUpIndividual();
    const own = await signedInOn(baseUrl(), person.email, person.password);
    expect((await own.call('/api/amsw0101')).code).toBe(0);

    const close = (close: boolean, reason = 'Asked to leave the site by letter') =>
      staff.post('/api/amsw1101/people/close', { accountId: person.accountId, close, reason });
    expect(
      (await staff.post('/api/amsw1101/people/close', { accountId: person.accountId, close: true, reason: ' ' })).code,
    ).toBe(-10);
    expect((await close(true)).code).toBe(0);
    // The open session's token is void, and the password signs no one in.
    expect((await own.call('/api/amsw0101')).code).toBe(-8);
    const refused = await signIn(person.email, person.password, 'individual', false, { from: '10.89.0.1' });
    const unknown = await signIn(`nobody.${Date.now()}@example.org`, person.password, 'individual', false, {
      from: '10.89.0.2',
    });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body).toEqual(unknown.body);

    const hit = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${encodeURIComponent(person.email)}`);
    expect(hit.data.rows[0]).toMatchObject({ closed: true });
    const story = await staff.call<Story & { account: { closedAt: string | null } }>(
      `/api/amsw1101/people/story?accountId=${person.accountId}`,
    );
    expect(story.data.account.closedAt).not.toBeNull();
    expect(story.data.audit.rows.find((r) => r.action === 'person.closed')?.detail).toEqual({
      reason: 'Asked to leave the site by letter',
    });
    const page = await staff.page(`/en-us/staff/people/${person.accountId}`);
    expect(page.html).toContain('no sign-in, no mail links');
    expect((await close(true)).code).toBe(-10);

    expect((await close(false, 'Came back')).code).toBe(0);
    expect((await signIn(person.email, person.password, 'individual', false, { from: '10.89.0.3' })).body.code).toBe(0);
    expect((await close(false, 'Again')).code).toBe(-10);
  });

  it('refuses a running membership and the reader’s own account', async () => {
    const staff = await office();
    const member = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=member@example.org');
    const refused = await staff.post('/api/amsw1101/people/close', {
      accountId: member.data.rows[0]!.id,
      close: true,
      reason: 'Test',
    });
    expect(refused.code).toBe(-10);
    expect(refused.message).toContain('退會');
    const admin = await staff.call<{ rows: Hit[] }>('/api/amsw1101/people?q=admin@example.org');
    const own = await staff.post('/api/amsw1101/people/close', {
      accountId: admin.data.rows[0]!.id,
      close: true,
      reason: 'Test',
    });
    expect(own.code).toBe(-10);
    expect(
      (await staff.post('/api/amsw1101/people/close', { accountId: 99999999, close: true, reason: 'x' })).code,
    ).toBe(-6);
  });
});

describe('who may use the people desk', () => {
  const endpoints: StaffEndpoint[] = [
    ['/api/amsw1101/people?q=a', 'GET'],
    ['/api/amsw1101/people/story?accountId=1', 'GET'],
    ['/api/amsw1101/people/correct', 'POST', { accountId: 1 }],
    ['/api/amsw1101/people/invite', 'POST', { accountId: 1 }],
    ['/api/amsw1101/people/close', 'POST', { accountId: 1, close: true, reason: 'x' }],
    ['/api/amsw1101/people/export?format=csv', 'GET'],
  ];
  const pages = ['/staff/people', '/en-us/staff/people/1'];

  it('refuses visitors, organisations, members, staff without the office role, and the office before its second factor', async () => {
    await expectStaffRefusals({
      base: baseUrl(),
      role: 'office',
      endpoints,
      pages,
    });
  });
});
