import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_STATUSES } from '../membership/terms';
import { certificateAvailable } from './availability';

describe('a membership certificate', () => {
  it('is drawn for a current membership only', () => {
    const available = MEMBERSHIP_STATUSES.filter((s) => certificateAvailable(s));
    expect(available).not.toContain('lapsed');
    expect(available).not.toContain('ended');
    expect(available).toContain('active');
    expect(certificateAvailable(null)).toBe(false);
  });
});
