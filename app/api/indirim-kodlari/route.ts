import { actorFrom } from '@/lib/domain/audit';
import { createDiscountCode, discountSchema, listDiscountCodes } from '@/lib/domain/discounts';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/indirim-kodlari → indirim_kodlari. */
export const GET = route({ auth: 'admin' }, async ({ db }) => ok({ indirim_kodlari: await listDiscountCodes(db) }));

/** POST /api/indirim-kodlari {kod, paket_id[] (or a JSON string), indirim_yuzdesi, maksimum_kullanim, bitis_tarihi, aktif}. */
export const POST = route({ auth: 'admin', body: discountSchema }, async ({ req, db, user, input }) =>
  ok({ indirim_kodu: await createDiscountCode(db, actorFrom(user, req), input) }, 201),
);
