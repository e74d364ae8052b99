import { describe, expect, it } from 'vitest';
import { api, json, page, signIn, signUpIndividual, visitor } from './helpers';
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
