import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { deleteDiscountCode, discountUpdateSchema, updateDiscountCode } from '@/lib/discounts';
import { handle, ok, param, parseBody } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** PUT /api/indirim-kodlari/{id}: full code with a changed aktif, or the form body. */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'DISCOUNT_CODE_NOT_FOUND');
  const input = await parseBody(req, discountUpdateSchema);
  return ok({ indirim_kodu: await updateDiscountCode(await getDb(), actorFrom(admin, req), id, input) });
});

/** DELETE /api/indirim-kodlari/{id}. */
export const DELETE = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'DISCOUNT_CODE_NOT_FOUND');
  await deleteDiscountCode(await getDb(), actorFrom(admin, req), id);
  return ok();
});
