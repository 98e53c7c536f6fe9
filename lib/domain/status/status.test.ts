import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { auditLog, integrityChecks, orders, statusIncidents, statusProbes, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { ProviderError, type ProviderClient } from '@/lib/domain/provider';
import { GET as statusRoute } from '@/app/api/status/route';
import { GET as feedRoute } from '@/app/api/status/feed/route';
import { PUT as noteRoute } from '@/app/api/admin/status/incidents/[id]/route';
import {
  DOWN_AFTER_PROBES,
  STUCK_SPIKE,
  dailyBars,
  evaluateIncidents,
  getPublicStatus,
  incidentsFeed,
  incidentView,
  openIncident,
  publicStatusSchema,
  runStatusProbe,
  setIncidentNote,
} from './index';

const t = setupTestDb({ asAppDb: true });
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// Noon (UTC) of today: the routes read the real clock, and "24 hours" and "today" stay one day.
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * HOUR);
const TODAY = NOW.toISOString().slice(0, 10);
let userId: number;
let adminToken: string;

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  const [u] = await t.db.insert(users).values({ adSoyad: 'Status', email: 'status@example.com', passwordHash: 'x' }).returning();
  userId = u!.id;
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(t.db, admin!, 'admin');
});

/** A provider whose profile_list answers, or fails as if unreachable, per platform endpoint. */
function fakeProvider(down: (url: string) => boolean): ProviderClient {
  return {
    listProfiles: async (url) => {
      if (down(url)) throw new ProviderError('unreachable', 'provider unreachable');
      return [];
    },
    send: async () => {
      throw new Error('not used');
    },
    status: async () => {
      throw new Error('not used');
    },
  };
}
const twitterDown = fakeProvider((url) => url.includes('twitter'));
const allUp = fakeProvider(() => false);

/**
 * Well-formed XML, checked the strict way a feed reader does: every element closed in order, one
 * root, no bare `<` or `&` in text, attributes quoted.
 */
function assertWellFormedXml(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const seen: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const text = body.slice(i, lt < 0 ? body.length : lt);
    expect(text.replace(/&(?:lt|gt|amp|apos|quot|#\d+);/g, ''), `text at ${i}`).not.toMatch(/[&<]/);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    expect(m, `a tag at ${lt}: ${body.slice(lt, lt + 40)}`).not.toBeNull();
    const [whole, closing, name, , selfClosing] = m!;
    if (closing) expect(stack.pop(), `closing ${name}`).toBe(name);
    else {
      if (stack.length === 0) roots++;
      seen.push(name!);
      if (!selfClosing) stack.push(name!);
    }
    i = lt + whole.length;
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
  return seen;
}

describe('the daily bars', () => {
  it('show a day without probes as no data, never as available', () => {
    const bars = dailyBars(
      [
        { day: '2026-03-15', probes: 4, up: 3 },
        { day: '2026-03-13', probes: 2, up: 0 },
      ],
      new Date('2026-03-15T12:00:00.000Z'),
    );
    expect(bars).toHaveLength(90);
    expect(bars[0]!.day).toBe('2025-12-16');
    expect(bars.at(-1)).toEqual({ day: '2026-03-15', probes: 4, availability: 0.75 });
    expect(bars.at(-2)).toEqual({ day: '2026-03-14', probes: 0, availability: null });
    expect(bars.at(-3)).toEqual({ day: '2026-03-13', probes: 2, availability: 0 });
    expect(bars.filter((b) => b.availability === null)).toHaveLength(88);
  });
});

describe('the success rate and the median time to completion', () => {
  beforeAll(async () => {
    const order = (status: 'completed' | 'partial' | 'failed' | 'pending' | 'cancelled', ago: number, success: number, total: number, seconds: number | null) => ({
      userId,
      platform: 'twitter' as const,
      service: 'like',
      status,
      profileIds: Array.from({ length: total }, (_, i) => i + 1),
      profileCount: total,
      successCount: success,
      createdAt: new Date(NOW.getTime() - ago),
      completedAt: seconds === null ? null : new Date(NOW.getTime() - ago + seconds * 1000),
    });
    await t.db.insert(orders).values([
      order('completed', 2 * HOUR, 3, 3, 60),
      order('partial', 5 * HOUR, 1, 2, 180),
      order('failed', 3 * DAY, 0, 5, 600),
      order('completed', 20 * DAY, 4, 4, 30),
      // Not counted: older than 30 days, still waiting, or cancelled before acting.
      order('completed', 40 * DAY, 0, 9, 5),
      order('pending', HOUR, 0, 7, null),
      order('cancelled', HOUR, 0, 6, 10),
    ]);
  });

  it('count the profiles that acted among the profiles of ended orders, per window', async () => {
    const status = await getPublicStatus(t.db, 'en', NOW);
    const like = status.platforms.find((p) => p.platform === 'twitter')!.services.find((s) => s.service === 'like')!;
    expect(like.success_rate).toEqual({ day: 0.8, week: 0.4, month: 0.5714 });
    expect(like.median_completion_seconds).toEqual({ day: 120, week: 180, month: 120 });
    expect(like.kept_rate).toEqual({ d7: null, d30: null, measured: false });
    // A service without an ended order has no rate rather than 0 %.
    const retweet = status.platforms.find((p) => p.platform === 'twitter')!.services.find((s) => s.service === 'retweet')!;
    expect(retweet.success_rate).toEqual({ day: null, week: null, month: null });
    expect(retweet.median_completion_seconds).toEqual({ day: null, week: null, month: null });
  });
});

describe('the provider probe and its incidents', () => {
  it('records one probe per platform and minute, and opens an incident after three unreachable probes in a row', async () => {
    const at = (m: number) => new Date(NOW.getTime() + m * MIN + 7_000);
    for (let m = 0; m < DOWN_AFTER_PROBES - 1; m++) {
      const r = await runStatusProbe(t.db, { client: twitterDown, now: at(m) });
      expect(r.probed.find((p) => p.platform === 'twitter')).toMatchObject({ up: false });
      expect(r.opened).toEqual([]);
    }
    // A second node's probe of the same minute is not recorded again.
    await runStatusProbe(t.db, { client: allUp, now: at(DOWN_AFTER_PROBES - 2) });
    expect(await t.db.select().from(statusProbes).where(eq(statusProbes.platform, 'twitter'))).toHaveLength(DOWN_AFTER_PROBES - 1);

    const third = await runStatusProbe(t.db, { client: twitterDown, now: at(DOWN_AFTER_PROBES - 1) });
    expect(third.opened).toEqual(['provider_down:twitter']);
    const again = await runStatusProbe(t.db, { client: twitterDown, now: at(DOWN_AFTER_PROBES) });
    expect(again.opened).toEqual([]);
    const open = await t.db.select().from(statusIncidents).where(isNull(statusIncidents.endedAt));
    expect(open.map((i) => i.key)).toEqual(['provider_down:twitter']);

    const status = await getPublicStatus(t.db, 'en', at(DOWN_AFTER_PROBES));
    expect(status.overall).toBe('degraded');
    expect(status.incidents[0]).toMatchObject({ kind: 'provider_down', platform: 'twitter', ended_at: null, title: expect.stringContaining('unreachable') });
    const twitter = status.platforms.find((p) => p.platform === 'twitter')!;
    expect(twitter.availability.day).toBe(0);
    expect(twitter.latest_probe).toMatchObject({ up: false });
    expect(status.platforms.find((p) => p.platform === 'instagram')!.availability.day).toBe(1);

    const back = await runStatusProbe(t.db, { client: allUp, now: at(DOWN_AFTER_PROBES + 1) });
    expect(back.closed).toEqual(['provider_down:twitter']);
    const after = await getPublicStatus(t.db, 'en', at(DOWN_AFTER_PROBES + 1));
    expect(after.overall).toBe('operational');
    expect(after.incidents[0]!.ended_at).toBe(at(DOWN_AFTER_PROBES + 1).toISOString());
    const bars = after.platforms.find((p) => p.platform === 'twitter')!.days;
    expect(bars.at(-1)).toEqual({ day: TODAY, probes: DOWN_AFTER_PROBES + 2, availability: 0.2 });
    expect(bars.at(-2)!.availability).toBeNull();
  });

  it('opens one incident however many nodes see the condition at once', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => openIncident(t.db, 'provider_down', 'youtube', NOW)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.db.select().from(statusIncidents).where(and(eq(statusIncidents.key, 'provider_down:youtube'), isNull(statusIncidents.endedAt)))).toHaveLength(1);
    await evaluateIncidents(t.db, [], NOW);
    await t.db.update(statusIncidents).set({ endedAt: NOW }).where(eq(statusIncidents.key, 'provider_down:youtube'));
  });

  it('opens an incident while the integrity check fails and ends it when it passes again', async () => {
    await t.db.insert(integrityChecks).values({ ok: false, discrepancies: [{ kind: 'balance_mismatch', id: '1', detail: 'x' }] });
    expect((await evaluateIncidents(t.db, [], NOW)).opened).toEqual(['integrity']);
    expect((await evaluateIncidents(t.db, [], NOW)).opened).toEqual([]);
    await t.db.insert(integrityChecks).values({ ok: true });
    expect((await evaluateIncidents(t.db, [], NOW)).closed).toEqual(['integrity']);
  });

  it('opens an incident on a stuck-order spike and ends it when the orders move', async () => {
    const stuck = await t.db
      .insert(orders)
      .values(Array.from({ length: STUCK_SPIKE }, () => ({ userId, platform: 'twitter' as const, service: 'like', status: 'processing' as const, profileIds: [1], profileCount: 1 })))
      .returning({ id: orders.id });
    const later = new Date(Date.now() + 2 * HOUR);
    expect((await evaluateIncidents(t.db, [], later)).opened).toEqual(['stuck_orders']);
    for (const o of stuck) await t.db.update(orders).set({ status: 'completed', completedAt: later }).where(eq(orders.id, o.id));
    expect((await evaluateIncidents(t.db, [], later)).closed).toEqual(['stuck_orders']);
  });
});

describe('the incident notes, GET /api/status and the feed', () => {
  it('keeps the admins’ note in each language, audited, and falls back to English', async () => {
    const [incident] = await t.db.select().from(statusIncidents).where(eq(statusIncidents.key, 'provider_down:twitter'));
    const res = await call(noteRoute, {
      method: 'PUT',
      token: adminToken,
      params: { id: String(incident!.id) },
      body: { note_tr: 'Sağlayıcı yeniden başlatıldı.', note_en: 'The provider was restarted & is back.' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.olay).toMatchObject({ id: incident!.id, note: 'The provider was restarted & is back.' });
    const [row] = await t.db.select().from(statusIncidents).where(eq(statusIncidents.id, incident!.id));
    expect(incidentView(row!, 'de').note).toBe('The provider was restarted & is back.');
    expect(incidentView(row!, 'tr').note).toBe('Sağlayıcı yeniden başlatıldı.');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'status.incident_note'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'status_incident', entityId: String(incident!.id), after: { note_en: 'The provider was restarted & is back.', note_de: null } });
    // Unknown incident; a note with a NUL or over 2,000 characters is refused.
    expect((await call(noteRoute, { method: 'PUT', token: adminToken, params: { id: '999999' }, body: {} })).status).toBe(404);
    expect((await call(noteRoute, { method: 'PUT', token: adminToken, params: { id: String(incident!.id) }, body: { note_en: 'a'.repeat(2001) } })).status).toBe(400);
    await expect(setIncidentNote(t.db, { id: 1 }, 999_999, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the status page as JSON in the request’s language', async () => {
    const res = await call(statusRoute, { path: '/api/status?lng=de' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const status = publicStatusSchema.parse(res.body.status);
    expect(status.platforms.map((p) => p.platform)).toEqual(expect.arrayContaining(['twitter', 'instagram', 'youtube']));
    for (const p of status.platforms) expect(p.days).toHaveLength(90);
    const twitterDown = status.incidents.find((i) => i.kind === 'provider_down' && i.platform === 'twitter')!;
    expect(twitterDown.title).toContain('nicht erreichbar');
    expect(twitterDown.note).toBe('The provider was restarted & is back.');
  });

  it('gives the incidents as a well-formed Atom feed with one entry each, titles localized', async () => {
    const res = await call(feedRoute, { path: '/api/status/feed?lng=en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = String(res.body.text);
    const elements = assertWellFormedXml(xml);
    expect(elements[0]).toBe('feed');
    expect(xml).toContain('xmlns="http://www.w3.org/2005/Atom"');
    const incidents = await t.db.select().from(statusIncidents);
    expect(elements.filter((e) => e === 'entry')).toHaveLength(incidents.length);
    for (const required of ['id', 'title', 'updated', 'author', 'link']) expect(elements).toContain(required);
    expect(xml).toContain('The Twitter provider is unreachable');
    expect(xml).toContain('The provider was restarted &amp; is back.');
    const tr = String((await call(feedRoute, { path: '/api/status/feed?lng=tr' })).body.text);
    expect(tr).toContain('sağlayıcısına ulaşılamıyor');
    expect(tr).toContain('xml:lang="tr"');
  });

  it('gives an empty feed its own updated time', () => {
    const xml = incidentsFeed([], { locale: 'de', statusUrl: 'https://x.test/de/status', selfUrl: 'https://x.test/api/status/feed?lng=de', siteName: 'A<B', now: NOW });
    expect(assertWellFormedXml(xml).filter((e) => e === 'entry')).toHaveLength(0);
    expect(xml).toContain(`<updated>${NOW.toISOString()}</updated>`);
    expect(xml).toContain('A&lt;B');
  });
});

