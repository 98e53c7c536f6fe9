import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, setupTestDb, type TestDb } from '@/test/fixtures/db';
import { seed } from '@/lib/domain/seed';
import { announcements } from '@/db/schema';
import { insertPackages } from '@/test/fixtures/packages';
import { listActiveAnnouncements } from '@/lib/domain/announcements';
import { createLogger } from '@/logger';
import { createRepeatGate } from '@/lib/infra/log-repeats';
import { getPackageChoices } from '@/lib/domain/payments';
import { listProfiles, readProfiles } from '@/lib/domain/profiles';
import { getPriceList, type PriceList } from '@/lib/domain/storefront';
import { readOrEmpty } from './read-or-empty';

/**
 * §8: the lists a customer page reads (announcements on /panel, the price list on /pricing, the
 * package choices on /panel/subscription, a service page's profiles) come back empty with a flag
 * when the read really fails: a database that has been closed, a provider nobody answers for.
 */

/** A logger with the app's options whose lines are kept, and a gate of its own. */
function boundary() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, options: { log: createLogger(stream, 'info'), gate: createRepeatGate() } };
}

const NO_PRICES: PriceList = { platforms: [], packages: [], newTweetTiers: [] };
const SEED = { adminEmail: 'admin@example.com', adminPassword: 'secret-admin', demo: false };

const live = setupTestDb();
let closed: TestDb;

beforeAll(async () => {
  // Nobody listens on port 1: the provider of this database's platforms is down.
  await seed(live.db, { ...SEED, baseUrl: 'http://127.0.0.1:1' });
  await insertPackages(live.db, [{ ad: 'Okuma Paketi', prices: { twitter: 1999, instagram: 1000, youtube: 750 }, gunlukLimit: 20, profilLimit: 5 }]);
  await live.db.insert(announcements).values({ baslik: 'Duyuru', icerik: 'İçerik', baslikEn: 'Notice', icerikEn: 'Text', aktif: true });
  closed = await createTestDb();
  await closed.close();
});

describe('a customer list that cannot be read', () => {
  it('gives the panel no announcements, and logs the failure once with the list and the page', async () => {
    const b = boundary();
    const read = () => readOrEmpty(() => listActiveAnnouncements(closed.db, 'tr'), [], { list: 'announcements', page: '/panel' }, b.options);
    expect(await read()).toEqual({ value: [], failed: true });
    // The same failure again (every visit while the database is away) is counted, not logged again.
    expect(await read()).toEqual({ value: [], failed: true });
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]).toMatchObject({ level: 50, list: 'announcements', page: '/panel', msg: 'a customer list could not be read; it is shown empty', err: { message: expect.any(String) } });
  });

  it('gives /pricing an empty price list', async () => {
    const b = boundary();
    expect(await readOrEmpty(() => getPriceList(closed.db), NO_PRICES, { list: 'price list', page: '/pricing' }, b.options)).toEqual({ value: NO_PRICES, failed: true });
    expect(b.lines).toHaveLength(1);
  });

  it('gives /panel/subscription no packages to choose from', async () => {
    const b = boundary();
    const empty = { packages: [], activePlatforms: [] };
    expect(await readOrEmpty(() => getPackageChoices(closed.db), empty, { list: 'package choices', page: '/panel/subscription' }, b.options)).toEqual({ value: empty, failed: true });
    expect(b.lines).toHaveLength(1);
  });

  it('gives a service page no profiles and the flag its list shows "could not be loaded" by, when the database fails', async () => {
    const b = boundary();
    expect(await readOrEmpty(() => readProfiles(closed.db, 'instagram'), [], { list: 'profiles', page: '/service' }, b.options)).toEqual({ value: [], failed: true });
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]).toMatchObject({ list: 'profiles', page: '/service' });
  });

  it('gives a service page no profiles and the flag when the provider cannot give a first list, for 30 s', async () => {
    const b = boundary();
    const read = () => readOrEmpty(() => readProfiles(live.db, 'twitter'), [], { list: 'profiles', page: '/service' }, b.options);
    expect(await read()).toEqual({ value: [], failed: true });
    expect(b.lines[0]).toMatchObject({ err: { type: 'ProviderError' } });
    // Within the 30 s the provider is not asked again, and the list still says it could not be loaded.
    expect(await read()).toEqual({ value: [], failed: true });
    expect(b.lines).toHaveLength(1);
    // The public API keeps answering an empty list.
    expect(await listProfiles(live.db, 'twitter')).toEqual([]);
  });

  it('keeps the statement and its values out of the log line', async () => {
    const b = boundary();
    await readOrEmpty(() => getPackageChoices(closed.db), { packages: [], activePlatforms: [] }, { list: 'package choices', page: '/panel/subscription' }, b.options);
    const text = JSON.stringify(b.lines);
    expect(text).not.toMatch(/select|"packages"|deleted_at/i);
  });
});

describe('a customer list that can be read', () => {
  it('is passed through unflagged and logs nothing', async () => {
    const b = boundary();
    const where = { list: 'test', page: '/test' };
    const news = await readOrEmpty(() => listActiveAnnouncements(live.db, 'en'), [], where, b.options);
    expect(news).toMatchObject({ failed: false, value: [{ baslik: 'Notice' }] });
    const prices = await readOrEmpty(() => getPriceList(live.db), NO_PRICES, where, b.options);
    expect(prices.failed).toBe(false);
    expect(prices.value.packages).toMatchObject([{ name: 'Okuma Paketi', pricesCents: { twitter: 1999 } }]);
    const choices = await readOrEmpty(() => getPackageChoices(live.db), { packages: [], activePlatforms: [] }, where, b.options);
    expect(choices).toMatchObject({ failed: false, value: { packages: [{ name: 'Okuma Paketi' }], activePlatforms: ['twitter', 'instagram', 'youtube', 'tiktok'] } });
    expect(b.lines).toEqual([]);
  });
});
