import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken } from './auth';
import { defaultProvider, msg, prefix, type Loc } from './public-helpers';

/**
 * The public status page (issue #38 item 4): /status in Turkish and English on a phone and a wide
 * screen, its figures, the incident feed, and an incident opened while the simulated provider is
 * down, with the admins' note, ended when it is back.
 */

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function seen(locator: ReturnType<Page['locator']>) {
  await locator.first().scrollIntoViewIfNeeded({ timeout: 10_000 });
  await expect(locator).toBeSeen();
}

test.describe('the status page', () => {
  for (const l of ['tr', 'en'] as Loc[]) {
    test(`a visitor on a phone sees the figures per platform and service in ${l}`, async ({ page, request }) => {
      const token = await adminToken(request);
      // At least one probe, so the last probe and today's bar have data.
      expect((await request.post('/api/admin/status/probe', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${prefix(l)}/status`);
      await expect(page.getByRole('heading', { level: 1, name: msg(l, 'StatusPage.title') })).toBeSeen();
      await expect(page.locator('[data-status-overall]')).toBeSeen();

      const twitter = page.locator('[data-status-platform="twitter"]');
      await seen(twitter.getByRole('heading', { level: 2, name: 'Twitter' }));
      await seen(twitter.getByText(msg(l, 'StatusPage.availability'), { exact: true }));
      // 24 h availability is a percentage once probed.
      await expect(twitter.locator('[data-availability="day"]')).toHaveText(/%/);
      const bars = twitter.locator('[data-status-bars] li');
      await expect(bars).toHaveCount(90);
      // Today has a probe; a day without one is "no data", never green.
      await expect(bars.last()).toHaveAttribute('data-bar', 'data');
      const noData = twitter.locator('[data-bar="none"]').first();
      await expect(noData).toHaveAttribute('aria-label', new RegExp(msg(l, 'StatusPage.barNoData', { day: 'X' }).replace('X', '.+')));
      await expect(noData).not.toHaveClass(/bg-success/);
      await seen(twitter.locator('[data-status-bars]'));

      const like = twitter.locator('[data-status-service="like"]');
      await seen(like.getByRole('heading', { name: msg(l, 'Services.like') }));
      await seen(like.locator('[data-success-rate="month"]'));
      await seen(like.locator('[data-kept-rate="not-measured"]').getByText(msg(l, 'StatusPage.notMeasured')));
      await noSidewaysScroll(page);

      // Linked from the footer, and the feed is valid XML with the page's language.
      await expect(page.locator('[data-site-footer]').getByRole('link', { name: msg(l, 'StatusPage.nav') })).toHaveAttribute('href', `${prefix(l)}/status`);
      const feed = await request.get(`/api/status/feed?lng=${l}`);
      expect(feed.headers()['content-type']).toContain('application/atom+xml');
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return { error: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.localName, ns: doc.documentElement.namespaceURI, lang: doc.documentElement.getAttribute('xml:lang') };
      }, await feed.text());
      expect(parsed).toEqual({ error: 0, root: 'feed', ns: 'http://www.w3.org/2005/Atom', lang: l });

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.reload();
      await seen(page.locator('[data-status-platform="instagram"]'));
      await noSidewaysScroll(page);
    });
  }

  test('an incident opens while the simulated provider is down, shows the admins’ note, and ends when it is back', async ({ page, request }) => {
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    const probe = async () => {
      const res = await request.post('/api/admin/status/probe', { headers: auth });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).probe as { opened: string[]; closed: string[] };
    };
    try {
      expect((await request.post('/sim-provider/_control', { data: { mode: 'down' } })).ok()).toBe(true);
      const opened: string[] = [];
      for (let i = 0; i < 3; i++) opened.push(...(await probe()).opened);
      expect(opened).toContain('provider_down:twitter');

      const status = await (await request.get('/api/status?lng=en')).json();
      const incident = status.status.incidents.find((i: { kind: string; platform: string; ended_at: string | null }) => i.kind === 'provider_down' && i.platform === 'twitter' && i.ended_at === null);
      expect(incident, JSON.stringify(status.status.incidents)).toBeTruthy();
      const note = await request.put(`/api/admin/status/incidents/${incident.id}`, {
        headers: auth,
        data: { note_tr: 'Sağlayıcıyı yeniden başlatıyoruz.', note_en: 'We are restarting the provider.', note_de: 'Wir starten den Anbieter neu.' },
      });
      expect(note.ok(), await note.text()).toBe(true);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/en/status');
      await expect(page.locator('[data-status-overall="degraded"]')).toBeSeen();
      const card = page.locator(`#incident-${incident.id}`);
      await seen(card.getByRole('heading', { name: 'The Twitter provider is unreachable' }));
      await seen(card.getByText('We are restarting the provider.'));
      await seen(card.getByText(msg('en', 'StatusPage.incidents.open'), { exact: true }));
      await noSidewaysScroll(page);

      // The language switch: a visitor who picked English is sent there from the bare path.
      await page.goto('/status?lng=tr');
      await seen(page.locator(`#incident-${incident.id}`).getByText('Sağlayıcıyı yeniden başlatıyoruz.'));

      await defaultProvider(request);
      expect((await probe()).closed).toContain('provider_down:twitter');
      await page.goto('/en/status');
      await seen(page.locator(`#incident-${incident.id}`).getByText(msg('en', 'StatusPage.incidents.ended'), { exact: true }));
      const feed = await (await request.get('/api/status/feed?lng=en')).text();
      expect(feed).toContain('The Twitter provider is unreachable');
      expect(feed).toContain('We are restarting the provider.');
    } finally {
      await defaultProvider(request);
    }
  });
});
