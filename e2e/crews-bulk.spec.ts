import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { allProfileBoxes, BROWSER_LOCALE, createCustomer, defaultProvider, e2eTarget, msg, prefix, reliableProvider, type Loc, siteSettings, afterPlural, noSideScroll } from './public-helpers';

/**
 * Issue #36 items 3 and 5: a customer saves the ticked profiles as a crew, and later picks it in
 * one tap on a service page: a profile that left the roster is named as skipped, never replaced.
 * Then "Several links": one link per line with the crew's profiles, and each line's result (an
 * order number, or the reason a line was refused).
 */
test.describe.configure({ mode: 'serial' });

type Json = Record<string, unknown>;
let admin = '';
let settings: Json | null = null;

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  settings = await siteSettings(request, admin);
  await siteSettings(request, admin, { ...settings, cooldown_saniye: 0, twitter_min_profil: 1 });
});

test.afterAll(async ({ request }) => {
  if (settings) await siteSettings(request, admin, settings);
  await defaultProvider(request);
});

const CASES: { l: Loc; width: number; n: number }[] = [
  { l: 'en', width: 390, n: 821 },
  { l: 'de', width: 1440, n: 826 },
  { l: 'tr', width: 390, n: 831 },
];

for (const { l, width, n } of CASES) {
  test(`${l} ${width}px: a crew saved, picked in one tap with a profile that left, and a bulk order of several links`, async ({ browser, request }) => {
    const customer = await createCustomer(request, admin, `crew-${l}-${width}`);
    await reliableProvider(request);
    const all = ((await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number; username: string }[] }).profiles.sort((a, b) => a.id - b.id);
    const [a, gone, c] = width < 800 ? [all[10]!, all[11]!, all[12]!] : [all[13]!, all[14]!, all[15]!];
    const setStatus = (id: number, status: string) => request.put(`/api/admin/profiles/${id}`, { headers: { authorization: `Bearer ${admin}` }, data: { status } });
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: BROWSER_LOCALE[l] });
    const page = await context.newPage();
    const crewName = `Launch ${l}`;
    try {
      await signInBrowser(page, customer.token);
      await page.goto(`${prefix(l)}/service/like`);
      await allProfileBoxes(page);
      for (const p of [a, gone, c]) await page.locator(`#profile-${p.id}`).check();

      // Save the ticked profiles as a crew.
      const crews = page.locator('[data-crews]');
      await crews.getByRole('button', { name: msg(l, 'Crews.saveCurrent') }).click();
      const dialog = page.getByRole('dialog', { name: msg(l, 'Crews.saveTitle') });
      await expect(dialog).toBeSeen();
      await dialog.getByLabel(msg(l, 'Crews.name')).fill(crewName);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/crews') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: msg(l, 'Crews.save') }).click();
      expect((await saved).status()).toBe(201);
      await expect(dialog).toHaveCount(0);
      const chip = crews.locator(`[data-crew="${crewName}"]`);
      await expect(chip).toBeSeen();
      await expect(chip).toContainText('3/3');

      // One of them can no longer act (an admin takes it out of the roster: the running app's way; a
      // profile the provider stops listing becomes `inactive` the same way, app/api/crews/crews.test.ts);
      // the crew, picked in one tap on a fresh page, skips it and says so.
      expect((await setStatus(gone.id, 'disabled')).ok()).toBe(true);
      await page.reload();
      await allProfileBoxes(page);
      await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(0);
      await expect(chip).toContainText('2/3');
      await chip.click();
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator(`#profile-${a.id}`)).toBeChecked();
      await expect(page.locator(`#profile-${c.id}`)).toBeChecked();
      await expect(page.locator(`#profile-${gone.id}`)).toHaveCount(0);
      await expect(page.locator('[data-profile-list] input[type=checkbox]:checked')).toHaveCount(2);
      const note = crews.locator('[data-crew-note]');
      await expect(note).toBeSeen();
      await expect(note).toContainText(msg(l, 'Crews.state.disabled', { handle: `@${gone.username}` }));
      await noSideScroll(page, width);

      // One target the crew already acted on: that line is refused alone, the others are accepted.
      const done = e2eTarget('tweet', n);
      const pre = await request.post('/api/twitter/like', { headers: { authorization: `Bearer ${customer.token}` }, data: { profile_ids: [a.id], tweet_url: done } });
      expect(pre.ok(), await pre.text()).toBe(true);

      // Several links: the crew's profiles, one link per line, each line's result.
      await page.getByRole('tab', { name: msg(l, 'Bulk.several') }).click();
      const form = page.locator('[data-bulk-form]');
      const textarea = form.getByLabel(msg(l, 'Bulk.targets'));
      await textarea.scrollIntoViewIfNeeded();
      await expect(textarea).toBeSeen();
      const targets = [e2eTarget('tweet', n + 1), done, e2eTarget('tweet', n + 2)];
      await form.getByLabel(msg(l, 'Bulk.targets')).fill(targets.join('\n'));

      // A bad line first: named by its number, and nothing is sent.
      await form.getByLabel(msg(l, 'Bulk.targets')).fill([...targets, 'not a link'].join('\n'));
      const refusedAll = page.waitForResponse((r) => r.url().endsWith('/api/orders/bulk'));
      await form.locator('[data-bulk-send]').click();
      expect((await refusedAll).status()).toBe(400);
      const problems = page.locator('[data-bulk-problems]');
      await problems.scrollIntoViewIfNeeded();
      await expect(problems).toBeSeen();
      await expect(problems).toContainText(msg(l, 'Errors.BULK_LINE_INVALID', { line: 4 }));

      await form.getByLabel(msg(l, 'Bulk.targets')).fill(targets.join('\n'));
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/orders/bulk'));
      await form.locator('[data-bulk-send]').click();
      const response = await sent;
      const body = (await response.json()) as { lines: { line: number; status: string; order_number?: number }[] };
      expect(response.request().postDataJSON()).toMatchObject({ service: 'like', targets });
      expect((response.request().postDataJSON() as Json).crew_id).toBeGreaterThan(0);
      expect(body.lines.map((x) => x.status)).toEqual(['accepted', 'refused', 'accepted']);

      const results = page.locator('[data-bulk-results]');
      await results.locator('h3').scrollIntoViewIfNeeded();
      await expect(results.locator('h3')).toBeSeen();
      for (const line of body.lines) {
        const row = results.locator(`[data-bulk-line="${line.line}"]`);
        await row.scrollIntoViewIfNeeded();
        await expect(row).toBeSeen();
        await expect(row).toHaveAttribute('data-status', line.status);
        if (line.status === 'accepted') await expect(row).toContainText(`#${line.order_number}`);
      }
      // The refused line says why, in the page's language.
      await expect(results.locator('[data-bulk-line="2"]')).toContainText(afterPlural(msg(l, 'Errors.ALREADY_DONE')));
      await noSideScroll(page, width);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/bulk-${l}-${width}.png`, fullPage: true });
      // An accepted line's number leads to the statistics, where the order is listed under it.
      await results.locator('[data-bulk-line="1"] [data-order-link]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix(l)}/panel/statistics\\?platform=twitter$`));
      const numbers = page.getByTestId('transaction-row').locator('[data-order-number]');
      await expect(numbers.filter({ hasText: new RegExp(`^#${body.lines[0]!.order_number}$`) })).toHaveCount(1);
    } finally {
      await setStatus(gone.id, 'active');
      await context.close();
    }
  });
}
