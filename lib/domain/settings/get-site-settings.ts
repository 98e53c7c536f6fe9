import 'server-only';
import { createTtlCache } from '@/lib/infra/cache';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { siteSettings } from '@/db/schema';
import { rememberSiteName } from './last-known';

export type SiteSettings = {
  site_adi: string;
  site_aciklama: string;
  head_etiketleri: string;
  site_logo: string;
  site_favicon: string;
  /** The company details (issue #32 "Who we are"): public, since the footer and /imprint show them; '' when not set. */
  sirket_unvani: string;
  sirket_adresi: string;
  sirket_sicil_no: string;
  destek_eposta: string;
};

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_adi: 'Etkileşim',
  site_aciklama: 'Gerçek profillerle Twitter, Instagram ve YouTube etkileşimi.',
  head_etiketleri: '',
  site_logo: '',
  site_favicon: '',
  sirket_unvani: '',
  sirket_adresi: '',
  sirket_sicil_no: '',
  destek_eposta: '',
};

/** GET /site-ayar (§3 Site settings). */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) return DEFAULT_SITE_SETTINGS;
  rememberSiteName(row.siteAdi);
  return {
    site_adi: row.siteAdi,
    site_aciklama: row.siteAciklama,
    head_etiketleri: row.headEtiketleri,
    site_logo: row.siteLogo,
    site_favicon: row.siteFavicon,
    sirket_unvani: row.companyLegalName,
    sirket_adresi: row.companyAddress,
    sirket_sicil_no: row.companyRegistrationNumber,
    destek_eposta: row.supportEmail,
  };
}

const settingsCache = createTtlCache<'site', SiteSettings>({ ttlMs: 5000 });

/**
 * The public settings for pages, kept a few seconds per process (lib/infra/cache): every page's layout
 * and metadata read them. PUT /site-ayar ends the entry at once in this process.
 */
export function cachedSiteSettings(db: Db): Promise<SiteSettings> {
  return settingsCache.get(db, 'site', () => getSiteSettings(db));
}
