import { z } from 'zod';

const REQUIRED = 'AnnouncementValidation.required';
const field = (max: number) =>
  z
    .string({ message: REQUIRED })
    .trim()
    .min(1, { message: REQUIRED })
    .max(max, { message: REQUIRED })
    .refine((s) => !s.includes('\u0000'), { message: REQUIRED });

/**
 * POST/PUT /duyurular (§5 announcement form): Turkish and English title and content required
 * ('Türkçe ve İngilizce başlık ve içerik zorunludur.'); priority 0 or 1.
 */
export const announcementSchema = z.object({
  baslik: field(200),
  icerik: field(5000),
  baslik_en: field(200),
  icerik_en: field(5000),
  oncelik: z.coerce
    .number({ message: 'AnnouncementValidation.priority' })
    .int({ message: 'AnnouncementValidation.priority' })
    .refine((v) => v === 0 || v === 1, { message: 'AnnouncementValidation.priority' })
    .default(0),
  /** Left out: a new announcement is active, an edited one keeps its state. */
  aktif: z.boolean().optional(),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;
