import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { createPackage, listPackages, packageSchema } from '@/lib/packages';
import { handle, ok, parseBody } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';

/** GET /api/paketler (public) → paketler, prices in dollars. */
export const GET = handle(async () => ok({ paketler: await listPackages(await getDb()) }));

/** POST /api/paketler {ad, platform_fiyatlari, gunluk_limit, profil_limit} → paket. */
export const POST = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, packageSchema);
  return ok({ paket: await createPackage(await getDb(), actorFrom(admin, req), input) }, 201);
});
