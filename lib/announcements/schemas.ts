import { z } from 'zod';
import { int, text } from '@/lib/validation';

const REQUIRED = 'AnnouncementValidation.required';
const field = (max: number) => text({ max, message: REQUIRED }).min(1, { message: REQUIRED });

/**
 * POST/PUT /duyurular (§5 announcement form): Turkish and English title and content required
 * ('Türkçe ve İngilizce başlık ve içerik zorunludur.'); priority 0 or 1.
 */
export const announcementSchema = z.object({
  baslik: field(200),
  icerik: field(5000),
  baslik_en: field(200),
  icerik_en: field(5000),
  oncelik: int({ min: 0, max: 1, message: 'AnnouncementValidation.priority' }).default(0),
  /** Left out: a new announcement is active, an edited one keeps its state. */
  aktif: z.boolean().optional(),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;
