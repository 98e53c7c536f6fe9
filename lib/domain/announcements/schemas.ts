import { z } from 'zod';
import { int, text } from '@/lib/infra/validation';

const REQUIRED = 'AnnouncementValidation.required';
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 5000;
const field = (max: number) => text({ max, message: REQUIRED }).min(1, { message: REQUIRED });
/** German texts are optional (issue #15): left out or blank, the German page shows the English ones. */
const optionalField = (max: number) => text({ max, message: 'AnnouncementValidation.tooLong' }).default('');

/**
 * POST/PUT /duyurular (§5 announcement form): Turkish and English title and content required
 * ('Türkçe ve İngilizce başlık ve içerik zorunludur.'), German optional; priority 0 or 1.
 */
export const announcementSchema = z.object({
  baslik: field(ANNOUNCEMENT_TITLE_MAX),
  icerik: field(ANNOUNCEMENT_CONTENT_MAX),
  baslik_en: field(ANNOUNCEMENT_TITLE_MAX),
  icerik_en: field(ANNOUNCEMENT_CONTENT_MAX),
  baslik_de: optionalField(ANNOUNCEMENT_TITLE_MAX),
  icerik_de: optionalField(ANNOUNCEMENT_CONTENT_MAX),
  oncelik: int({ min: 0, max: 1, message: 'AnnouncementValidation.priority' }).default(0),
  /** Left out: a new announcement is active, an edited one keeps its state. */
  aktif: z.boolean().optional(),
});
/** The parsed body; the German texts may be left out by callers inside the app (seed, tests). */
export type AnnouncementInput = Omit<z.output<typeof announcementSchema>, 'baslik_de' | 'icerik_de'> & { baslik_de?: string; icerik_de?: string };
