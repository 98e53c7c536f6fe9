import { describe, expect, it } from 'vitest';
import { listPackages } from '@/lib/domain/packages';
import { migrate, openBefore } from '@/test/migrations';
import { rawQuery } from './raw';

/*
 * Issue #34 item 2: migration 0021_package_prices_as_rows moves each package's three price columns
 * into three rows of package_prices (deleted packages' too) before it drops the columns, so no
 * price is lost and the API answers the same platform_fiyatlari as before.
 */
const PRICES_MIGRATION = '0021_package_prices_as_rows';

describe('migration 0021_package_prices_as_rows', () => {
  it('turns every package’s three price columns into three rows, then drops the columns', async () => {
    const handle = await openBefore(PRICES_MIGRATION);
    try {
      const insert = (ad: string, instagram: number, twitter: number, youtube: number, deleted = false) =>
        rawQuery<{ id: number }>(
          handle.db,
          `insert into packages (ad, price_instagram_cents, price_twitter_cents, price_youtube_cents, gunluk_limit, profil_limit, deleted_at)
           values ($1, $2::int, $3::int, $4::int, 10, 5, ${deleted ? 'now()' : 'null'}) returning id`,
          [ad, instagram, twitter, youtube],
        );
      const [pro] = await insert('Pro', 999, 1499, 333);
      const [gone] = await insert('Eski', 100, 200, 300, true);
      // A 0 could be stored (the old check allowed it) though the form never took it: it arrives as a row of 0.
      const [free] = await insert('Sıfır', 500, 0, 700);

      await migrate(handle);

      const rows = await rawQuery<{ package_id: number; platform: string; price_cents: number }>(
        handle.db,
        `select package_id, platform::text as platform, price_cents from package_prices order by package_id, platform::text`,
        [],
      );
      expect(rows).toEqual([
        { package_id: pro!.id, platform: 'instagram', price_cents: 999 },
        { package_id: pro!.id, platform: 'twitter', price_cents: 1499 },
        { package_id: pro!.id, platform: 'youtube', price_cents: 333 },
        { package_id: gone!.id, platform: 'instagram', price_cents: 100 },
        { package_id: gone!.id, platform: 'twitter', price_cents: 200 },
        { package_id: gone!.id, platform: 'youtube', price_cents: 300 },
        { package_id: free!.id, platform: 'instagram', price_cents: 500 },
        { package_id: free!.id, platform: 'twitter', price_cents: 0 },
        { package_id: free!.id, platform: 'youtube', price_cents: 700 },
      ]);
      const columns = await rawQuery<{ column_name: string }>(
        handle.db,
        `select column_name from information_schema.columns where table_name = 'packages' and column_name like 'price%'`,
        [],
      );
      expect(columns).toEqual([]);

      // The API reads the rows: the same dollars as the columns held; the 0 reads as not sold (0),
      // and so does a platform added after the columns (TikTok: no row, not sold until priced).
      const listed = await listPackages(handle.db);
      expect(listed.map((p) => [p.ad, p.platform_fiyatlari])).toEqual([
        ['Pro', { twitter: 14.99, instagram: 9.99, youtube: 3.33, tiktok: 0 }],
        ['Sıfır', { twitter: 0, instagram: 5, youtube: 7, tiktok: 0 }],
      ]);

      // A package's rows go with it; a price is never negative.
      await rawQuery(handle.db, `delete from packages where id = $1::int`, [gone!.id]);
      const [left] = await rawQuery<{ n: number }>(handle.db, `select count(*)::int as n from package_prices where package_id = $1::int`, [gone!.id]);
      expect(left!.n).toBe(0);
      await expect(rawQuery(handle.db, `update package_prices set price_cents = -1 where package_id = $1::int`, [pro!.id])).rejects.toThrow();
    } finally {
      await handle.close();
    }
  }, 120_000);
});
