import { getDb } from '@/db/client';
import { validateDiscountCode, validateDiscountSchema } from '@/lib/discounts';
import { translate } from '@/lib/i18n/translate';
import { handle, ok, parseBody, requestLocale } from '../../_lib/handler';
import { requireUser } from '../../_lib/auth';

/** POST /api/indirim-kodlari/validate {kod, paketId} → indirim_yuzdesi, mesaj (customers, logged in). */
export const POST = handle(async (req) => {
  await requireUser(req);
  const input = await parseBody(req, validateDiscountSchema);
  const result = await validateDiscountCode(await getDb(), input);
  const mesaj = translate(requestLocale(req), 'Discounts.applied', { percent: result.indirim_yuzdesi }) ?? '';
  return ok({ indirim_yuzdesi: result.indirim_yuzdesi, kod: result.kod, mesaj });
});
