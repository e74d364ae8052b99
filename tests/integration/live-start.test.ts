import { describe, expect, it } from 'vitest';
import { api, baseUrl, signIn, signUpIndividual, signUpOrganisation } from './helpers';

// A society going live: `SEED_DEMO=false` on an empty database, before any society file is applied
// (project integration-live, on both engines). Every page answers, nothing says "undefined", and the
// account tests that bring their own people run here too (vitest.config.ts, LIVE_TESTS).

const PUBLIC_PAGES = [
  '/',
  '/news/list',
  '/news/card',
  '/article/list',
  '/article/card',
  '/article/detail/1',
  '/event/list',
  '/event/card',
  '/event/calendar',
  '/event/detail/1',
  '/journals/1',
  '/journals/1/1',
  '/externalPost',
  '/credit/overview',
  '/credit/detail/1',
  '/imageLink/1',
  '/login',
  '/password/forget',
  '/password/reset',
  '/webUser/createAccount',
  '/organ/createAccount',
  '/signinTerm',
  '/signin',
  '/signinSearch',
  '/signinCheck',
  '/signinResult',
  '/signinReturn',
  '/verify/ABCD2345',
  '/ticket/x',
  '/preview/article/1?token=x',
  '/preview/event/1?token=x',
  '/preview/file/1?token=x',
  '/preview/signin/1?token=x',
  '/preview/credit/1?token=x',
  '/about-us',
  '/search',
  '/search?q=%E5%AD%B8%E6%9C%83',
  '/search?q=guideline&kind=file&year=2026&page=2',
  '/sitemap.xml',
  '/rss.xml',
  '/robots.txt',
];

const INDIVIDUAL_PAGES = [
  '/member/center',
  '/member/profile',
  '/member/edit',
  '/member/password',
  '/member/payment',
  '/member/registrations',
  '/member/review',
  '/member/remittances',
  '/member/upgrade',
  '/member/upgradeInfo',
  '/member/upgradeResult',
  '/member/extension/apply',
  '/member/quit/apply',
  '/member/stop/apply',
  '/member/restart/apply',
  '/member/replace/apply',
  '/member/join/result',
  '/member/certification/1',
  '/eventHorizon',
  '/webUser/center',
  '/webUser/center/profile',
  '/webUser/center/editAccount',
  '/webUser/center/editPassword',
  '/credit/overview',
  '/credit/claim',
  '/signinTerm',
  '/member/post/notice/entrance',
  '/webUser/post/entrance',
  '/member/post/notice?postId=1',
  '/member/post/notice/applyForm?paperId=1',
  '/member/post/1',
  '/member/post/detail/1',
  '/member/post/detail/authorization?paperId=1',
  '/member/paperReview/1',
  '/member/paperReview/emailClaim?token=x',
];

const ORGANISATION_PAGES = [
  '/organ/center',
  '/organ/center/account',
  '/organ/center/account/editAccount',
  '/organ/center/account/editPassword',
  '/organ/center/contiEdu/1',
  '/organ/center/contiEdu/1/notice',
  '/organ/center/contiEdu/1/applyForm',
  '/organ/center/contiEdu/1/ContiEduApplicationEmpty',
  '/organ/center/contiEdu/1/detail/1',
];

const LOCALES = ['', '/en-us'];

async function answers(path: string, cookie = '') {
  const response = await fetch(`${baseUrl()}${path}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, body: await response.text() };
}

function expectServed(path: string, { status, body }: { status: number; body: string }) {
  expect(status, `${path} answered ${status}`).toBeLessThan(500);
  // Nothing a template fills from missing data.
  expect(body, path).not.toMatch(/>\s*(undefined|null|NaN)\s*</);
}

describe('an empty live start', () => {
  it('serves every public page in both languages without a server error', async () => {
    for (const locale of LOCALES)
      for (const path of PUBLIC_PAGES) expectServed(`${locale}${path}`, await answers(`${locale}${path}`));
  });

  it('names no society yet, and says so to nobody but staff: a neutral name and a way in', async () => {
    const home = await answers('/en-us/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Home | Member portal</title>');
    expect(home.body).toContain('Join the society');
    expect(home.body).not.toContain('not set up yet');
    const zh = await answers('/');
    expect(zh.body).toContain('會員服務網');
    expect((await answers('/en-us/signinTerm')).body).toContain('No member class is taking applications now.');
    expect((await answers('/en-us/credit/overview')).body).toContain(
      'The society has not published a certification that counts credits yet.',
    );
  });

  it('answers the site API with the base data: settings, languages, web info, an empty home page', async () => {
    const settings = await api<{ webEmailValidMinute: number; loginBlockMinute: number }>('/api/amsw0901');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ code: 0, data: { webEmailValidMinute: 10, loginBlockMinute: 15 } });
    const languages = await api<{ langList: unknown[] }>('/api/amsw0201/langCode');
    expect(languages.body.data.langList).toHaveLength(2);
    const info = await api<{ name: string }>('/api/amsw0201/webInfo', { lang: 'en-us' });
    expect(info.body).toMatchObject({ code: 0, data: { name: 'Member portal' } });
    const home = await api<{ indexPartList: unknown[] }>('/api/amsw0202');
    expect(home.body).toMatchObject({ code: 0, data: { indexPartList: [] } });
    const kinds = await api('/api/amsw0602');
    expect(kinds.body).toMatchObject({ code: 0, data: { certificationList: [] } });
    // Site search: an empty index finds nothing, and says so.
    const searched = await api(`/api/amsw0308?q=${encodeURIComponent('學會 guideline')}`);
    expect(searched.body).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    const page = await answers('/en-us/search?q=guideline');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Nothing matches “guideline”.');
  });

  it('sends a visitor to sign in from every account page', async () => {
    for (const path of [...INDIVIDUAL_PAGES, ...ORGANISATION_PAGES].filter((p) => p !== '/credit/overview')) {
      const { status, body } = await answers(path);
      expectServed(path, { status, body });
      // The sign-up terms and the paper review pages (opened by a mailed link) have no login step.
      if (path !== '/signinTerm' && !path.includes('paperReview')) expect([302, 303], path).toContain(status);
    }
  });

  it('serves every account page to a new web user and a new organisation without a server error', async () => {
    const person = await signUpIndividual();
    const individual = await signIn(person.email, person.password);
    expect(individual.body.code).toBe(0);
    const organ = await signUpOrganisation();
    const organisation = await signIn(organ.email, organ.password, 'organ');
    expect(organisation.body.code).toBe(0);
    for (const locale of LOCALES) {
      for (const path of INDIVIDUAL_PAGES)
        expectServed(`${locale}${path}`, await answers(`${locale}${path}`, individual.cookie));
      for (const path of ORGANISATION_PAGES)
        expectServed(`${locale}${path}`, await answers(`${locale}${path}`, organisation.cookie));
    }
    const centre = await answers('/en-us/webUser/center', individual.cookie);
    expect(centre.status).toBe(200);
  });
});
