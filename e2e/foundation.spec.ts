import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test.describe('the first start', () => {
  test('/ shows the Turkish storefront above the retweet profiles', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerçek ve yönetilen profillerden etkileşim');
    await expect(page.getByRole('heading', { level: 2, name: 'Twitter – Retweet: profiller' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Platformlar' }).getByRole('link')).toHaveText(['Twitter', 'Instagram', 'YouTube', 'TikTok']);
  });

  test('English and German pages live under /en and /de', async ({ page }) => {
    await page.goto('/en/service/retweet');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Twitter – Retweet');
    await expect(page.getByRole('navigation', { name: 'Services' })).toBeVisible();
    await page.goto('/de/service/like');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Twitter – Gefällt mir');
  });

  test('?lng= switches the language and is remembered', async ({ page }) => {
    await page.goto('/service/like?lng=en');
    await expect(page).toHaveURL(/\/en\/service\/like$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });

  test('a platform tab opens that platform’s first service', async ({ page }) => {
    await page.goto('/service/retweet');
    await page.getByRole('link', { name: 'Instagram' }).click();
    await expect(page).toHaveURL(/\/service\/reels_comment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Instagram – Reels Yorum');
  });

  test('an unknown service shows the placeholder with a 404 status', async ({ page }) => {
    const res = await page.goto('/service/does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hizmet bulunamadı');
  });

  test('the API lists the platforms and unknown API paths answer JSON', async ({ request }) => {
    const list = await request.get('/api/platformlar');
    expect(await list.json()).toMatchObject({
      success: true,
      platformlar: [{ ad: 'twitter' }, { ad: 'instagram' }, { ad: 'youtube' }, { ad: 'tiktok' }],
    });
    const missing = await request.get('/api/nope');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  test('a body over 1 MB is refused with 413', async ({ request }) => {
    const res = await request.post('/api/platformlar', { data: 'x'.repeat(1024 * 1024 + 10), headers: { 'content-type': 'application/json' } });
    expect(res.status()).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  test('Socket.IO answers a polling handshake at /socket.io/', async ({ request }) => {
    const res = await request.get('/socket.io/?EIO=4&transport=polling');
    expect(res.status()).toBe(200);
    expect(await res.text()).toMatch(/^0\{"sid":/);
  });
});

test.describe('an English-speaking browser', () => {
  test.use({ locale: 'en-GB' });

  test('is sent from / to the English pages', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('the design system (issue #15)', () => {
  test('the header shows the brand and a drawn globe, no emoji; the icons and the Open Graph image are served', async ({ page, request }) => {
    await page.goto('/service/retweet');
    await expect(page.locator('[data-site-header] [data-brand] [data-brand-mark]')).toBeVisible();
    await expect(page.locator('[data-language-picker] svg.lucide-globe')).toBeVisible();
    // Emoji and symbol glyphs (arrows, shapes, dingbats) render as empty boxes without an emoji font
    // (Linux): none in the header and footer. The © of the footer is text.
    for (const part of ['[data-site-header]', '[data-site-footer]']) {
      expect(await page.locator(part).innerText()).not.toMatch(/[\p{Emoji_Presentation}\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2b00-\u2bff]/u);
    }
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toBeTruthy();
    const image = await request.get(new URL(og!).pathname + new URL(og!).search);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    for (const icon of ['/icon.svg', '/apple-icon.png']) expect((await request.get(icon)).status()).toBe(200);
  });

  test('a dark system scheme darkens the page and keeps its contrast', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(11, 17, 32)');
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', '#0b1120');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
