import { validateDiscountCode, validateDiscountSchema } from '@/lib/domain/discounts';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/indirim-kodlari/validate {kod, paketId} → indirim_yuzdesi, mesaj (customers, logged in). */
export const POST = route({ auth: 'user', body: validateDiscountSchema }, async ({ db, input, locale }) => {
  const result = await validateDiscountCode(db, input);
  const mesaj = translate(locale, 'Discounts.applied', { percent: result.indirim_yuzdesi }) ?? '';
  return ok({ indirim_yuzdesi: result.indirim_yuzdesi, kod: result.kod, mesaj });
});
