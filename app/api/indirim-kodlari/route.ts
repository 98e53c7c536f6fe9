import { getDb } from '@/db/client';
import { actorFrom } from '@/lib/audit';
import { createDiscountCode, discountSchema, listDiscountCodes } from '@/lib/discounts';
import { handle, ok, parseBody } from '../_lib/handler';
import { requireAdmin } from '../_lib/auth';

/** GET /api/indirim-kodlari → indirim_kodlari. */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  return ok({ indirim_kodlari: await listDiscountCodes(await getDb()) });
});

/** POST /api/indirim-kodlari {kod, paket_id[] (or a JSON string), indirim_yuzdesi, maksimum_kullanim, bitis_tarihi, aktif}. */
export const POST = handle(async (req) => {
  const admin = await requireAdmin(req);
  const input = await parseBody(req, discountSchema);
  return ok({ indirim_kodu: await createDiscountCode(await getDb(), actorFrom(admin, req), input) }, 201);
});
