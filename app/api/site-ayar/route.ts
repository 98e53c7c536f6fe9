import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { getAdminSiteSettings, getSiteSettings, siteSettingsSchema, updateSiteSettings } from '@/lib/settings';
import { handle, ok, parseBody } from '../_lib/handler';
import { optionalUser, requireAdmin } from '../_lib/auth';

/** GET /api/site-ayar (public) → site_ayar; an admin also gets the send rules of the settings form. */
export const GET = handle(async (req) => {
  const user = await optionalUser(req);
  const db = await getDb();
  return ok({ site_ayar: user?.rol === 'admin' ? await getAdminSiteSettings(db) : await getSiteSettings(db) });
});

/** PUT /api/site-ayar {site_adi, site_aciklama, head_etiketleri, site_logo, site_favicon, cooldown_saniye?, twitter_min_profil?}. */
export const PUT = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, siteSettingsSchema);
  return ok({ site_ayar: await updateSiteSettings(await getDb(), actorFrom(admin, req), input) });
});
