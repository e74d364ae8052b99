import { describe, expect, it } from 'vitest';
import { chooseLayout } from './layout';

const q = (s = '') => new URLSearchParams(s);

describe('chooseLayout', () => {
  it('uses the complete layout for preview and external post routes, and the preview flag', () => {
    expect(chooseLayout('/preview/article/[articleId]', q())).toBe('complete');
    expect(chooseLayout('/externalPost', q())).toBe('complete');
    expect(chooseLayout('/news/[directStyle]', q('preview=1'))).toBe('complete');
  });

  it('uses the simple layout for LINE routes, first-login password, email links and third parties', () => {
    expect(chooseLayout('/line/link', q())).toBe('simple');
    expect(chooseLayout('/member/password', q('firstLogin=true'))).toBe('simple');
    expect(chooseLayout('/password/reset', q('email=a%40b.tw'))).toBe('simple');
    expect(chooseLayout('/login', q('identity=thirdParty'))).toBe('simple');
  });

  it('keeps the default layout otherwise', () => {
    expect(chooseLayout('/', q())).toBe('default');
    expect(chooseLayout('/member/password', q())).toBe('default');
    expect(chooseLayout('/member/password', q('firstLogin=false'))).toBe('default');
    expect(chooseLayout('/login', q('identity=member'))).toBe('default');
  });

  it('matches whole route segments, not words hidden inside another name', () => {
    expect(chooseLayout('/member/membershipReview/[applicationId]', q())).toBe('default');
    expect(chooseLayout('/member/disciplineReview', q())).toBe('default');
    expect(chooseLayout('/member/onlineCourses', q())).toBe('default');
    expect(chooseLayout('/preview/signin/[memberClassId]', q())).toBe('complete');
  });

  it('lets complete win over simple when both apply', () => {
    expect(chooseLayout('/preview/line', q('email=x'))).toBe('complete');
  });
});
