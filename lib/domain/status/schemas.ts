import { z } from 'zod';
import { idParam, text } from '@/lib/infra/validation';

const note = text({ max: 2000 }).nullable().optional();
/** PUT /api/admin/status/incidents/{id}: the admins' note in each language (empty or null removes it). */
export const incidentNoteSchema = z.object({ note_tr: note, note_en: note, note_de: note });
export type IncidentNoteInput = z.infer<typeof incidentNoteSchema>;

export const incidentIdParams = z.object({ id: idParam });
