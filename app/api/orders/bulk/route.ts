import { bulkOrder, bulkOrderResponse, bulkOrderSchema } from '@/lib/domain/operations';
import { notifyDashboard } from '@/lib/infra/realtime';
import { centsToDecimal } from '@/lib/infra/money';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/orders/bulk {service, profile_ids | crew_id, targets: [...], prompt?, start_at?, spread_minutes?}
 * (issue #36 item 5): every line checked before anything is sent (a bad line refuses the request,
 * 400 naming each bad line), then each line an ordinary order; the answer lists each line's result.
 */
export const POST = route(
  {
    auth: 'user',
    body: bulkOrderSchema,
    response: bulkOrderResponse,
    summary: 'A bulk order: one service and one set of profiles (or a crew) on up to 100 targets.',
    description:
      'Every line is checked first: more than 100 lines (BULK_TOO_MANY), an empty line (BULK_LINE_EMPTY), a link the service does not take (BULK_LINE_INVALID) or a line given twice (BULK_LINE_DUPLICATE) refuses the whole request with 400 and `lines: [{line, code}]`, and nothing is sent. Then each line is an ordinary order (same rules, price and charge) with one `bulk_id`; a line the send refuses (e.g. ALREADY_DONE, DAILY_LIMIT_EXCEEDED) is refused alone, with its `code` and `mesaj`. The cooldown is waived between lines; the daily limit counts every accepted line.',
  },
  async ({ db, user, input, locale }) => {
    const result = await bulkOrder(db, user, input);
    const accepted = result.lines.filter((l) => l.status === 'accepted').length;
    if (accepted > 0) notifyDashboard();
    return ok({
      bulk_id: result.bulkId,
      accepted,
      refused: result.lines.length - accepted,
      lines: result.lines.map((l) =>
        l.status === 'accepted'
          ? { line: l.line, target: l.target, status: l.status, task_id: l.taskId, order_number: l.orderNumber, charge: centsToDecimal(l.priceCents) }
          : { line: l.line, target: l.target, status: l.status, code: l.code, mesaj: translate(locale, `Errors.${l.code}`, l.params) ?? l.code },
      ),
    });
  },
);
