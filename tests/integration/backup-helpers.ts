import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { PDF } from './membership-helpers';
import { signedInOn } from './own-server';
import { pdfText } from './pdf-helpers';

const MEMBER = ['member@example.org', 'Member2026demo'] as const;
const RECEIPT_NO = /R\d{4}-\d{6}/g;

export interface MemberHoldings {
  fileId: number;
  bytes: Uint8Array<ArrayBuffer>;
  orderId: number;
  receiptNo: string;
  receiptNos: string[];
}

/**
 * What the demo member holds on `base`, partly made now while it runs: a document uploaded, and
 * the receipt of a paid order downloaded (its first download issues its number).
 */
export async function memberHoldings(base: string): Promise<MemberHoldings> {
  const member = await signedInOn(base, ...MEMBER);
  const bytes = new Uint8Array([...PDF, ...new TextEncoder().encode(`% ${randomBytes(24).toString('hex')}\n`)]);
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([bytes], 'licence.pdf'));
  const stored = await member.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
  expect(stored.code).toBe(0);
  const before = await member.page('/en-us/member/payment');
  const orderId = Number(/receipt\?orderId=(\d+)/.exec(before.html)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  const receipt = await fetch(`${base}/api/amsw0501/receipt?orderId=${orderId}&lang=en-us`, { headers: member.auth });
  expect(receipt.headers.get('content-type')).toBe('application/pdf');
  const receiptNo = pdfText(new Uint8Array(await receipt.arrayBuffer())).match(RECEIPT_NO)![0];
  const after = await member.page('/en-us/member/payment');
  const receiptNos = [...new Set(after.html.match(RECEIPT_NO))];
  expect(receiptNos).toContain(receiptNo);
  return { fileId: stored.data.fileId, bytes, orderId, receiptNo, receiptNos };
}

/** The demo member signs in on `base` and finds what they held: receipts listed and downloading, the document's bytes. */
export async function expectMemberHoldings(base: string, held: MemberHoldings): Promise<void> {
  const member = await signedInOn(base, ...MEMBER);
  const page = await member.page('/en-us/member/payment');
  expect(page.status).toBe(200);
  expect([...new Set(page.html.match(RECEIPT_NO))].sort()).toEqual([...held.receiptNos].sort());
  const receipt = await fetch(`${base}/api/amsw0501/receipt?orderId=${held.orderId}&lang=en-us`, {
    headers: member.auth,
  });
  expect(receipt.headers.get('content-type')).toBe('application/pdf');
  expect(pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(held.receiptNo);
  const file = await fetch(`${base}/api/amsw1001/file?fileId=${held.fileId}`, { headers: member.auth });
  expect(file.status).toBe(200);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(held.bytes);
}
