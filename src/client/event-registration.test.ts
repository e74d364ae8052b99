import { describe, expect, it } from 'vitest';
import { businessNoOk, fill } from './event-registration';

describe('the registration block’s texts and checks', () => {
  it('fills the places a text names and leaves the others as they are', () => {
    expect(fill('您的費用：{{price}}（{{tier}}）', { price: '新臺幣 1,200 元', tier: '會員價' })).toBe(
      '您的費用：新臺幣 1,200 元（會員價）',
    );
    expect(fill('number {{position}} of {{total}}', { position: 3 })).toBe('number 3 of {{total}}');
  });

  it('takes a business number (統一編號) of eight digits, or none', () => {
    expect(businessNoOk('04595257')).toBe(true);
    expect(businessNoOk(' 04595257 ')).toBe(true);
    expect(businessNoOk('')).toBe(true);
    expect(businessNoOk('1234567')).toBe(false);
    expect(businessNoOk('123456789')).toBe(false);
    expect(businessNoOk('0459525A')).toBe(false);
  });
});
