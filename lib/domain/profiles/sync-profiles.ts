import 'server-only';
import { and, eq, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms, profiles } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { formatFollowers } from '@/lib/domain/pricing';
import { createProviderClient, type ProviderClient } from '@/lib/domain/provider';
import { publicContentChanged } from '@/lib/infra/cache';

export type SyncResult = { platform: Platform; upserted: number; deactivated: number; /** Whether what visitors see of the list changed. */ changed: boolean };

type Facts = { languages: string[]; country: string | null; niches: string[]; accountCreatedAt: string | null; verified: boolean };
type Shown = { username: string; name: string; followersCount: number; followersText: string; status: string; audienceEditedAt: Date | null } & Facts;
const factsKey = (f: Facts) => JSON.stringify([f.languages, f.country, f.niches, f.accountCreatedAt, f.verified]);
const KEPT_STATUS = new Set(['quarantined', 'disabled']);

/** The provider's new value of a fact column, or the stored one on a profile an admin corrected. */
const keptUnlessEdited = (column: AnyColumn, name: string) =>
  sql`case when ${profiles.audienceEditedAt} is not null then ${column} else ${sql.raw(`excluded.${name}`)} end`;

/**
 * Refreshes the profiles table of one platform from its provider's profile_list endpoint.
 * Profiles the provider no longer lists become inactive (kept, because orders point at them).
 * The audience facts of contract 1.3 (languages, country, niches, account age, verified) are
 * stored as the provider sends them (none sent: empty), except on a profile an admin corrected
 * (audience_edited_at set, lib/domain/profiles/edit-audience.ts): the admin's values stay until
 * the admin hands the profile back to the provider.
 * When the provider is down or answers garbage this throws and the table keeps its last list.
 */
export async function syncProfiles(db: Db, platform: Platform, client: ProviderClient = createProviderClient({ timeoutMs: 8000 })): Promise<SyncResult> {
  const [row] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, platform));
  const url = row?.apiEndpoints.profile_list ?? '';
  const list = await client.listProfiles(url);
  // The provider may repeat an id; the last entry wins.
  const unique = [...new Map(list.map((p) => [p.id, p])).values()];

  const result = await db.transaction(async (tx) => {
    const now = new Date();
    let upserted = 0;
    // What the list shows now, to tell whether this pass changes it: a pass that changes nothing
    // (most of them) must not end every kept page (publicContentChanged below), which would also
    // leave nothing to show while the database is away (server/outage-page.ts).
    const shown = new Map<string, Shown>(
      (
        await tx
          .select({
            providerId: profiles.providerId,
            username: profiles.username,
            name: profiles.name,
            followersCount: profiles.followersCount,
            followersText: profiles.followersText,
            status: profiles.status,
            languages: profiles.languages,
            country: profiles.country,
            niches: profiles.niches,
            accountCreatedAt: profiles.accountCreatedAt,
            verified: profiles.verified,
            audienceEditedAt: profiles.audienceEditedAt,
          })
          .from(profiles)
          .where(eq(profiles.platform, platform))
      ).map(({ providerId, ...rest }) => [providerId, rest]),
    );
    const rowOf = (p: (typeof unique)[number]) => ({
      platform,
      providerId: p.id,
      username: p.username,
      name: p.name,
      followersCount: Math.min(p.followers, 2_147_483_647),
      followersText: p.followers_text ?? formatFollowers(p.followers),
      status: p.status,
      languages: p.languages ?? [],
      country: p.country ?? null,
      niches: p.niches ?? [],
      accountCreatedAt: p.account_created ?? null,
      verified: p.verified ?? false,
      syncedAt: now,
    });
    let changed = unique.some((p) => {
      const next = rowOf(p);
      const was = shown.get(p.id);
      if (!was) return true;
      // Our own verdicts (quarantined, disabled) stay, as in the update below.
      const status = KEPT_STATUS.has(was.status) ? was.status : next.status;
      // An admin-corrected profile keeps its facts, as in the update below.
      const factsChanged = !was.audienceEditedAt && factsKey(was) !== factsKey(next);
      return was.username !== next.username || was.name !== next.name || was.followersCount !== next.followersCount || was.followersText !== next.followersText || was.status !== status || factsChanged;
    });
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = await tx
        .insert(profiles)
        .values(
          chunk.map(rowOf),
        )
        .onConflictDoUpdate({
          target: [profiles.platform, profiles.providerId],
          set: {
            username: sql`excluded.username`,
            name: sql`excluded.name`,
            followersCount: sql`excluded.followers_count`,
            followersText: sql`excluded.followers_text`,
            // Our own verdicts (quarantined, disabled) stay until an admin changes them.
            status: sql`case when ${profiles.status} in ('quarantined', 'disabled') then ${profiles.status} else excluded.status end`,
            syncedAt: sql`excluded.synced_at`,
            // Contract 1.3 facts, unless an admin corrected them (audience_edited_at set).
            languages: keptUnlessEdited(profiles.languages, 'languages'),
            country: keptUnlessEdited(profiles.country, 'country'),
            niches: keptUnlessEdited(profiles.niches, 'niches'),
            accountCreatedAt: keptUnlessEdited(profiles.accountCreatedAt, 'account_created_at'),
            verified: keptUnlessEdited(profiles.verified, 'verified'),
          },
        })
        .returning({ id: profiles.id });
      upserted += rows.length;
    }
    const ids = unique.map((p) => p.id);
    const gone = await tx
      .update(profiles)
      .set({ status: 'inactive', syncedAt: now })
      .where(
        and(
          eq(profiles.platform, platform),
          eq(profiles.status, 'active'),
          ids.length > 0 ? notInArray(profiles.providerId, ids) : sql`true`,
        ),
      )
      .returning({ id: profiles.id });
    changed ||= gone.length > 0;
    return { platform, upserted, deactivated: gone.length, changed };
  });
  if (result.changed) publicContentChanged();
  return result;
}
