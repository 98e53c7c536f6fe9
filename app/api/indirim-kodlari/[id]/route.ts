import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { deleteDiscountCode, discountUpdateSchema, updateDiscountCode } from '@/lib/domain/discounts';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const params = z.object({ id: idParam });

/** PUT /api/indirim-kodlari/{id}: full code with a changed aktif, or the form body. */
export const PUT = route({ auth: 'admin', params, body: discountUpdateSchema }, async ({ req, db, user, params, input }) =>
  ok({ indirim_kodu: await updateDiscountCode(db, actorFrom(user, req), params.id, input) }),
);

/** DELETE /api/indirim-kodlari/{id}. */
export const DELETE = route({ auth: 'admin', params }, async ({ req, db, user, params }) => {
  await deleteDiscountCode(db, actorFrom(user, req), params.id);
  return ok();
});
