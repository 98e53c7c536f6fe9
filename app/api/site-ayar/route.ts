import { actorFrom } from '@/lib/domain/audit';
import { isAdminSession } from '@/lib/domain/credentials';
import { getAdminSiteSettings, getSiteSettings, siteSettingsSchema, updateSiteSettings } from '@/lib/domain/settings';
import { twoFactorEnabled } from '@/lib/domain/two-factor';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/site-ayar (public) → site_ayar; an admin session also gets the send rules of the settings form. */
export const GET = route({ auth: 'optional' }, async ({ db, user }) =>
  ok({ site_ayar: isAdminSession(user) ? await getAdminSiteSettings(db) : await getSiteSettings(db) }),
);

/**
 * PUT /api/site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon, cooldown_saniye?, twitter_min_profil?, …,
 * sirket_unvani?, sirket_adresi?, sirket_sicil_no?, destek_eposta?}: a company detail left out keeps its saved value.
 */
export const PUT = route({ auth: 'admin', body: siteSettingsSchema }, async ({ req, db, user, input }) =>
  ok({ site_ayar: await updateSiteSettings(db, actorFrom(user, req), input, twoFactorEnabled) }),
);
