import 'server-only';
import type { announcements } from '@/db/schema';

type Row = typeof announcements.$inferSelect;

/** §3 Announcement, all languages (admin list). */
export type AdminAnnouncement = {
  id: number;
  baslik: string;
  icerik: string;
  baslik_en: string;
  icerik_en: string;
  oncelik: number;
  aktif: boolean;
  tarih: string;
  guncelleme_tarihi: string;
};

/** An announcement in one language (customer panel). */
export type PublicAnnouncement = Omit<AdminAnnouncement, 'baslik_en' | 'icerik_en'>;

export function toAdminAnnouncement(r: Row): AdminAnnouncement {
  return {
    id: r.id,
    baslik: r.baslik,
    icerik: r.icerik,
    baslik_en: r.baslikEn,
    icerik_en: r.icerikEn,
    oncelik: r.oncelik,
    aktif: r.aktif,
    tarih: r.createdAt.toISOString(),
    guncelleme_tarihi: r.updatedAt.toISOString(),
  };
}

/** English texts for `en`; Turkish for `tr` and for any language without its own texts (de). */
export function toPublicAnnouncement(r: Row, lang: string): PublicAnnouncement {
  const english = lang === 'en';
  return {
    id: r.id,
    baslik: english && r.baslikEn ? r.baslikEn : r.baslik,
    icerik: english && r.icerikEn ? r.icerikEn : r.icerik,
    oncelik: r.oncelik,
    aktif: r.aktif,
    tarih: r.createdAt.toISOString(),
    guncelleme_tarihi: r.updatedAt.toISOString(),
  };
}
