import { describe, expect, it } from 'vitest';
import * as validators from './index';

describe('validators index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'isTaiwanNationalId',
      'isResidentCertificateNumber',
      'normalizePersonId',
      'personIdKind',
      'maskPersonId',
      'isTaiwanBusinessNumber',
      'maskName',
      'checkPassword',
      'createPasswordSchema',
      'passwordSchema',
      'PASSWORD_RULES',
      'isTaiwanMobile',
      'normalizeTaiwanMobile',
      'isPhoneNumber',
      'personIdSchema',
      'businessNumberSchema',
      'emailSchema',
      'mobileSchema',
    ]) {
      expect(validators, name).toHaveProperty(name);
    }
  });
});
