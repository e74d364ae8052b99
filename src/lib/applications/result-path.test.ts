import { describe, expect, it } from 'vitest';
import { applicationResultPath, applicationReturnPath } from './result-path';

describe('where an applicant follows an application', () => {
  it('is the result page of its flow, in the reader’s language', () => {
    expect(applicationResultPath({ id: 7, type: 'join' }, 'zh-tw')).toBe('/signinResult?applicationId=7');
    expect(applicationResultPath({ id: 7, type: 'upgrade' }, 'en-us')).toBe(
      '/en-us/member/upgradeResult?applicationId=7',
    );
    expect(applicationResultPath({ id: 7, type: 'quit' }, 'zh-tw')).toBe('/member/quit/result?applicationId=7');
  });

  it('is the claim’s own page for a credit claim, also back from the gateway', () => {
    expect(applicationResultPath({ id: 9, type: 'creditClaim' }, 'en-us')).toBe('/en-us/credit/detail/9');
    expect(applicationReturnPath({ id: 9, type: 'creditClaim' }, 31, 'zh-tw')).toBe('/credit/detail/9?orderId=31');
    expect(applicationReturnPath({ id: 9, type: 'extension' }, 31, 'zh-tw')).toBe(
      '/member/extension/return?orderId=31',
    );
  });

  it('is the course’s page under its certification for an organisation’s course application', () => {
    const course = { id: 12, type: 'course', form: { kindId: 2 } };
    expect(applicationResultPath(course, 'zh-tw')).toBe('/organ/center/contiEdu/2/detail/12');
    expect(applicationReturnPath(course, 40, 'en-us')).toBe('/en-us/organ/center/contiEdu/2/detail/12?orderId=40');
  });
});
