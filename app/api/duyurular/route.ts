import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { announcementSchema, createAnnouncement, listActiveAnnouncements } from '@/lib/domain/announcements';
import { text } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const listQuery = z.object({ lang: text({ max: 20 }).optional() });

/** GET /api/duyurular?lang= (public, default tr) → duyurular: active ones in that language, Turkish otherwise. */
export const GET = route({ auth: 'public', query: listQuery }, async ({ db, query }) => {
  const lang = (query.lang ?? 'tr').trim().toLowerCase().slice(0, 2);
  return ok({ duyurular: await listActiveAnnouncements(db, lang) });
});

/** POST /api/duyurular {baslik, icerik, baslik_en, icerik_en, oncelik} → duyuru. */
export const POST = route({ auth: 'admin', body: announcementSchema }, async ({ req, db, user, input }) =>
  ok({ duyuru: await createAnnouncement(db, actorFrom(user, req), input) }, 201),
);
