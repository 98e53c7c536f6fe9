import { actorFrom } from '@/lib/domain/audit';
import { assignPackagesSchema, assignUserPackages } from '@/lib/domain/admin-users';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/kullanici-paketleri {kullanici_id, paket_id, platform (comma-joined), baslangic_tarihi, bitis_tarihi}. */
export const POST = route({ auth: 'admin', body: assignPackagesSchema }, async ({ req, db, user, input }) => {
  const kullanici_paketleri = await assignUserPackages(db, actorFrom(user, req), input);
  notifyDashboard();
  return ok({ kullanici_paketleri }, 201);
});
