import { beforeAll, describe, expect, it } from 'vitest';
import { api, json, signIn, signUpIndividual, signUpOrganisation } from './helpers';

type Caller = 'anonymous' | 'member' | 'webUser' | 'organ';

interface Call {
  method: string;
  path: (ids: Record<Caller, number>) => string;
  body?: unknown;
  /** Which callers the endpoint serves; everyone else gets -9 (anonymous) or -11. */
  for: 'individual' | 'organ';
}

const calls: Record<string, Call> = {
  'GET amsw0101': { method: 'GET', path: () => '/api/amsw0101', for: 'individual' },
  'GET amsw0101/detail': {
    method: 'GET',
    path: (ids) => `/api/amsw0101/detail?accountId=${ids.member}`,
    for: 'individual',
  },
  'PUT amsw0101/edit': {
    method: 'PUT',
    path: () => '/api/amsw0101/edit',
    body: { mobile: '0911222333' },
    for: 'individual',
  },
  'PUT amsw0101/editWork': {
    method: 'PUT',
    path: () => '/api/amsw0101/editWork',
    body: { workplace: '臺大醫院' },
    for: 'individual',
  },
  'PUT amsw0101/editCid': {
    method: 'PUT',
    path: () => '/api/amsw0101/editCid',
    body: { currentPassword: 'Wrong2026x', newPassword: 'Other2026trial' },
    for: 'individual',
  },
  'GET amsw0101/statistics': { method: 'GET', path: () => '/api/amsw0101/statistics', for: 'individual' },
  'GET amsw0101/application': { method: 'GET', path: () => '/api/amsw0101/application', for: 'individual' },
  'GET amsw0101/lineAuthorize': { method: 'GET', path: () => '/api/amsw0101/lineAuthorize', for: 'individual' },
  'POST amsw0101/linkLine': {
    method: 'POST',
    path: () => '/api/amsw0101/linkLine',
    body: { code: 'not-a-real-code', state: 'not-a-state-of-this-session-0123456789' },
    for: 'individual',
  },
  'GET amsw0101/unlinkLine': { method: 'GET', path: () => '/api/amsw0101/unlinkLine', for: 'individual' },
  'GET amsw0103': { method: 'GET', path: () => '/api/amsw0103', for: 'organ' },
  'GET amsw0103/statistics': { method: 'GET', path: () => '/api/amsw0103/statistics', for: 'organ' },
  'GET amsw0103/detail': { method: 'GET', path: (ids) => `/api/amsw0103/detail?accountId=${ids.organ}`, for: 'organ' },
  'PUT amsw0103/edit': {
    method: 'PUT',
    path: () => '/api/amsw0103/edit',
    body: {
      name: '仁愛綜合醫院',
      contactName: '張淑芬',
      phone: '02-2709-3600',
      address: '臺北市大安區仁愛路四段 10 號',
    },
    for: 'organ',
  },
  'PUT amsw0103/editCid': {
    method: 'PUT',
    path: () => '/api/amsw0103/editCid',
    body: { currentPassword: 'Wrong2026x', newPassword: 'Other2026trial' },
    for: 'organ',
  },
  'GET amsw0103/topic': { method: 'GET', path: () => '/api/amsw0103/topic', for: 'organ' },
};

describe('authorisation of the account API', () => {
  const cookies: Record<Caller, string> = { anonymous: '', member: '', webUser: '', organ: '' };
  const ids: Record<Caller, number> = { anonymous: 0, member: 0, webUser: 0, organ: 0 };

  beforeAll(async () => {
    // Accounts of its own, so edits here never race other test files' reads of the demo data.
    const member = await signUpIndividual();
    const webUser = await signUpIndividual();
    const organ = await signUpOrganisation();
    const sessions = {
      member: await signIn(member.email, member.password),
      webUser: await signIn(webUser.email, webUser.password),
      organ: await signIn(organ.email, organ.password, 'organ'),
    };
    for (const caller of ['member', 'webUser', 'organ'] as const) {
      cookies[caller] = sessions[caller].cookie;
      const family = caller === 'organ' ? 'amsw0103' : 'amsw0101';
      ids[caller] = (
        await api<{ accountId: number }>(`/api/${family}`, { headers: { Cookie: cookies[caller] } })
      ).body.data.accountId;
    }
  });

  for (const [name, call] of Object.entries(calls)) {
    it.each(['anonymous', 'member', 'webUser', 'organ'] as const)(`${name} as %s`, async (caller) => {
      const headers: Record<string, string> = caller === 'anonymous' ? {} : { Cookie: cookies[caller] };
      const init = call.body ? { method: call.method, ...json(call.body, headers) } : { method: call.method, headers };
      const res = await api(call.path(ids), init);
      const isRightType = call.for === 'organ' ? caller === 'organ' : caller === 'member' || caller === 'webUser';
      if (caller === 'anonymous') expect(res.body.code).toBe(-9);
      else if (!isRightType) expect(res.body.code).toBe(-11);
      else if (name.endsWith('/detail') && caller === 'webUser')
        expect(res.body.code).toBe(-11); // another account's record
      else if (name.endsWith('/editCid'))
        expect(res.body.code).toBe(-10); // reached the service: wrong current password
      else if (name.endsWith('/linkLine'))
        expect(res.body.code).toBe(-12); // reached the service: unknown state
      else if (name.endsWith('/unlinkLine'))
        expect(res.body.code).toBe(-6); // reached the service: nothing linked
      else expect(res.body.code).toBe(0);
    });
  }
});

// Membership, payments, credits, papers and reviews belong to individual accounts (members, web
// users, reviewers, editors, finance): an organisation's session is refused before any of them reads or changes anything.
const individualOnly: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/amsw0101/application'],
  ['GET', '/api/amsw0101/certificate'],
  ['PUT', '/api/amsw0101/editForm', { applicationId: 1, lastDay: '2027-01-01' }],
  ['GET', '/api/amsw0401/application?applicationId=1'],
  ['POST', '/api/amsw0401/cancel', { applicationId: 1 }],
  ['POST', '/api/amsw0401/join', { memberClassId: 1, documents: [], agreeTerms: true }],
  ['GET', '/api/amsw0402/extension'],
  ['POST', '/api/amsw0402/extension', {}],
  ['GET', '/api/amsw0402/upgrade'],
  ['POST', '/api/amsw0402/upgrade', { memberClassId: 1, documents: [], agreeTerms: true }],
  ['GET', '/api/amsw0402/quit'],
  ['POST', '/api/amsw0402/quit', { lastDay: '2027-01-01' }],
  ['GET', '/api/amsw0402/stop'],
  ['POST', '/api/amsw0402/stop', { from: '2027-01-01', until: '2027-06-30' }],
  ['GET', '/api/amsw0402/restart'],
  ['POST', '/api/amsw0402/restart', {}],
  ['GET', '/api/amsw0402/replace'],
  ['POST', '/api/amsw0402/replace', { reason: 'lost' }],
  ['GET', '/api/amsw0502/remittances'],
  ['POST', '/api/amsw0502/remittances/decide', { remittanceId: 1, decision: 'confirm' }],
  ['GET', '/api/amsw0601'],
  ['GET', '/api/amsw0601/items?queue=membership'],
  ['GET', '/api/amsw0601/item?reviewId=1'],
  ['POST', '/api/amsw0601/declare', { reviewId: 1, declaration: 'none' }],
  ['POST', '/api/amsw0601/decide', { reviewId: 1, decision: 'approve' }],
  ['GET', '/api/amsw0602/certification?certificationId=1'],
  ['GET', '/api/amsw0602/transcript?certificationId=1'],
  ['GET', '/api/amsw0602/claims'],
  ['GET', '/api/amsw0602/claim?applicationId=1'],
  [
    'POST',
    '/api/amsw0602/claim',
    {
      certificationId: 1,
      method: 'paper',
      category: 'professional',
      creditClass: 'A',
      title: 'A paper',
      provider: 'A journal',
      earnedOn: '2026-01-01',
      points: 1,
      documents: [{ key: 'evidence1', fileId: 1 }],
    },
  ],
  // Papers: authors (members and web users), editors and paper reviewers are individuals.
  ['GET', '/api/amsw0701'],
  ['GET', '/api/amsw0701/papers?postId=1'],
  ['GET', '/api/amsw0701/paper?paperId=1'],
  ['POST', '/api/amsw0701/paper', { postId: 1 }],
  [
    'PUT',
    '/api/amsw0701/paper',
    {
      paperId: 1,
      title: { zh: '題目', en: 'A title' },
      abstract: { zh: '', en: '' },
      topicCode: '',
      keywords: [],
      authors: [],
      manuscriptFileId: null,
    },
  ],
  ['POST', '/api/amsw0701/submit', { paperId: 1 }],
  ['POST', '/api/amsw0701/withdraw', { paperId: 1 }],
  ['GET', '/api/amsw0701/authorization?paperId=1'],
  ['POST', '/api/amsw0801/assign', { paperId: 1, reviewerId: 1 }],
  ['POST', '/api/amsw0801/revoke', { paperId: 1, assignmentId: 1 }],
  ['POST', '/api/amsw0801/resend', { paperId: 1, assignmentId: 1 }],
  ['POST', '/api/amsw0801/decide', { paperId: 1, decision: 'reject' }],
  ['PUT', '/api/amsw0801/expertise', { topics: [], keywords: [] }],
  // What a used review link also opens (its access cookie): without it, a visitor is asked to sign in.
  ['GET', '/api/amsw0801/paper?paperId=1'],
  ['POST', '/api/amsw0801/declare', { paperId: 1, declaration: 'conflict' }],
  [
    'PUT',
    '/api/amsw0801/review',
    { paperId: 1, scores: {}, recommendation: null, toAuthors: '', toEditor: '', submit: true },
  ],
  ['GET', '/api/amsw0306?eventId=1'],
  ['POST', '/api/amsw0306/register', { eventId: 1, ticketTypeId: 1, expectedPrice: 0, answers: {} }],
  ['POST', '/api/amsw0306/cancel', { registrationId: 1 }],
  ['GET', '/api/amsw0306/mine'],
  ['GET', '/api/amsw0306/ticket?registrationId=1'],
  ['GET', '/api/amsw0306/certificate?eventId=1'],
];

describe('authorisation of the membership, payment, paper, review and event registration API', () => {
  let organ = '';
  beforeAll(async () => {
    const account = await signUpOrganisation();
    organ = (await signIn(account.email, account.password, 'organ')).cookie;
  });

  it.each(individualOnly)('%s %s refuses an organisation (-11) and a visitor (-9)', async (method, path, body) => {
    for (const [cookie, code] of [
      [organ, -11],
      ['', -9],
    ] as const) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const init = body === undefined ? { method, headers } : { method, ...json(body, headers) };
      expect((await api(path, init)).body.code, cookie ? 'organisation' : 'visitor').toBe(code);
    }
  });

  it('serves a manuscript to no organisation (as if there were none) and asks a visitor to sign in', async () => {
    const path = '/api/amsw0801/file?paperId=1&round=1';
    expect((await api(path, { headers: { Cookie: organ } })).body.code).toBe(-7);
    expect((await api(path)).body.code).toBe(-9);
  });
});

// Course accreditation is the organisations' own: an individual's session is refused.
const organOnly: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/amsw0603'],
  ['GET', '/api/amsw0603/course?applicationId=1'],
  ['POST', '/api/amsw0603/course', { certificationId: 1 }],
  ['PUT', '/api/amsw0603/course', { applicationId: 1 }],
  ['POST', '/api/amsw0603/cancel', { applicationId: 1 }],
  ['POST', '/api/amsw0603/roster', { applicationId: 1, rosterFileId: 1, signedSheetFileId: 2 }],
];

describe('authorisation of the course accreditation API', () => {
  let member = '';
  let organ = '';
  beforeAll(async () => {
    member = (await signIn('member@example.org', 'Member2026demo')).cookie;
    const account = await signUpOrganisation();
    organ = (await signIn(account.email, account.password, 'organ')).cookie;
  });

  it.each(organOnly)('%s %s refuses an individual (-11) and a visitor (-9)', async (method, path, body) => {
    for (const [cookie, code] of [
      [member, -11],
      ['', -9],
    ] as const) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const init = body === undefined ? { method, headers } : { method, ...json(body, headers) };
      expect((await api(path, init)).body.code, cookie ? 'individual' : 'visitor').toBe(code);
    }
  });

  it('lets an organisation pay only its own orders: a member’s order is unknown to it, whatever its number', async () => {
    // Order 1 is the demo member's; an organisation's id may equal a member's, and still it is not theirs.
    const paid = await api('/api/amsw0501/pay', { method: 'POST', ...json({ orderId: 1 }, { Cookie: organ }) });
    expect(paid.body.code).toBe(-6);
    expect((await api('/api/amsw0501/pay', { method: 'POST', ...json({ orderId: 1 }, {}) })).body.code).toBe(-9);
    // Nor are a member's course applications, files or receipts its own.
    expect((await api('/api/amsw0603/course?applicationId=1', { headers: { Cookie: organ } })).body.code).toBe(-6);
    const receipt = await api('/api/amsw0501/receipt?orderId=1', { headers: { Cookie: organ } });
    expect([receipt.status, receipt.body.code]).toEqual([200, -6]);
  });
});
