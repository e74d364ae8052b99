import { expect } from 'vitest';
import { mailWithSubject } from './helpers';
import { PDF } from './membership-helpers';
import type { signedInOn } from './own-server';

/**
 * The steps the paper tests share (DESIGN.md §13; decision record 015): an author's paper sent to
 * the demo's 2027 call, the review link mailed to a reviewer, using it, and reading with its cookie.
 */
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

export interface Paper {
  paperId: number;
  postId: number;
  number: string | null;
  status: string;
  titles: { zh: string; en: string };
  authors: {
    nameZh: string;
    nameEn: string;
    email: string;
    affiliation: string;
    presenting: boolean;
    corresponding: boolean;
  }[];
  editable: string[];
  canSubmit: boolean;
  canWithdraw: boolean;
  manuscript: { fileId: number; name: string } | null;
  authorisation: { signedName: string; verifyCode: string | null } | null;
  history: { from: string | null; to: string; by: string; comment: string }[];
  reviews: { label: string; round: number; toAuthors: string }[];
}

export interface Call {
  postId: number;
  name: string;
  state: string;
  myPapers: number;
  topics: { code: string; name: string }[];
}

export async function callNamed(who: SignedIn, english: string): Promise<Call> {
  const calls = await who.call<{ callList: Call[] }>('/api/amsw0701', { headers: { Lang: 'en-us' } });
  const found = calls.data.callList.find((c) => c.name === english);
  if (!found) throw new Error(`no call ${english}: ${JSON.stringify(calls)}`);
  return found;
}

export async function uploadManuscript(who: SignedIn, bytes: Uint8Array<ArrayBuffer> = PDF, name = 'Chen-draft.pdf') {
  const form = new FormData();
  form.set('purpose', 'paperManuscript');
  form.set('file', new File([bytes], name));
  return who.call<{ fileId: number; contentType: string; metadataStripped: boolean | null }>('/api/amsw1001/upload', {
    method: 'POST',
    body: form,
  });
}

export const put = <T>(who: SignedIn, path: string, body: unknown) =>
  who.call<T>(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A complete draft body for `paperId` (what the form sends as the author types). */
export function draft(paperId: number, manuscriptFileId: number | null, over: Record<string, unknown> = {}) {
  return {
    paperId,
    title: { zh: '門診衛教之成效', en: 'Outcomes of outpatient education' },
    abstract: { zh: '我們比較了兩種衛教方式。', en: 'We compared two ways of teaching patients.' },
    topicCode: 'education',
    keywords: ['patient education', 'outcomes'],
    authors: [
      {
        nameZh: '王小明',
        nameEn: 'Wang Hsiao-Ming',
        email: 'member@example.org',
        affiliation: '臺大醫院',
        presenting: true,
        corresponding: true,
      },
      {
        nameZh: '',
        nameEn: 'Jane Roe',
        email: 'jane.roe@example.net',
        affiliation: 'St Mary’s Hospital',
        presenting: false,
        corresponding: false,
      },
    ],
    manuscriptFileId,
    ...over,
  };
}

/** Starts, fills and sends a paper to the 2027 annual meeting (blind); answers it. */
export async function submittedPaper(author: SignedIn, over: Record<string, unknown> = {}): Promise<Paper> {
  const call = await callNamed(author, 'Call for abstracts: 2027 annual meeting');
  const started = await author.post<Paper>('/api/amsw0701/paper', { postId: call.postId });
  expect(started.code).toBe(0);
  const file = await uploadManuscript(author);
  expect(file.code).toBe(0);
  const saved = await put(author, '/api/amsw0701/paper', draft(started.data.paperId, file.data.fileId, over));
  expect(saved.code).toBe(0);
  const sent = await author.post<Paper>('/api/amsw0701/submit', {
    paperId: started.data.paperId,
    agree: true,
    signedName: '王小明',
    textVersion: '2026-1',
  });
  expect(sent.code).toBe(0);
  return sent.data;
}

/**
 * The review link mailed to `address` for paper `number` by the server at `base` (the subject in
 * the reviewer's language). The mail catcher is shared by every server of the run and each fresh
 * database numbers its papers alike, so the mail is told apart by its link's origin (mailed links
 * point at `http://localhost:PORT` of the sending server).
 */
export async function mailedLink(base: string, address: string, subject: string, number: string) {
  const origin = `http://localhost:${new URL(base).port}/`;
  const mail = await mailWithSubject(address, subject, 5000, [number, origin]);
  const token = /emailClaim\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return { mail, token: token! };
}

/** Uses a mailed review link on the server at `base` with a declaration: the answer and the access cookie. */
export async function claimOn(base: string, token: string, declaration: 'none' | 'conflict') {
  const res = await fetch(`${base}/api/amsw0801/claim`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Lang: 'en-us' },
    body: JSON.stringify({ token, declaration }),
  });
  const cookie = /ams-review=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  return { body: (await res.json()) as { code: number; data: { paperId: number } | null; message: string }, cookie };
}

/** A call to the server at `base` with only a review link's access cookie (no session). */
export async function withCookieOn<T>(base: string, cookie: string, path: string, init: RequestInit = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: {
      Cookie: cookie,
      Origin: base,
      'Content-Type': 'application/json',
      ...(init.headers as object),
    },
  });
  return {
    res,
    body: res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { code: number; data: T }) : null,
  };
}
