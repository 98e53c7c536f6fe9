import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, defaultProvider, msg, type Customer } from './public-helpers';

/**
 * Issue #18 in the browser: a customer (English, a 390 px phone) opens a ticket about a partly
 * failed order from /panel/support; an admin answers it from the /rooting/tickets inbox; the
 * customer's open page shows the answer live and the bell counts it. The mail over SMTP is proven
 * in lib/domain/tickets/support-story.test.ts; another customer's access in the access table.
 */

/** WCAG 2.x AA; a toast still fading out (its opacity lowers the contrast for a moment) is left out. */
async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('[data-toast]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`)).toEqual([]);
}

async function partlyFailedOrder(request: APIRequestContext, customer: Customer): Promise<string> {
  const auth = { authorization: `Bearer ${customer.token}` };
  const { profiles } = (await (await request.get('/api/twitter/profiles')).json()) as { profiles: { id: number; status?: string }[] };
  const ids = profiles.filter((p) => (p.status ?? 'active') === 'active').slice(0, 5).map((p) => p.id);
  expect(ids.length).toBeGreaterThanOrEqual(4);
  // Half the profiles fail: with 4-5 profiles an order is nearly always partial; try up to three.
  await request.post('/sim-provider/_control', { data: { failRate: 0.5, minDelayMs: 50, maxDelayMs: 200, mode: 'normal' } });
  try {
    // A different service each time: the same one waits out the send cooldown.
    for (const service of ['like', 'retweet', 'bookmark']) {
      const sent = await request.post(`/api/twitter/${service}`, { headers: auth, data: { tweet_url: `https://x.com/etkilesim/status/${Date.now()}`, profile_ids: ids } });
      expect(sent.ok(), await sent.text()).toBe(true);
      const taskId = (await sent.json()).task_id as string;
      let status = '';
      await expect
        .poll(async () => (status = ((await (await request.get(`/api/operations/${taskId}`, { headers: auth })).json()).order_status as string)), { timeout: 15_000 })
        .toMatch(/^(completed|partial|failed)$/);
      if (status === 'partial') return taskId;
    }
    throw new Error('no partly failed order');
  } finally {
    await defaultProvider(request);
  }
}

test.describe('support tickets', () => {
  test('a customer’s ticket about a partly failed order is answered from the inbox and the answer arrives live', async ({ browser, request }) => {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'support');
    const taskId = await partlyFailedOrder(request, customer);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await phone.newPage();
    await signInBrowser(page, customer.token);
    await page.goto(`/en/panel/support?order=${taskId}`);
    const form = page.locator('[data-ticket-form]');
    await expect(form.getByLabel('Related order (optional)')).toHaveValue(taskId);
    await form.getByLabel('Subject').fill('One profile failed');
    await form.getByLabel('Message').fill('Two of my likes did not arrive.');
    await form.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page).toHaveURL(/\/en\/panel\/support\?ticket=\d+$/);
    const ticketId = Number(new URL(page.url()).searchParams.get('ticket'));
    // The order in words (issue #32): the service's name and the status as the panel's history names it.
    await expect(page.locator('[data-ticket-order] p').nth(1)).toHaveText(/^#\d+ · (Like|Retweet|Bookmark) · Partly successful · \d\/\d profiles succeeded$/);
    await expect(page.locator('[data-ticket-order]').getByText(/· failed$/).first()).toBeVisible();
    await expect(page.locator('[data-ticket-status]').first()).toHaveText('Open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const desk = await browser.newContext({ locale: 'tr-TR' });
    const inbox = await desk.newPage();
    await signInBrowser(inbox, admin);
    await inbox.goto('/rooting/tickets?status=open');
    await inbox.locator('[data-ticket-inbox]').getByRole('link', { name: new RegExp(`#${ticketId} One profile failed`) }).click();
    await expect(inbox.locator('[data-ticket-customer]')).toContainText(customer.email);
    await expect(inbox.locator('[data-ticket-customer]')).toContainText('Başlangıç');
    await inbox.getByLabel('Destek ekibi olarak yanıtla').fill('We sent the failed likes again.');
    await inbox.getByRole('button', { name: 'Gönder' }).click();
    await expect(inbox.locator('[data-ticket-message="admin"]')).toContainText('We sent the failed likes again.');
    await axe(inbox);

    // The customer's page was not reloaded: the answer, the status and the bell update live.
    await expect(page.locator('[data-ticket-message="admin"]')).toContainText('We sent the failed likes again.');
    await expect(page.locator('[data-ticket-status]').first()).toHaveText('Answered');
    await expect(page.locator('[data-unread]')).toHaveText(/^[1-9]/);
    await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    await expect(page.locator('[data-notification="ticket_answered"]')).toContainText('Your support ticket was answered');
    await expect(page.locator('[data-notification="order_failed"]').first()).toBeVisible();
    await axe(page);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.locator('[data-unread]')).toHaveCount(0);

    // For a logged-in customer the help drawer's form opens a ticket (visitors keep the contact form).
    await page.getByRole('button', { name: msg('en', 'Footer.helpLabel') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator('[data-ticket-form]')).toBeVisible();
    await expect(drawer.locator('[data-contact-form]')).toHaveCount(0);

    // Another customer gets the same 404 as for a ticket that does not exist.
    const other = await createCustomer(request, admin, 'support-other', { packages: false });
    const peek = await request.get(`/api/tickets/${ticketId}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(peek.status()).toBe(404);
    await phone.close();
    await desk.close();
  });
});
