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
  /** '' when the announcement has no German text. */
  baslik_de: string;
  icerik_de: string;
  oncelik: number;
  aktif: boolean;
  tarih: string;
  guncelleme_tarihi: string;
};

/** An announcement in one language (customer panel). */
export type PublicAnnouncement = Omit<AdminAnnouncement, 'baslik_en' | 'icerik_en' | 'baslik_de' | 'icerik_de'>;

export function toAdminAnnouncement(r: Row): AdminAnnouncement {
  return {
    id: r.id,
    baslik: r.baslik,
    icerik: r.icerik,
    baslik_en: r.baslikEn,
    icerik_en: r.icerikEn,
    baslik_de: r.baslikDe,
    icerik_de: r.icerikDe,
    oncelik: r.oncelik,
    aktif: r.aktif,
    tarih: r.createdAt.toISOString(),
    guncelleme_tarihi: r.updatedAt.toISOString(),
  };
}

/**
 * The texts of one language: Turkish for `tr` and any unknown language (§7 default), English for
 * `en`, German for `de` with English in its place when the German title or content is empty
 * (issue #15). Title and content fall back together, so a German title never sits on English text.
 */
export function announcementTexts(r: Pick<Row, 'baslik' | 'icerik' | 'baslikEn' | 'icerikEn' | 'baslikDe' | 'icerikDe'>, lang: string) {
  const english = { baslik: r.baslikEn || r.baslik, icerik: r.icerikEn || r.icerik };
  if (lang === 'de') return r.baslikDe && r.icerikDe ? { baslik: r.baslikDe, icerik: r.icerikDe } : english;
  if (lang === 'en') return english;
  return { baslik: r.baslik, icerik: r.icerik };
}

export function toPublicAnnouncement(r: Row, lang: string): PublicAnnouncement {
  return {
    id: r.id,
    ...announcementTexts(r, lang),
    oncelik: r.oncelik,
    aktif: r.aktif,
    tarih: r.createdAt.toISOString(),
    guncelleme_tarihi: r.updatedAt.toISOString(),
  };
}
