import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { assignPackagesSchema, assignUserPackages } from '@/lib/admin-users';
import { handle, ok, parseBody } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';
import { notifyDashboard } from '@/lib/realtime';

/** POST /api/kullanici-paketleri {kullanici_id, paket_id, platform (comma-joined), baslangic_tarihi, bitis_tarihi}. */
export const POST = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, assignPackagesSchema);
  const kullanici_paketleri = await assignUserPackages(await getDb(), actorFrom(admin, req), input);
  notifyDashboard();
  return ok({ kullanici_paketleri }, 201);
});
