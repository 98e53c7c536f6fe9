import { expect, test } from './fixtures';
import { allProfileBoxes, BROWSER_LOCALE, LOCALES, msg, msgPattern, prefix } from './public-helpers';

for (const l of LOCALES) {
  test.describe(`a visitor (${l})`, () => {
    test.use({ locale: BROWSER_LOCALE[l] });

    test('finds the profile list in the server HTML of a service page', async ({ request }) => {
      const html = await (await request.get(`${prefix(l)}/service/like`, { headers: { 'accept-language': BROWSER_LOCALE[l] } })).text();
      expect(html).toContain(`<h1 id="service-heading"`);
      // The first 12 cards come with the page; the rest are added in the browser once it is idle.
      const cards = html.match(/data-profile-id="\d+"/g)?.length ?? 0;
      expect(cards).toBeGreaterThan(5);
      expect(cards).toBeLessThanOrEqual(12);
      expect(html).toContain(msg(l, 'ServicePage.visitorNotice'));
    });

    test('browses, selects profiles and is taken to log in to send', async ({ page }) => {
      await page.goto(`${prefix(l)}/service/like`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Twitter – ${msg(l, 'Services.like')}`);
      await expect(page.locator('[data-visitor-notice]')).toBeVisible();
      const boxes = await allProfileBoxes(page);
      const total = await boxes.count();
      expect(total).toBeGreaterThan(5);
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await expect(page.locator('[data-selected-count]')).toHaveText(msg(l, 'ServicePage.selectedCount', { selected: 2, total }));

      await page.getByRole('button', { name: msg(l, 'ServicePage.selectAll') }).click();
      await expect(page.locator('[data-selected-count]')).toHaveText(msg(l, 'ServicePage.selectedCount', { selected: total, total }));
      await page.getByRole('button', { name: msg(l, 'ServicePage.removeAll') }).click();
      await expect(page.locator('[data-selected-count]')).toHaveText(msg(l, 'ServicePage.selectedCount', { selected: 0, total }));

      // Every username links to the public profile on the platform, in a new tab.
      const link = page.locator('[data-profile-list]').getByRole('link').first();
      await expect(link).toHaveAttribute('href', /^https:\/\/x\.com\/[^/]+$/);
      await expect(link).toHaveAttribute('target', '_blank');

      await boxes.nth(2).check();
      await page.getByLabel(msg(l, 'ServicePage.tweetUrl')).fill('https://x.com/someone/status/1234567890');
      await page.getByRole('button', { name: msg(l, 'ServicePage.loginToSend') }).click();
      // Straight to /login, to come back here afterwards (issue #32; the way back is in public-orders.spec.ts).
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/login\\?next=%2Fservice%2Flike$`));
    });

    test('/service without a service shows the §2 placeholder with the services to choose from', async ({ page }) => {
      const res = await page.goto(`${prefix(l)}/service`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: msg(l, 'ServicePage.chooseService') })).toBeVisible();
      await page.locator('[data-choose-service]').getByRole('link', { name: msg(l, 'Services.youtube_subscribe') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/youtube_subscribe$`));
    });

    test('moves between platforms and services with the header tabs, the strip and the keyboard', async ({ page }) => {
      await page.goto(`${prefix(l)}/service/retweet`);
      await page.getByRole('navigation', { name: msg(l, 'Header.platformsLabel') }).getByRole('link', { name: 'YouTube' }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/youtube_like$`));
      const strip = page.getByRole('navigation', { name: msg(l, 'Header.servicesLabel') });
      await strip.getByRole('link', { name: msg(l, 'Services.youtube_like') }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(strip.getByRole('link', { name: msg(l, 'Services.youtube_comment') })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/youtube_comment$`));
      // YouTube shows no follower counts; the comment form has a prompt with tips.
      await expect(page.getByText(msgPattern(l, 'ServicePage.followers')).first()).toHaveCount(0);
      await expect(page.getByLabel(msg(l, 'ServicePage.prompt'))).toBeVisible();
      await expect(page.getByRole('heading', { name: msg(l, 'ServicePage.tipsTitle') })).toBeVisible();
      // Every Instagram service page has its tips box too (§2), not only the comment one.
      await page.goto(`${prefix(l)}/service/reels_like`);
      await expect(page.getByRole('heading', { name: msg(l, 'ServicePage.tipsTitle') })).toBeVisible();
      await expect(page.getByText(msg(l, 'Tips.instagram.t2'))).toBeVisible();
    });

    test('the service strip scrolls by dragging and a tap still opens a tab', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${prefix(l)}/service/retweet`);
      const strip = page.locator('[data-service-strip]');
      // Twitter's services overflow a 360 px phone in every language, so there is always something to drag.
      await page.waitForLoadState('networkidle'); // the drag handlers are attached at hydration
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const box = (await strip.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width - 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 60, y, { steps: 5 });
      await page.mouse.up();
      expect(await strip.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(55);
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/retweet$`));
      await strip.getByRole('link', { name: msg(l, 'Services.new_tweet') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/service/new_tweet$`));
    });

    test('opens the help drawer with the FAQ, and Escape or the backdrop closes it', async ({ page }) => {
      await page.goto(`${prefix(l)}/service/retweet`);
      await page.getByRole('button', { name: msg(l, 'Footer.helpLabel') }).click();
      const drawer = page.getByRole('dialog', { name: msg(l, 'Help.title') });
      await expect(drawer).toBeVisible();
      await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /.*/);
      const box = (await drawer.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(Math.round(box.height)).toBe(Math.round(viewport.height * 0.7));
      await drawer.getByRole('button', { name: msg(l, 'Help.faq.accountAccess.q') }).click();
      await expect(drawer.getByText(msg(l, 'Help.faq.accountAccess.a'))).toBeVisible();
      await expect(drawer.getByRole('heading', { level: 4 })).toHaveCount(6);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked', /.*/);

      await page.getByRole('button', { name: msg(l, 'Footer.helpLabel') }).click();
      await expect(drawer).toBeVisible();
      await page.mouse.click(10, 10);
      await expect(drawer).toBeHidden();
    });

    test('the Menu lists the policy pages and the language picker switches the URL and is remembered', async ({ page }) => {
      await page.goto(`${prefix(l)}/service/like`);
      await page.getByRole('button', { name: msg(l, 'Footer.menuLabel') }).click();
      await page.getByRole('menuitem', { name: msg(l, 'Policies.privacy.title') }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/privacy$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(l, 'Policies.privacy.title'));
      // Policy pages show only the title in the header, and a close button to /.
      await expect(page.locator('[data-site-header]')).toHaveAttribute('data-title-only');
      await expect(page.getByRole('navigation', { name: msg(l, 'Header.platformsLabel') })).toHaveCount(0);

      const target = l === 'de' ? 'en' : 'de';
      await page.getByRole('button', { name: new RegExp(msg(l, 'Footer.languageLabel')) }).click();
      await page.getByRole('menuitem', { name: msg(l, `Footer.languages.${target}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/${target}/privacy$`));
      await expect(page.locator('html')).toHaveAttribute('lang', target);
      await page.goto('/cookies');
      await expect(page).toHaveURL(new RegExp(`/${target}/cookies$`));
    });
  });
}

test('the browser gets its messages compiled: no ICU parser in the page’s scripts, and plurals and values still formatted', async ({ page }) => {
  // The parser is ~12 KB of gzip script on every page (lib/infra/i18n/format-message.browser.ts).
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (/\/_next\/static\/chunks\/.*\.js$/.test(new URL(res.url()).pathname)) scripts.push(res.text());
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/en/service/like');
  const boxes = await allProfileBoxes(page);
  const total = await boxes.count();
  await boxes.nth(0).check();
  await expect(page.locator('[data-selected-count]')).toHaveText(msg('en', 'ServicePage.selectedCount', { selected: 1, total }));
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) {
    expect(body).not.toContain('selectordinal');
    expect(body).not.toContain('parser can only be used once');
  }
  expect(errors).toEqual([]);
});

test.describe('the header by area', () => {
  test('is hidden on /admin-login and shows only the title on the password and policy pages', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.locator('[data-site-header]')).toHaveCount(0);
    await page.goto('/service/like');
    await expect(page.locator('[data-site-header]')).not.toHaveAttribute('data-title-only');
    await expect(page.getByRole('navigation', { name: msg('tr', 'Header.accountLabel') }).getByRole('link', { name: msg('tr', 'Header.login') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: msg('tr', 'Header.accountLabel') }).getByRole('link', { name: msg('tr', 'Header.register') })).toBeVisible();
    for (const path of ['/forgot-password', '/terms', '/de/cookies']) {
      await page.goto(path);
      await expect(page.locator('[data-site-header]')).toHaveAttribute('data-title-only');
      await expect(page.locator('[data-site-header]').getByRole('link', { name: /Log in|Giriş Yap/ })).toHaveCount(0);
    }
  });
});

test.describe('the storefront on a phone', () => {
  test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

  test('shows what the product does, why and what it costs in the first screen, above the profile grid, without horizontal scroll', async ({ page, request }) => {
    const { paketler } = (await (await request.get('/api/paketler')).json()) as { paketler: { platform_fiyatlari: { twitter: number; instagram: number; youtube: number } }[] };
    await page.goto('/en');
    const hero = page.locator('[data-storefront-hero]');
    await expect(hero.getByRole('heading', { level: 1, name: msg('en', 'Storefront.title') })).toBeInViewport();
    for (const key of ['realProfiles', 'liveStatus', 'autoRefund']) await expect(hero.getByRole('heading', { name: msg('en', `Storefront.features.${key}.title`) })).toBeVisible();
    // The cheapest active package per platform, as the database has it.
    const cheapest = Math.min(...paketler.map((p) => p.platform_fiyatlari.twitter!));
    await expect(hero.locator('[data-from-price="twitter"]')).toHaveText(`$${cheapest.toFixed(2)}`);
    const heroBox = (await hero.boundingBox())!;
    expect(heroBox.y + heroBox.height).toBeLessThanOrEqual(844);
    const grid = (await page.locator('[data-profile-list]').boundingBox())!;
    expect(grid.y).toBeGreaterThanOrEqual(heroBox.y + heroBox.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(hero.getByRole('link', { name: msg('en', 'Storefront.register') })).toHaveAttribute('href', '/en/login?tab=register');
    await hero.getByRole('link', { name: msg('en', 'Storefront.seePricing') }).click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('the service strip on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });

  /** A finger moving from x0 to x1 (steps of 8 px, 16 ms apart), through Chromium's touch input. */
  async function swipe(page: import('@playwright/test').Page, x0: number, x1: number, y: number) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    const steps = Math.max(1, Math.round(Math.abs(x1 - x0) / 8));
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * i) / steps, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a finger drags the strip 1.5 times its movement without opening a tab, and a tap opens one', async ({ page }) => {
    await page.goto('/service/retweet');
    const strip = page.locator('[data-service-strip]');
    await page.waitForLoadState('networkidle'); // the drag handlers are attached at hydration
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const box = (await strip.boundingBox())!;
    const y = box.y + box.height / 2;
    await swipe(page, box.x + box.width - 20, box.x + box.width - 100, y);
    const scrolled = await strip.evaluate((el) => el.scrollLeft);
    expect(scrolled).toBeGreaterThanOrEqual(100); // 80 px of finger movement, multiplier 1.5
    expect(scrolled).toBeLessThanOrEqual(140);
    await expect(page).toHaveURL(/\/service\/retweet$/);
    // A tap (short, still) is a click: it opens the tab under the finger. The finger lands on a
    // tab the strip now shows whole (no scrolling in between).
    const target = await strip.evaluate((el) => {
      const view = el.getBoundingClientRect();
      const link = Array.from(el.querySelectorAll<HTMLAnchorElement>('a[href]')).find((a) => {
        const r = a.getBoundingClientRect();
        return r.left >= view.left && r.right <= view.right && !a.getAttribute('aria-current');
      })!;
      const r = link.getBoundingClientRect();
      return { href: link.getAttribute('href')!, x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    // A moment later, as a person would: Chromium itself turns no tap into a click when it lands
    // within a few hundred milliseconds of a swipe's end (no click event reaches the page at all).
    await page.waitForTimeout(1000);
    await page.touchscreen.tap(target.x, target.y);
    await expect(page).toHaveURL(new RegExp(`${target.href}$`));
  });
});

test.describe('the comment prompt', () => {
  test('types its examples one after another, and stays still when the user prefers reduced motion', async ({ page }) => {
    await page.goto('/en/service/comment');
    const prompt = page.getByLabel(msg('en', 'ServicePage.prompt'));
    const first = msg('en', 'Placeholders.comment.e1');
    await expect(prompt).toHaveAttribute('placeholder', first);
    // Deleting and typing go character by character, so shorter, partial texts appear.
    await expect.poll(async () => (await prompt.getAttribute('placeholder'))!.length, { timeout: 8000 }).toBeLessThan(first.length);
    await expect(prompt).toHaveAttribute('placeholder', msg('en', 'Placeholders.comment.e2'), { timeout: 10_000 });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en/service/comment');
    await page.waitForTimeout(3500);
    await expect(prompt).toHaveAttribute('placeholder', first);
  });

  test('rotates whole examples every 3 seconds on Instagram', async ({ page }) => {
    await page.goto('/de/service/reels_comment');
    const prompt = page.getByLabel(msg('de', 'ServicePage.prompt'));
    await expect(prompt).toHaveAttribute('placeholder', msg('de', 'Placeholders.reels_comment.e1'));
    await page.waitForTimeout(2000);
    await expect(prompt).toHaveAttribute('placeholder', msg('de', 'Placeholders.reels_comment.e1'));
    await expect(prompt).toHaveAttribute('placeholder', msg('de', 'Placeholders.reels_comment.e2'), { timeout: 3000 });
  });
});

test.describe('the contact form', () => {
  test('sends a message, then waits 60 s — enforced by the server per e-mail and per IP, in every language', async ({ page, request }) => {
    const email = `contact-${Date.now()}@example.com`;
    const fill = async (l: (typeof LOCALES)[number], address: string) => {
      await page.goto(`${prefix(l)}/service/retweet`);
      await page.getByRole('button', { name: msg(l, 'Footer.helpLabel') }).click();
      const drawer = page.getByRole('dialog', { name: msg(l, 'Help.title') });
      await drawer.getByLabel(msg(l, 'Contact.name')).fill('Ayşe Yılmaz');
      await drawer.getByLabel(msg(l, 'Contact.email')).fill(address);
      await drawer.getByLabel(msg(l, 'Contact.subject')).selectOption('purchase');
      await drawer.getByLabel(msg(l, 'Contact.message')).fill('Paketler hakkında bilgi almak istiyorum.');
      return drawer;
    };

    const tr = await fill('tr', email);
    await tr.getByRole('button', { name: msg('tr', 'Contact.send') }).click();
    await expect(page.getByText(msg('tr', 'Contact.success'))).toBeVisible();
    const button = tr.locator('button[type=submit]');
    await expect(button).toHaveText(msgPattern('tr', 'Contact.cooldown'));
    await expect(tr.getByLabel(msg('tr', 'Contact.message'))).toHaveValue('');
    await button.click({ force: true });
    await expect(page.getByText(msgPattern('tr', 'Contact.wait'))).toBeVisible();

    // The server refuses the same address, and (another address) the same IP, with 429 and the seconds left.
    const again = await request.post('/api/contact', { data: { name: 'A', email, subject: '', message: 'x' } });
    expect(again.status()).toBe(429);
    expect((await again.json()).seconds).toBeGreaterThan(0);

    for (const l of ['en', 'de'] as const) {
      await page.evaluate(() => window.localStorage.removeItem('contact_cooldown_until'));
      const drawer = await fill(l, `other-${l}-${Date.now()}@example.com`);
      await drawer.getByRole('button', { name: msg(l, 'Contact.send') }).click();
      await expect(page.getByText(msgPattern(l, 'Errors.CONTACT_COOLDOWN'))).toBeVisible();
      await expect(drawer.locator('button[type=submit]')).toHaveText(msgPattern(l, 'Contact.cooldown'));
    }
  });
});

test.describe('the active platform (§3)', () => {
  test('is Twitter at first; /service then puts the platform last worked on first, marked', async ({ page }) => {
    await page.goto('/en/service');
    const cards = page.locator('[data-platform-choice]');
    await expect(cards.first()).toHaveAttribute('data-platform-choice', 'twitter');
    await expect(cards.first()).toHaveAttribute('data-active', 'true');
    expect(await page.evaluate(() => localStorage.getItem('activePlatform'))).toBeNull();

    await page.goto('/en/service/reels_like');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('activePlatform'))).toBe('instagram');
    await page.goto('/en/service');
    await expect(cards.first()).toHaveAttribute('data-platform-choice', 'instagram');
    await expect(cards.first().getByText(msg('en', 'ServicePage.lastUsedPlatform'))).toBeSeen();
    await expect(cards).toHaveCount(4);
  });
});
