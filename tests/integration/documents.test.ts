import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/lib/documents/capital-numerals';
import { amountInEnglishWords } from '../../src/lib/documents/english-words';
import { api, baseUrl, json, page, signIn, signUpIndividual, visitor } from './helpers';
import { startOwnServer } from './own-server';
import { bearer, PDF, upload } from './membership-helpers';
import { hiddenFields, simulatorPage, until } from './simulator-helpers';
import { codeIn, download, envelopeOf, pdfText } from './pdf-helpers';

/** A web user joins the student class (no review) and pays through the simulator's card: a member with a paid order. */
async function paidStudent() {
  const person = await signUpIndividual({ nameZh: '陳雅婷', nameEn: 'Chen Ya-Ting' });
  const auth = await bearer(person.email, person.password);
  const classes = await api<{ classList: { memberClassId: number; code: string }[] }>('/api/amsw0401/classes');
  const student = classes.body.data.classList.find((c) => c.code === 'student')!.memberClassId;
  const fileId = (await upload(auth, PDF, 'student-card.pdf')).body.data.fileId;
  const joined = await api<{ applicationId: number; order: { orderId: number; amount: number } }>(
    '/api/amsw0401/join',
    {
      method: 'POST',
      ...json({ memberClassId: student, documents: [{ key: 'studentId', fileId }], agreeTerms: true }, auth),
    },
  );
  const { orderId, amount } = joined.body.data.order;
  const unpaid = await download(`/api/amsw0501/receipt?orderId=${orderId}`, auth);
  const form = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
    method: 'POST',
    ...json({ orderId }, auth),
  });
  const { merchantOrderNo } = hiddenFields((await simulatorPage(form.body.data.fields)).html);
  await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'card' });
  await until(
    async () => (await api<{ isMember: boolean }>('/api/amsw0101', { headers: auth })).body.data.isMember,
    (isMember) => isMember,
  );
  return { auth, orderId, amount, unpaid };
}

describe('receipts and certificates', () => {
  it('issues one receipt for a paid order: the same number on every download, the amount in capital numerals', async () => {
    const { auth, orderId, amount, unpaid } = await paidStudent();
    expect(amount).toBe(300);
    // Before it was paid, the order had no receipt.
    expect(unpaid.res.headers.get('content-type')).toContain('application/json');
    expect(envelopeOf(unpaid.bytes).code).toBe(-6);

    // Two first downloads at once: one receipt.
    const [first, twin] = await Promise.all([
      download(`/api/amsw0501/receipt?orderId=${orderId}`, auth),
      download(`/api/amsw0501/receipt?orderId=${orderId}`, auth),
    ]);
    expect(first.res.status).toBe(200);
    expect(codeIn(pdfText(twin.bytes))).toBe(codeIn(pdfText(first.bytes)));
    expect(first.head).toBe('%PDF-');
    expect(first.res.headers.get('content-type')).toBe('application/pdf');
    expect(first.res.headers.get('cache-control')).toBe('private, no-store');
    expect(first.res.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-R\d{4}-\d{6}\.pdf"$/);
    const text = pdfText(first.bytes);
    expect(text).toContain('新臺幣參佰元整');
    expect(text).toContain('臺灣臨床繼續教育醫學會');
    expect(text).toContain('陳雅婷');
    expect(text).toContain('收據');
    const receiptNo = /R\d{4}-\d{6}/.exec(text)![0];

    // Again, in English: the same receipt (number and code), the payer's English name.
    const again = await download(`/api/amsw0501/receipt?orderId=${orderId}&lang=en-us`, auth);
    const english = pdfText(again.bytes);
    expect(again.res.headers.get('content-disposition')).toContain(`receipt-${receiptNo}.pdf`);
    expect(english).toContain(receiptNo);
    expect(english).toContain('Chen Ya-Ting');
    expect(english).toContain('Receipt');
    expect(english).toContain('新臺幣參佰元整');
    expect(english).toContain('Three hundred New Taiwan dollars');
    expect(codeIn(english)).toBe(codeIn(text));

    // Two first downloads at once of the certificate issue one certificate.
    const [a, b] = await Promise.all([
      download('/api/amsw0101/certificate', auth),
      download('/api/amsw0101/certificate', auth),
    ]);
    expect([a.head, b.head]).toEqual(['%PDF-', '%PDF-']);
    expect(codeIn(pdfText(a.bytes))).toBe(codeIn(pdfText(b.bytes)));

    // Its verification page: kind, number, masked name, valid.
    const verified = await page(`/verify/${codeIn(text)}`, { headers: visitor() });
    expect(verified.status).toBe(200);
    expect(verified.headers.get('cache-control')).toContain('no-store');
    expect(verified.html).toContain(receiptNo);
    expect(verified.html).toContain('收據');
    expect(verified.html).toContain('有效');
    expect(verified.html).not.toContain('陳雅婷');
    expect(verified.html).toContain('陳○婷');
    const inEnglish = await page(`/en-us/verify/${codeIn(text).toLowerCase()}`, { headers: visitor() });
    expect(inEnglish.html).toContain('Valid');
    expect(inEnglish.html).toContain('C*** Y******');
  });

  it('refuses another member’s receipt and a receipt for an unknown order', async () => {
    const { orderId } = await paidStudent();
    const other = await signUpIndividual();
    const otherAuth = await bearer(other.email, other.password);
    for (const id of [orderId, 2_000_000_000]) {
      const refused = await download(`/api/amsw0501/receipt?orderId=${id}`, otherAuth);
      expect(refused.res.headers.get('content-type')).toContain('application/json');
      expect(envelopeOf(refused.bytes).code).toBe(-6);
    }
    const anonymous = await download(`/api/amsw0501/receipt?orderId=${orderId}`, {});
    expect(envelopeOf(anonymous.bytes).code).toBe(-9);
  });

  it('gives a member a certificate with their number, and a web user none', async () => {
    const member = await bearer('member@example.org', 'Member2026demo');
    const cert = await download('/api/amsw0101/certificate?lang=en-us', member);
    expect(cert.head).toBe('%PDF-');
    expect(cert.res.headers.get('cache-control')).toBe('private, no-store');
    const me = await api<{ memberNo: string }>('/api/amsw0101', { headers: member });
    expect(cert.res.headers.get('content-disposition')).toContain(`certificate-${me.body.data.memberNo}-1.pdf`);
    const text = pdfText(cert.bytes);
    expect(text).toContain('Certificate of Membership');
    expect(text).toContain(me.body.data.memberNo);

    const webUser = await signUpIndividual();
    const refused = await download('/api/amsw0101/certificate', await bearer(webUser.email, webUser.password));
    expect(refused.res.headers.get('content-type')).toContain('application/json');
    expect(envelopeOf(refused.bytes).code).toBe(-6);
  });

  it('issues the next edition when the member’s name changes, and the old one verifies as revoked', async () => {
    const { auth } = await paidStudent();
    const first = pdfText((await download('/api/amsw0101/certificate', auth)).bytes);
    // Only the English name may be changed by the member (the Chinese one stays as registered).
    const edited = await api('/api/amsw0101/edit', {
      method: 'PUT',
      ...json({ nameEn: 'Chen Ya-Ting Grace', mobile: '0912345678' }, auth),
    });
    expect(edited.body.code).toBe(0);
    const second = await download('/api/amsw0101/certificate?lang=en-us', auth);
    expect(second.res.headers.get('content-disposition')).toMatch(/certificate-M\d{4}-\d{4}-2\.pdf/);
    const secondText = pdfText(second.bytes);
    expect(secondText).toContain('Chen Ya-Ting Grace');
    expect(codeIn(secondText)).not.toBe(codeIn(first));

    const old = await page(`/verify/${codeIn(first)}`, { headers: visitor() });
    expect(old.status).toBe(200);
    expect(old.html).toContain('已撤銷');
    expect(old.html).toContain('已由較新版本取代');
    expect(old.html).not.toContain('>有效<');
    const current = await page(`/en-us/verify/${codeIn(secondText)}`, { headers: visitor() });
    expect(current.html).toContain('Membership certificate');
    expect(current.html).toContain('Valid');
  });

  it('issues a certificate as the first thing a new server does (the society’s name read before the transaction)', async () => {
    const server = await startOwnServer();
    try {
      const { token } = await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
      const res = await fetch(`${server.url}/api/amsw0101/certificate`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      });
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(new Uint8Array(await res.arrayBuffer()))).toContain('臺灣臨床繼續教育醫學會');
    } finally {
      await server.stop();
    }
  });

  it('answers 404 for an unknown code, and limits look-ups per address', async () => {
    const address = visitor();
    const unknown = await page('/verify/ACDEF-GHJKM', { headers: address });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('查無驗證碼');
    const malformed = await page('/en-us/verify/not-a-code', { headers: address });
    expect(malformed.status).toBe(404);
    expect(malformed.html).toContain('No document has the verification code');
    let last = malformed;
    for (let i = 0; i < 60 && last.status !== 429; i++) last = await page('/verify/ACDEF-GHJKM', { headers: address });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held back.
    expect((await page('/verify/ACDEF-GHJKM', { headers: visitor() })).status).toBe(404);
  });
});

interface OrganCourse {
  title: string;
  order: { orderId: number; amount: number; status: string } | null;
}

/** One of the demo hospital's paid course review fees: its order and the course's title. */
async function paidCourseFee(cookie: string) {
  const headers = { Cookie: cookie };
  const kinds = await api<{ certificationList: { certificationId: number }[] }>('/api/amsw0602', { headers });
  for (const { certificationId } of kinds.body.data.certificationList) {
    const list = await api<{ courseList: { applicationId: number }[] }>(
      `/api/amsw0603?certificationId=${certificationId}`,
      { headers },
    );
    for (const { applicationId } of list.body.data.courseList ?? []) {
      const course = await api<OrganCourse>(`/api/amsw0603/course?applicationId=${applicationId}`, { headers });
      const { order, title } = course.body.data;
      if (order?.status === 'paid') return { orderId: order.orderId, amount: order.amount, title };
    }
  }
  throw new Error('the demo hospital has no paid course fee');
}

describe('an organisation’s receipt', () => {
  it('states the hospital’s business number and the course it pays for, its English name and the amount in English words', async () => {
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const { orderId, amount, title } = await paidCourseFee(organ.cookie);
    const zh = pdfText((await download(`/api/amsw0501/receipt?orderId=${orderId}`, { Cookie: organ.cookie })).bytes);
    expect(zh).toMatch(/統一編號\s+04595257/);
    expect(zh).toMatch(new RegExp(`課程名稱\\s+${title}`));
    expect(zh).toContain('仁愛醫療財團法人仁愛綜合醫院');
    expect(zh).toContain(amountInWords(amount));
    expect(zh).not.toContain('New Taiwan dollars');

    const en = pdfText(
      (await download(`/api/amsw0501/receipt?orderId=${orderId}&lang=en-us`, { Cookie: organ.cookie })).bytes,
    );
    expect(en).toMatch(/Business ID no\.\s+04595257/);
    expect(en).toMatch(new RegExp(`Course\\s+${title}`));
    expect(en).toContain('Jen-Ai General Hospital');
    expect(en).not.toContain('仁愛醫療財團法人仁愛綜合醫院');
    // Both ways of writing the amount: the capital numerals and the English words.
    expect(en).toContain(amountInWords(amount));
    expect(en).toContain(amountInEnglishWords(amount));
  });

  it('names the hospital in English on its English pages, in proper English', async () => {
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const kinds = await api<{ certificationList: { certificationId: number }[] }>('/api/amsw0602', {
      headers: { Cookie: organ.cookie },
    });
    const kind = kinds.body.data.certificationList[0]!.certificationId;
    const en = await page(`/en-us/organ/center/contiEdu/${kind}/detail/authorization`, {
      headers: { Cookie: organ.cookie },
    });
    expect(en.status).toBe(200);
    expect(en.html).toContain(
      'When applying for course accreditation, Jen-Ai General Hospital confirms the following:',
    );
    const zh = await page(`/organ/center/contiEdu/${kind}/detail/authorization`, {
      headers: { Cookie: organ.cookie },
    });
    expect(zh.html).toContain('仁愛醫療財團法人仁愛綜合醫院');
  });
});

describe('a document that cannot be drawn', () => {
  it('is not offered to a lapsed member, and its link answers a page in the reader’s language with a way back', async () => {
    const lapsed = await signIn('lapsed@example.org', 'Lapsed2026demo');
    const headers = { Cookie: lapsed.cookie };
    for (const prefix of ['', '/en-us']) {
      const centre = await page(`${prefix}/member/center`, { headers });
      expect(centre.status).toBe(200);
      expect(centre.html).not.toContain('/api/amsw0101/certificate');
    }

    // The link followed anyway (a bookmark, an old page): a page, not JSON saved as a PDF.
    const browser = { ...headers, Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const followed = await fetch(`${baseUrl()}/api/amsw0101/certificate?lang=en-us`, {
      headers: { ...browser, Referer: `${baseUrl()}/en-us/member/center` },
      redirect: 'manual',
    });
    expect(followed.status).toBe(303);
    const location = followed.headers.get('location')!;
    expect(location).toMatch(/^\/en-us\/documentUnavailable\?/);
    const shown = await page(location, { headers });
    expect(shown.status).toBe(404);
    expect(shown.headers.get('content-type')).toContain('text/html');
    expect(shown.html).toContain('This document cannot be downloaded');
    expect(shown.html).toContain('You have no current membership, so there is no membership certificate');
    expect(shown.html).toMatch(/href="\/en-us\/member\/center"[^>]*>\s*Back to the previous page/);

    const inChinese = await fetch(`${baseUrl()}/api/amsw0101/certificate?lang=zh-tw`, {
      headers: browser,
      redirect: 'follow',
    });
    const html = await inChinese.text();
    expect(inChinese.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('無法下載此文件');
    expect(html).toContain('您目前沒有有效的會籍');
    expect(html).toContain('回到首頁');

    // An API client still gets the envelope.
    const client = await download('/api/amsw0101/certificate', headers);
    expect(envelopeOf(client.bytes).code).toBe(-6);
  });

  it('sends no one elsewhere with the page’s way back', async () => {
    const shown = await page('/en-us/documentUnavailable?code=-6&reason=nonsense&back=//evil.example/x');
    expect(shown.status).toBe(404);
    const main = /<main[\s\S]*<\/main>/.exec(shown.html)![0];
    expect(main).toContain('No data found');
    expect(main).not.toContain('evil.example');
    expect(main).not.toContain('nonsense');
    expect(main).not.toContain('Back to the previous page');
  });
});
