import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { allProfileBoxes, createCustomer, defaultProvider, e2eTarget, msg, reliableProvider } from './public-helpers';

/**
 * Issue #33 item 1 in the browser: a customer on a 390 px phone places an order on the service
 * page and meets the same number "#N" everywhere the order is named afterwards: the send's
 * confirmation toast, the statistics list (the panel's history), its results dialog, and a support
 * ticket about it — the number the REST answer and the reseller API give.
 */
test('a customer sees the same order number in the send’s toast, the history, the results dialog and a ticket', async ({ browser, request }) => {
  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'order-number');
  await reliableProvider(request);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const page = await phone.newPage();
  try {
    await signInBrowser(page, customer.token);
    await page.goto('/en/service/like');
    const boxes = await allProfileBoxes(page);
    await boxes.nth(0).check();
    await page.getByLabel(msg('en', 'ServicePage.tweetUrl')).fill(e2eTarget('tweet', 933));
    const sent = page.waitForResponse((r) => r.url().includes('/api/twitter/like') && r.request().method() === 'POST');
    await page.getByRole('button', { name: msg('en', 'ServicePage.send'), exact: true }).click();
    const body = (await (await sent).json()) as { task_id: string; order_number: number };
    expect(typeof body.order_number).toBe('number');
    const number = `#${body.order_number}`;

    // The send's toast names it: the confirmation ("#N · Order started.") or, when the order is
    // already under way, the progress toast that replaces it (one toast per order).
    const toast = page.locator('[data-toast]').filter({ hasText: new RegExp(`^${number} · (${msg('en', 'ServicePage.operationStarted').replace('.', '\\.')}|${msg('en', 'Services.like')}: )`) });
    await expect(toast).toBeSeen();

    // The REST API names it the same way.
    const op = await (await request.get(`/api/operations/${body.order_number}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
    expect(op).toMatchObject({ task_id: body.task_id, order_number: body.order_number });

    // The panel's history (statistics) lists it under its number, and its results dialog is titled by it.
    await page.goto('/en/panel/statistics?platform=twitter');
    const row = page.getByTestId('transaction-row').filter({ has: page.locator('[data-order-number]', { hasText: new RegExp(`^${number}$`) }) });
    await expect(row).toHaveCount(1);
    await row.locator('[data-order-number]').scrollIntoViewIfNeeded();
    await expect(row.locator('[data-order-number]')).toBeSeen();
    await row.getByRole('button', { name: new RegExp(`^${msg('en', 'Panel.statistics.details')}`) }).click();
    const dialog = page.getByRole('dialog', { name: msg('en', 'Panel.statistics.resultsTitle') });
    await expect(dialog.locator('[data-order-number]')).toHaveText(msg('en', 'Panel.statistics.resultsOrder', { number }));
    await expect(dialog.locator('[data-order-number]')).toBeSeen();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A ticket about it: the link from a notice names the order by its number, the picker shows it,
    // and the opened thread names it.
    await page.goto(`/en/panel/support?order=${encodeURIComponent(number)}`);
    const form = page.locator('[data-ticket-form]');
    const picker = form.getByLabel(msg('en', 'Tickets.order'));
    await expect(picker).toHaveValue(body.task_id);
    await expect(picker.locator('option:checked')).toHaveText(new RegExp(`^${number} · `));
    await form.getByLabel('Subject').fill('About my like');
    await form.getByLabel('Message').fill('Where can I see it?');
    await form.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page).toHaveURL(/\/en\/panel\/support\?ticket=\d+$/);
    const named = page.locator('[data-ticket-order] p').nth(1);
    await expect(named).toHaveText(new RegExp(`^${number} · Like · `));
    await named.scrollIntoViewIfNeeded();
    await expect(named).toBeSeen();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await defaultProvider(request);
    await phone.close();
  }
});
