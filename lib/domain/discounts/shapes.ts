import 'server-only';
import type { discountCodes } from '@/db/schema';
import { dayInZone } from './dates';

/** §3 Discount code. */
export type ApiDiscountCode = {
  id: number;
  kod: string;
  paket_id: number[];
  indirim_yuzdesi: number;
  kullanilan_sayisi: number;
  maksimum_kullanim: number;
  bitis_tarihi: string;
  /** The end date as a day in APP_TIMEZONE, for the form's date input. */
  bitis_gunu: string;
  aktif: boolean;
};

export function toApiDiscountCode(row: typeof discountCodes.$inferSelect, packageIds: number[]): ApiDiscountCode {
  return {
    id: row.id,
    kod: row.kod,
    paket_id: [...packageIds].sort((a, b) => a - b),
    indirim_yuzdesi: row.indirimYuzdesi,
    kullanilan_sayisi: row.kullanilanSayisi,
    maksimum_kullanim: row.maksimumKullanim,
    bitis_tarihi: row.bitisTarihi.toISOString(),
    bitis_gunu: dayInZone(row.bitisTarihi),
    aktif: row.aktif,
  };
}
