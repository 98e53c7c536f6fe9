import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { createPackage, listPackages, packageSchema } from '@/lib/domain/packages';
import { text } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const listQuery = z.object({
  lang: text({ max: 35 })
    .optional()
    .describe('The language of `gorunen_ad` (tr, en, de); also read from ?lng=, X-Locale, the NEXT_LOCALE cookie and Accept-Language. Turkish by default.'),
});

/**
 * GET /api/paketler (public) → paketler, prices in dollars. Each package has `ad` (the Turkish
 * name, §7), `ad_en` and `ad_de` (null when none was given) and `gorunen_ad`, the name in the
 * request's language: German, else English, else Turkish for `de`; English, else Turkish for `en`.
 */
export const GET = route(
  {
    auth: 'public',
    query: listQuery,
    description:
      'The packages for sale. `ad` is the Turkish name (§7), `ad_en` and `ad_de` the English and German names or null, `gorunen_ad` the name in the request’s language (de: German, else English, else Turkish; en: English, else Turkish; otherwise Turkish).',
  },
  async ({ db, locale }) => ok({ paketler: await listPackages(db, locale) }),
);

/** POST /api/paketler {ad, ad_en?, ad_de?, platform_fiyatlari, gunluk_limit, profil_limit} → paket. */
export const POST = route({ auth: 'admin', body: packageSchema }, async ({ req, db, user, input }) =>
  ok({ paket: await createPackage(db, actorFrom(user, req), input) }, 201),
);
