import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Once per language; the /zh-tw/ address of the Chinese page is checked by the integration tests (pages).
const LOCALES = [
  {
    path: '/',
    lang: 'zh-Hant-TW',
    canonical: '/',
    name: '臺灣臨床繼續教育醫學會',
    carousel: '焦點活動',
    news: '最新消息',
    events: '近期活動',
    cards: '會員服務',
    links: '相關連結',
    address: '100 臺北市中正區仁愛路一段 1 號 8 樓',
  },
  {
    path: '/en-us/',
    lang: 'en-US',
    canonical: '/en-us/',
    name: 'Taiwan Society for Continuing Clinical Education',
    carousel: 'Highlights',
    news: 'Latest news',
    events: 'Upcoming events',
    cards: 'Member services',
    links: 'Related links',
    address: "8F, No. 1, Sec. 1, Ren'ai Rd., Zhongzheng Dist., Taipei 100, Taiwan",
  },
] as const;

const EMAIL = 'service@tscce.example.org';

for (const l of LOCALES) {
  test(`home page ${l.path} shows every block in its language`, async ({ page, baseURL }) => {
    const response = await page.goto(l.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page).toHaveTitle(new RegExp(l.name));

    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: l.carousel })).toBeVisible();
    await expect(main.getByRole('region', { name: l.carousel })).toHaveAttribute('aria-roledescription', 'carousel');

    const news = main.getByRole('region', { name: l.news });
    await expect(news.getByRole('heading', { name: l.news })).toBeVisible();
    await expect(news.locator('a[href*="/article/detail/"]').first()).toBeVisible();

    const events = main.getByRole('region', { name: l.events });
    await expect(events.getByRole('heading', { name: l.events })).toBeVisible();
    await expect(events.locator('a[href*="/event/detail/"]').first()).toBeVisible();

    const cards = main.getByRole('region', { name: l.cards });
    await expect(cards.getByRole('heading', { name: l.cards })).toBeVisible();
    expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect(cards.getByRole('listitem').first()).toBeVisible();

    const links = main.getByRole('region', { name: l.links });
    await expect(links.getByRole('heading', { name: l.links })).toBeVisible();
    await expect(links.getByRole('listitem').first()).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(l.address);
    await expect(footer.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(l.canonical, baseURL).href);
    await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant-TW"]')).toHaveAttribute(
      'href',
      new URL('/', baseURL).href,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute(
      'href',
      new URL('/en-us/', baseURL).href,
    );
  });
}

test('the header logo link is named "home" in the reader\'s language', async ({ page }) => {
  await page.goto('/');
  const logo = page.getByRole('banner').getByRole('link', { name: /^臺灣臨床繼續教育醫學會 – / });
  await expect(logo).toHaveAttribute('href', '/');
  await expect(logo).toHaveAccessibleName('臺灣臨床繼續教育醫學會 – 首頁', { timeout: 2_000 });
  await page.goto('/en-us/');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Taiwan Society/ })).toHaveAccessibleName(
    'Taiwan Society for Continuing Clinical Education – Home',
  );
});

/** The carousel of the zh-tw home page and what a reader sees of it. */
function carouselOf(page: Page) {
  const carousel = page.getByRole('region', { name: '焦點活動' });
  return {
    carousel,
    /** The slide shown now: the only slide group that is not aria-hidden. */
    shown: carousel.getByRole('group'),
    pause: carousel.getByRole('button', { name: /^(暫停輪播|播放輪播)$/ }),
    next: carousel.getByRole('button', { name: '下一張' }),
    previous: carousel.getByRole('button', { name: '上一張' }),
  };
}

async function expectSlide(shown: Locator, index: number) {
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('aria-label', `第 ${index} 張，共 3 張`);
  await expect(shown).toBeVisible();
}

test.describe('carousel', () => {
  test('has named controls, and Next, Previous, the slide buttons and ArrowRight change the slide', async ({
    page,
  }) => {
    await page.goto('/');
    const { carousel, shown, pause, next, previous } = carouselOf(page);
    await expect(pause).toHaveAccessibleName('暫停輪播');
    await expect(previous).toBeVisible();
    await expect(next).toBeVisible();
    for (const index of [1, 2, 3]) {
      await expect(carousel.getByRole('button', { name: `前往第 ${index} 張` })).toBeVisible();
    }
    await expectSlide(shown, 1);
    await expect(carousel.getByRole('button', { name: '前往第 1 張' })).toHaveAttribute('aria-current', 'true');

    await next.click();
    await expectSlide(shown, 2);
    await expect(carousel.getByRole('button', { name: '前往第 2 張' })).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByRole('button', { name: '前往第 1 張' })).not.toHaveAttribute('aria-current', 'true');

    await previous.click();
    await expectSlide(shown, 1);
    await previous.click();
    await expectSlide(shown, 3);

    await carousel.getByRole('button', { name: '前往第 2 張' }).click();
    await expectSlide(shown, 2);

    // Keyboard: focus is inside the carousel (on the button just pressed); ArrowRight moves on.
    await page.keyboard.press('ArrowRight');
    await expectSlide(shown, 3);
    await page.keyboard.press('ArrowRight');
    await expectSlide(shown, 1);
    await page.keyboard.press('ArrowLeft');
    await expectSlide(shown, 3);
  });

  test('only the link of the slide shown can be reached with Tab', async ({ page }) => {
    await page.goto('/');
    const { carousel, next } = carouselOf(page);
    const slideLinks = carousel.locator('[data-slide] a');
    await expect(slideLinks).toHaveCount(3);
    await expect(slideLinks.nth(0)).not.toHaveAttribute('tabindex', '-1');
    await expect(slideLinks.nth(1)).toHaveAttribute('tabindex', '-1');
    await next.click();
    await expect(slideLinks.nth(0)).toHaveAttribute('tabindex', '-1');
    await expect(slideLinks.nth(1)).not.toHaveAttribute('tabindex', '-1');
  });

  test('the pause button toggles between pause and play', async ({ page }) => {
    await page.goto('/');
    const { pause } = carouselOf(page);
    await expect(pause).toHaveAccessibleName('暫停輪播');
    await pause.click();
    await expect(pause).toHaveAccessibleName('播放輪播');
    await pause.click();
    await expect(pause).toHaveAccessibleName('暫停輪播');
  });

  test('advances by itself every 6 s when motion is allowed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const { shown, pause } = carouselOf(page);
    await expect(pause).toHaveAccessibleName('暫停輪播');
    await expectSlide(shown, 1);
    await page.clock.runFor(6_500);
    await expectSlide(shown, 2);
  });

  test('starts paused and stays on the first slide when the reader asks for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const { shown, pause } = carouselOf(page);
    await expect(pause).toHaveAccessibleName('播放輪播');
    await page.clock.runFor(20_000);
    await expectSlide(shown, 1);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens and closes the navigation; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: '選單', exact: true });
    const mobileNav = page.locator('#mobile-nav');
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav).toBeHidden();
    // The desktop navigation is not shown on a phone.
    await expect(page.locator('header nav:not(#mobile-nav)')).toBeHidden();

    await menuButton.click();
    const closeButton = page.getByRole('button', { name: '關閉選單' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole('link', { name: '最新消息' })).toBeVisible();

    await closeButton.click();
    await expect(mobileNav).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(mobileNav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
