import { actorFrom } from '@/lib/domain/audit';
import { incidentIdParams, incidentNoteSchema, incidentView, setIncidentNote, statusIncidentSchema } from '@/lib/domain/status';
import { z } from 'zod';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/admin/status/incidents/{id} {note_tr?, note_en?, note_de?} (admin, audited) → olay: the incident as the status page shows it. */
export const PUT = route(
  {
    auth: 'admin',
    params: incidentIdParams,
    body: incidentNoteSchema,
    summary: 'Write the note of a status page incident',
    description: 'The admins’ note in Turkish, English and German (each at most 2,000 characters; empty or null removes it, absent keeps it), shown on /status and in the Atom feed. Audited.',
    response: z.object({ olay: statusIncidentSchema }),
  },
  async ({ req, db, user, params, input, locale }) => ok({ olay: incidentView(await setIncidentNote(db, actorFrom(user, req), params.id, input), locale) }),
);
