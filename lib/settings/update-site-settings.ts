import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';
import { publicContentChanged } from '@/lib/cache';
import { recordAudit, type Actor } from '@/lib/audit';
import { getAdminSiteSettings, type AdminSiteSettings } from './get-admin-site-settings';
import type { SiteSettingsInput } from './schemas';

/** PUT /site-ayar: the single settings row (id 1), created on first save if the seed did not. */
export async function updateSiteSettings(db: Db, actor: Actor, input: SiteSettingsInput): Promise<AdminSiteSettings> {
  const saved = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${siteSettings} where ${siteSettings.id} = 1 for update`);
    const before = await getAdminSiteSettings(tx);
    const values = {
      siteAdi: input.site_adi,
      siteAciklama: input.site_aciklama,
      headEtiketleri: input.head_etiketleri,
      siteLogo: input.site_logo,
      siteFavicon: input.site_favicon,
      ...(input.cooldown_saniye !== undefined ? { cooldownSeconds: input.cooldown_saniye } : {}),
      ...(input.twitter_min_profil !== undefined ? { twitterMinProfiles: input.twitter_min_profil } : {}),
    };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: sql`now()` } });
    const after = await getAdminSiteSettings(tx);
    await recordAudit(tx, actor, { action: 'settings.update', entity: 'site_settings', entityId: 1, before, after });
    return after;
  });
  publicContentChanged();
  return saved;
}
