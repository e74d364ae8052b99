import { describe, expect, it } from 'vitest';
import { publicRevokedReason } from './revoked-reason';

describe('publicRevokedReason', () => {
  it('says voided or refunded for a receipt, never the reason written', () => {
    expect(publicRevokedReason('receipt', 'Wrong payer name')).toBe('voided');
    expect(publicRevokedReason('receipt', 'Refunded: Joined twice by mistake')).toBe('refunded');
    expect(publicRevokedReason('receipt', null)).toBe('voided');
  });

  it('keeps the fixed reasons of certificates and drops any other text', () => {
    expect(publicRevokedReason('certificate', 'superseded')).toBe('superseded');
    expect(publicRevokedReason('certificate', 'membershipLapsed')).toBe('membershipLapsed');
    expect(publicRevokedReason('certificate', 'Member asked by phone')).toBeNull();
    expect(publicRevokedReason('transcript', null)).toBeNull();
  });
});
