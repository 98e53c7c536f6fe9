import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { adminLogin, adminToken } from './auth';

/** Browser journeys of issue 5: the admin back office at /rooting. */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;


const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name, exact: true }).click();
const toast = (page: Page, text: string) => expectToast(page, text);

test.describe('the admin back office', () => {
  test('a visitor and a customer are sent to /admin-login', async ({ page }) => {
    for (const path of ['/rooting', '/rooting/users', '/rooting/audit']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin-login$/);
    }
    const res = await page.request.get('/api/users');
    expect(res.status()).toBe(401);
  });

  test('an admin runs the business: package, user, subscriptions, discount code, each step in the audit log', async ({ page }) => {
    const id = unique();
    const pkg = `E2E Paket ${id}`;
    const user = `E2E Kullanıcı ${id}`;
    const code = `E2E${id}`;
    await adminLogin(page);
    await expect(page.locator('[data-site-header]')).toHaveCount(0);

    // Create a package.
    await nav(page, 'Paketler');
    await page.getByRole('button', { name: 'Yeni Paket' }).click();
    const pkgDialog = page.getByRole('dialog', { name: 'Yeni Paket' });
    await pkgDialog.getByLabel('Paket Adı').fill(pkg);
    await pkgDialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(pkgDialog.getByRole('alert')).toHaveText('Lütfen tüm alanları doğru şekilde doldurun!');
    await pkgDialog.getByLabel('Instagram Fiyatı ($)').fill('10');
    await pkgDialog.getByLabel('Twitter Fiyatı ($)').fill('19.99');
    await pkgDialog.getByLabel('YouTube Fiyatı ($)').fill('7.5');
    await pkgDialog.getByLabel('TikTok Fiyatı ($)').fill('9');
    await pkgDialog.getByLabel('Günlük Limit').fill('20');
    await pkgDialog.getByLabel('Profil Sayısı').fill('5');
    await pkgDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'Paket başarıyla oluşturuldu!');
    await expect(page.getByRole('row', { name: new RegExp(pkg) })).toContainText(/\$19[.,]99/);

    // Create a user.
    await nav(page, 'Kullanıcılar');
    await page.getByRole('button', { name: 'Yeni Kullanıcı Ekle' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Yeni Kullanıcı' });
    await userDialog.getByLabel('Ad Soyad').fill(user);
    await userDialog.getByLabel('E-posta').fill(`e2e-${id}@example.com`);
    await userDialog.getByLabel('Şifre', { exact: true }).fill('secret1');
    await userDialog.getByLabel('Şifre (tekrar)').fill('secret2');
    await userDialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(userDialog.getByText('Şifreler eşleşmiyor.')).toBeVisible();
    await userDialog.getByLabel('Şifre (tekrar)').fill('secret1');
    await userDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'Kullanıcı başarıyla oluşturuldu!');
    // The user's details and subscriptions are in the row's drawer (issue #15).
    await page.locator('[data-user-row]').filter({ hasText: user }).locator('[data-user-open]').click();
    const card = page.getByRole('dialog', { name: user, exact: true });
    await expect(card.getByText('Aktif abonelik yok')).toBeVisible();

    // Assign Twitter and YouTube.
    await card.getByRole('button', { name: 'Paket Ekle' }).click();
    const assign = page.getByRole('dialog', { name: 'Paket Ekle' });
    await assign.getByLabel('Paket').selectOption({ label: pkg });
    await assign.getByRole('button', { name: 'Paketi Ata' }).click();
    await expect(assign.getByRole('alert')).toHaveText('Lütfen en az bir platform seçin!');
    await assign.getByLabel('Twitter').check();
    await assign.getByLabel('YouTube').check();
    await assign.getByRole('button', { name: 'Paketi Ata' }).click();
    await toast(page, 'Paket başarıyla atandı!');
    await expect(card.getByRole('listitem', { name: `Twitter – ${pkg}` })).toBeVisible();
    await expect(card.getByRole('listitem', { name: `YouTube – ${pkg}` })).toBeVisible();

    // Reset the Twitter limits (with confirmation).
    await card.getByRole('listitem', { name: `Twitter – ${pkg}` }).getByRole('button', { name: 'Limitleri Sıfırla' }).click();
    const confirmReset = page.getByRole('alertdialog');
    await expect(confirmReset).toContainText('Emin misiniz?');
    await confirmReset.getByRole('button', { name: 'Limitleri Sıfırla' }).click();
    await toast(page, 'Paket limitleri başarıyla sıfırlandı!');

    // Cancel YouTube: Escape first leaves it, then confirm.
    await card.getByRole('listitem', { name: `YouTube – ${pkg}` }).getByRole('button', { name: 'Aboneliği İptal Et' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await card.getByRole('listitem', { name: `YouTube – ${pkg}` }).getByRole('button', { name: 'Aboneliği İptal Et' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aboneliği İptal Et' }).click();
    await toast(page, 'Abonelik başarıyla iptal edildi!');
    await expect(card.getByRole('listitem', { name: `YouTube – ${pkg}` })).toHaveCount(0);
    await expect(card.getByRole('listitem', { name: `Twitter – ${pkg}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);

    // Create a discount code, toggle it, delete it.
    await nav(page, 'İndirim Kodları');
    await page.getByRole('button', { name: 'Yeni İndirim Kodu' }).click();
    const dd = page.getByRole('dialog', { name: 'Yeni İndirim Kodu' });
    await expect(dd.getByRole('button', { name: 'Kaydet' })).toBeDisabled();
    await dd.getByLabel('Kod').fill(code.toLowerCase());
    await expect(dd.getByLabel('Kod')).toHaveValue(code);
    await dd.getByLabel(pkg).check();
    await dd.getByLabel('İndirim (%)').fill('10');
    await dd.getByLabel('Maksimum Kullanım').fill('5');
    await dd.getByLabel('Bitiş Tarihi').fill('2999-12-31');
    // Every platform the package is sold on, in the registry's order (issue #34).
    await expect(dd.getByText(new RegExp(`${pkg}: Twitter \\$17[.,]99, Instagram \\$9[.,]00, YouTube \\$6[.,]75 ve TikTok \\$8[.,]10`))).toBeVisible();
    await dd.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'İndirim kodu başarıyla oluşturuldu!');
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('0/5');
    await expect(row).toContainText('Aktif');
    await row.getByRole('button', { name: `${code} kodunu pasif yap` }).click();
    await toast(page, `${code} pasif yapıldı.`);
    await expect(row).toContainText('Pasif');
    // Delete sits behind the row's menu (issue #15).
    await row.getByRole('button', { name: `${code} için işlemler` }).click();
    await page.getByRole('menuitem', { name: `${code} kodunu sil` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await toast(page, 'İndirim kodu başarıyla silindi!');
    await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);

    // Every step is in the audit log.
    await nav(page, 'Denetim Kaydı');
    // A desktop shows the table (a phone the same entries as cards).
    const log = page.locator('[data-audit-table]');
    for (const text of [
      'Paket oluşturuldu',
      'Kullanıcı oluşturuldu',
      'Paket atandı',
      'Limitler sıfırlandı',
      'Abonelik iptal edildi',
      'İndirim kodu oluşturuldu',
      'İndirim kodu aktif/pasif yapıldı',
      'İndirim kodu silindi',
    ]) {
      await expect(log.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(log).toContainText('admin@example.com');
    await expect(log).not.toContainText('argon2');

    // Filter by record type and action; the filter survives in the URL and is cleared with a link.
    const filters = page.getByRole('form', { name: 'Kayıtları süz' });
    await filters.getByLabel('Kayıt türü').selectOption({ label: 'İndirim kodu' });
    await filters.getByRole('button', { name: 'Uygula' }).click();
    await expect(page).toHaveURL(/entity=discount_code/);
    await expect(log.getByText('İndirim kodu silindi', { exact: true }).first()).toBeVisible();
    await expect(log.getByText('Paket oluşturuldu', { exact: true })).toHaveCount(0);
    await expect(log.getByText('Kullanıcı oluşturuldu', { exact: true })).toHaveCount(0);
    await filters.getByLabel('İşlem').selectOption({ label: 'İndirim kodu silindi' });
    await filters.getByRole('button', { name: 'Uygula' }).click();
    await expect(log.locator('tbody tr')).not.toHaveCount(0);
    for (const item of await log.locator('tbody tr').all()) await expect(item).toContainText('İndirim kodu silindi');
    await filters.getByLabel('İşlem').selectOption({ label: 'Paket oluşturuldu' });
    await filters.getByRole('button', { name: 'Uygula' }).click();
    await expect(page.getByText('Bu süzgece uyan kayıt yok.')).toBeVisible();
    await filters.getByRole('link', { name: 'Süzgeci kaldır' }).click();
    await expect(page).toHaveURL(/\/rooting\/audit$/);
    await expect(log.getByText('Paket oluşturuldu', { exact: true }).first()).toBeVisible();

    // Sorted on the server by a column header: oldest first, then grouped by action; a filter keeps the sort.
    const timeHeader = log.getByRole('columnheader', { name: /Zaman/ });
    await expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
    await timeHeader.getByRole('link').click();
    await expect(page).toHaveURL(/sort=created&dir=asc/);
    await expect(log.getByRole('columnheader', { name: /Zaman/ })).toHaveAttribute('aria-sort', 'ascending');
    const times = await log.locator('tbody tr time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(times.length).toBeGreaterThan(1);
    expect([...times].sort()).toEqual(times);
    await log.getByRole('columnheader', { name: /İşlem/ }).getByRole('link').click();
    await expect(page).toHaveURL(/sort=action&dir=asc/);
    // Alphabetical by the names the admin reads, not by internal keys.
    const actions = await log.locator('tbody tr td:nth-child(2) > span').allTextContents();
    expect(actions.length).toBeGreaterThan(1);
    expect([...actions].sort((a, b) => a.localeCompare(b, 'tr'))).toEqual(actions);
    await filters.getByLabel('Kayıt türü').selectOption({ label: 'İndirim kodu' });
    await filters.getByRole('button', { name: 'Uygula' }).click();
    await expect(page).toHaveURL(/entity=discount_code/);
    await expect(page).toHaveURL(/sort=action/);
    await expect(log.getByRole('columnheader', { name: /İşlem/ })).toHaveAttribute('aria-sort', 'ascending');
    // The filter bar carries the same sort (a phone shows cards, not the table's headers).
    await expect(filters.getByLabel('Sırala')).toHaveValue('action');
    await filters.getByLabel('Sırala').selectOption('created');
    await filters.getByLabel('Yön').selectOption('asc');
    await filters.getByRole('button', { name: 'Uygula' }).click();
    await expect(page).toHaveURL(/sort=created&dir=asc/);
    await expect(log.getByRole('columnheader', { name: /Zaman/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  for (const prefix of ['', '/en', '/de']) {
    test(`every /rooting page passes axe (${prefix || '/tr'})`, async ({ page }) => {
      await adminLogin(page);
      for (const path of ['/rooting', '/rooting/users', '/rooting/packages', '/rooting/platforms', '/rooting/profiles', '/rooting/discounts', '/rooting/announcements', '/rooting/history', '/rooting/settings', '/rooting/audit', '/rooting/watches']) {
        await page.goto(prefix + path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const result = await new AxeBuilder({ page }).analyze();
        expect(result.violations.map((v) => `${prefix}${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  }

  test('an open /rooting dialog traps focus and passes axe', async ({ page }) => {
    await adminLogin(page);
    // A dialog open: focus is trapped inside and it passes too.
    await page.goto('/rooting/announcements');
    await page.getByRole('button', { name: 'Yeni Duyuru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Duyuru' });
    await expect(dialog.getByRole('tab', { name: 'Türkçe' })).toBeVisible();
    const withDialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(withDialog.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the dashboard figures change by themselves when a user signs up and sends an order', async ({ page, request }) => {
    await adminLogin(page);
    const figure = (label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').first();
    const number = async (label: string) => Number((await figure(label).textContent())!.replace(/\D/g, ''));
    const usersBefore = await number('Kullanıcılar');
    const ordersBefore = await number('Bugünkü işlemler');
    // No reload and well inside the 120 s fallback poll: the figures are pushed through Socket.IO.
    const email = `canli-${unique()}@example.com`;
    const reg = await request.post('/api/auth/register', { data: { ad_soyad: 'Canlı Panel', email, telefon: '+905321234567', meslek: 'Diğer', sifre: 'canli-sifre-1' } });
    expect(reg.ok(), await reg.text()).toBe(true);
    await expect.poll(() => number('Kullanıcılar'), { timeout: 8_000 }).toBe(usersBefore + 1);
    const { createCustomer, e2eTarget } = await import('./public-helpers');
    const customer = await createCustomer(request, await adminToken(request), 'dashboard');
    const profiles = (await (await request.get('/api/twitter/profiles')).json()).profiles as { id: number }[];
    const sent = await request.post('/api/twitter/like', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { tweet_url: e2eTarget('tweet', 401), profile_ids: [profiles[0]!.id] },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await expect.poll(() => number('Bugünkü işlemler'), { timeout: 8_000 }).toBe(ordersBefore + 1);
  });

  test('the users page searches by name, e-mail or phone and pages the rows', async ({ page }) => {
    await adminLogin(page);
    const admin = await adminToken(page.request);
    const tag = `sayfa${unique()}`;
    for (let i = 1; i <= 26; i++) {
      const res = await page.request.post('/api/users', {
        headers: { authorization: `Bearer ${admin}` },
        data: { ad: `Sayfa Kişi ${i}`, ad_soyad: `Sayfa Kişi ${i}`, email: `${tag}-${i}@example.com`, sifre: 'secret-1', telefon: '', meslek: '' },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.goto('/rooting/users');
    const search = page.getByRole('search', { name: 'Kullanıcı ara' });
    await search.getByLabel('Kullanıcı ara').fill(tag.toUpperCase());
    await search.getByRole('button', { name: 'Ara' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}`));
    await expect(page.getByText('26 kullanıcı', { exact: true })).toBeVisible();
    const cards = page.locator('[data-user-row]');
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toContainText('Sayfa Kişi 26'); // newest first
    const pages = page.getByRole('navigation', { name: 'Kullanıcı sayfaları' });
    await expect(pages).toContainText('Sayfa 1 / 2');
    await pages.getByRole('link', { name: 'Sonraki sayfa' }).click();
    await expect(pages).toContainText('Sayfa 2 / 2');
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText('Sayfa Kişi 1');
    await search.getByLabel('Kullanıcı ara').fill(`${tag}-7@`);
    await search.getByRole('button', { name: 'Ara' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Sayfa Kişi 7');
    await search.getByLabel('Kullanıcı ara').fill(`${tag}-nobody`);
    await search.getByRole('button', { name: 'Ara' }).click();
    await expect(page.getByText('Aramanıza uyan kullanıcı yok.')).toBeVisible();
    await search.getByRole('link', { name: 'Aramayı temizle' }).click();
    await expect(page).toHaveURL(/\/rooting\/users$/);
    await expect(pages).toBeVisible();
  });

  test('the back office has its own shell: no public footer, a link to the site, a compact menu on a phone', async ({ page }) => {
    await adminLogin(page);
    await expect(page.locator('[data-site-footer]')).toHaveCount(0);
    const menu = page.getByRole('navigation', { name: 'Yönetim menüsü' });
    await expect(menu.getByRole('link', { name: 'Siteyi görüntüle' })).toHaveAttribute('href', '/');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menü' }).click();
    await menu.getByRole('link', { name: 'Kullanıcılar', exact: true }).click();
    await expect(page).toHaveURL(/\/rooting\/users$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the sidebar names the site, counts the open tickets, and History opens on the customer of the latest order', async ({ page, request }) => {
    const { createCustomer } = await import('./public-helpers');
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, `shell${unique()}`);
    const auth = { authorization: `Bearer ${customer.token}` };
    const open = async () => (await (await request.get('/api/tickets/admin?status=open', { headers: { authorization: `Bearer ${admin}` } })).json()).total as number;
    const before = await open();
    const created = await request.post('/api/tickets', { headers: auth, data: { category: 'other', subject: 'Sidebar count', message: 'Counted beside Tickets.' } });
    expect(created.ok(), await created.text()).toBe(true);
    const { e2eTarget } = await import('./public-helpers');
    const profiles = (await (await request.get('/api/twitter/profiles', { headers: auth })).json()).profiles as { id: number }[];
    const order = await request.post('/api/twitter/like', { headers: auth, data: { profile_ids: [profiles[0]!.id], tweet_url: e2eTarget('tweet', 900) } });
    expect(order.ok(), await order.text()).toBe(true);

    await adminLogin(page);
    const aside = page.getByRole('complementary', { name: 'Admin' });
    await expect(aside.locator('[data-admin-site]')).toHaveText('Etkileşim');
    const menu = page.getByRole('navigation', { name: 'Yönetim menüsü' });
    const count = menu.locator('[data-open-tickets]');
    await expect(count).toBeSeen();
    await expect(count).toHaveText(new RegExp(`^${before + 1}`));
    expect(await aside.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);

    await menu.getByRole('link', { name: /İşlem Geçmişi/ }).click();
    // The search field names the customer it opened on (issue #35: a search, not a select of every user).
    await expect(page.getByRole('combobox', { name: 'Kullanıcı' })).toHaveValue(new RegExp(`\\(${customer.email.replace(/[.+]/g, '\\$&')}\\)$`));
    await expect(page.getByText('Toplam işlem', { exact: true })).toBeSeen();
  });

  test('the users table sorts by balance on the server, opens a row in a drawer and deletes through the row menu', async ({ page, request }) => {
    const { createCustomer, topUp } = await import('./public-helpers');
    const admin = await adminToken(request);
    const tag = `bakiye${unique()}`;
    const poor = await createCustomer(request, admin, tag, { packages: false });
    const rich = await createCustomer(request, admin, tag, { packages: true });
    await topUp(request, poor, 1000);
    await topUp(request, rich, 2500);
    await adminLogin(page);
    await page.goto(`/rooting/users?q=e2e-${tag}`);
    const rows = page.locator('[data-user-row]');
    await expect(rows).toHaveCount(2);
    await page.getByRole('link', { name: 'Bakiye sütununa göre sırala' }).click();
    await expect(page).toHaveURL(/sort=balance&dir=desc/);
    await expect(rows.first()).toHaveAttribute('data-user-row', String(rich.id));
    await expect(rows.first().locator('[data-balance-cents]')).toHaveText(/\$25[.,]00/);
    await page.getByRole('link', { name: /^Bakiye sütununa göre sırala \(azalan\)$/ }).click();
    await expect(page).toHaveURL(/sort=balance&dir=asc/);
    await expect(rows.first()).toHaveAttribute('data-user-row', String(poor.id));

    await rows.last().locator('[data-user-open]').click();
    const drawer = page.getByRole('dialog', { name: 'E2E Müşteri' });
    await expect(drawer).toContainText('+90 555 111 22 33');
    await expect(drawer.getByRole('listitem')).not.toHaveCount(0);
    await page.keyboard.press('Escape');

    await expect(page.getByRole('main').getByRole('button', { name: 'Sil', exact: true })).toHaveCount(0);
    await rows.first().getByRole('button', { name: 'E2E Müşteri için işlemler' }).click();
    await page.getByRole('menuitem', { name: 'Sil' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await toast(page, 'Kullanıcı başarıyla silindi!');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-user-row', String(rich.id));
  });

  test('announcements need Turkish and English texts, platforms switch off and on, settings save', async ({ page }) => {
    await adminLogin(page);
    await page.goto('/rooting/announcements');
    await page.getByRole('button', { name: 'Yeni Duyuru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Duyuru' });
    await dialog.getByLabel('Başlık (Türkçe)').fill('E2E duyuru');
    await dialog.getByLabel('İçerik (Türkçe)').fill('Türkçe içerik');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Türkçe ve İngilizce başlık ve içerik zorunludur.');
    await dialog.getByRole('tab', { name: 'İngilizce' }).click();
    await dialog.getByLabel('Başlık (İngilizce)').fill('E2E announcement');
    await dialog.getByLabel('İçerik (İngilizce)').fill('English content');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'Duyuru başarıyla oluşturuldu!');
    const en = await (await page.request.get('/api/duyurular?lang=en')).json();
    expect(en.duyurular.map((d: { baslik: string }) => d.baslik)).toContain('E2E announcement');

    await page.goto('/rooting/platforms');
    await page.getByRole('tab', { name: 'YouTube' }).click();
    const toggle = page.getByRole('switch', { name: 'YouTube aktif' });
    await toggle.click();
    await toast(page, 'YouTube pasif yapıldı.');
    expect((await (await page.request.get('/api/platformlar')).json()).platformlar).toContainEqual(expect.objectContaining({ ad: 'youtube', aktif: false }));
    await toggle.click();
    await toast(page, 'YouTube aktif yapıldı.');

    await page.goto('/rooting/settings');
    // Type only once the form is hydrated (its save button is enabled then): React resets
    // uncontrolled inputs it hydrates.
    await expect(page.getByRole('button', { name: 'Kaydet' })).toBeEnabled();
    await page.getByLabel('Site adı').fill('');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Site adı zorunludur (en fazla 120 karakter).')).toBeVisible();
    await page.getByLabel('Site adı').fill('Etkileşim');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await toast(page, 'Site ayarları başarıyla güncellendi!');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the sidebar collapses to a menu button', async ({ page }) => {
      await adminLogin(page);
      const menu = page.getByRole('navigation', { name: 'Yönetim menüsü' });
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Menü', exact: true }).click();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Paketler', exact: true }).click();
      await expect(page).toHaveURL(/\/rooting\/packages$/);
      await expect(menu).toBeHidden();
    });
  });
});
