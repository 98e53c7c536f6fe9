import { actorFrom } from '@/lib/audit';
import { createPackage, listPackages, packageSchema } from '@/lib/packages';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/paketler (public) → paketler, prices in dollars. */
export const GET = route({ auth: 'public' }, async ({ db }) => ok({ paketler: await listPackages(db) }));

/** POST /api/paketler {ad, platform_fiyatlari, gunluk_limit, profil_limit} → paket. */
export const POST = route({ auth: 'admin', body: packageSchema }, async ({ req, db, user, input }) =>
  ok({ paket: await createPackage(db, actorFrom(user, req), input) }, 201),
);
