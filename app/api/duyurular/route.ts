import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { announcementSchema, createAnnouncement, listActiveAnnouncements } from '@/lib/announcements';
import { handle, ok, parseBody } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';

/** GET /api/duyurular?lang= (public, default tr) → duyurular: active ones in that language, Turkish otherwise. */
export const GET = handle(async (req) => {
  const lang = (new URL(req.url).searchParams.get('lang') ?? 'tr').trim().toLowerCase().slice(0, 2);
  return ok({ duyurular: await listActiveAnnouncements(await getDb(), lang) });
});

/** POST /api/duyurular {baslik, icerik, baslik_en, icerik_en, oncelik} → duyuru. */
export const POST = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, announcementSchema);
  return ok({ duyuru: await createAnnouncement(await getDb(), actorFrom(admin, req), input) }, 201);
});
