import { z } from 'zod';

/*
 * Issue #33: how the REST answers name an order, for the OpenAPI description (route()'s
 * `response`). Every answer that returns an order carries its number (`order_number`, the "#123"
 * of the panel) beside the UUID it always had (`task_id`, or `id` in the history lists), which
 * stays for compatibility. Only the naming fields are spelled out; the rest is as §7 describes.
 */
export const orderNumberField = z.number().int().positive().describe('The order’s number: the "#123" the panel shows, the reseller API’s `order`.');
const uuidField = z.string().describe('The order’s UUID (kept for compatibility; the number names the order).');

/** The send routes (§7 "Service use"). */
export const sendResponse = z.object({
  task_id: uuidField,
  order_number: orderNumberField,
  charge: z.string().describe('USD the order took from the balance ("0.00" under a package).'),
  pay_per_action: z.literal(true).optional().describe('Present when the order was paid per action (issue #33 item 7).'),
});

/** GET /api/operations/{task_id} (which also takes the number). */
export const operationResponse = z.object({ task_id: uuidField, order_number: orderNumberField }).catchall(z.unknown());

/** GET /api/operations/{task_id}: the order with what its re-checks found (issue #38). */
export const operationDetailResponse = z
  .object({
    task_id: uuidField,
    order_number: orderNumberField,
    // Issue #38 items 2 and 3: what the re-checks found after the order ended.
    kept: z
      .object({
        checked: z.number().int().describe('Profiles of the order whose action a re-check answered (kept or undone).'),
        kept: z.number().int().describe('Of those, the ones whose last answer was that the action is still in place.'),
        share: z.number().nullable().describe('kept / checked (0–1), null before any answer: the order’s kept share.'),
      })
      .describe('The order’s kept share from the re-checks (at the times the site’s re-check setting names).'),
    make_goods: z
      .array(
        z.object({
          profile_id: z.number().int().describe('The profile whose action was found undone.'),
          state: z.enum(['open', 'redoing', 'redone', 'refunded']).describe('open: about to be made good; redoing: a profile is acting again; redone: done again; refunded: given back (see the refund and whether the package use was returned).'),
          undone_day: z.number().int().describe('Days after the order’s end the re-check found it undone.'),
          undone_at: z.string().describe('When it was found undone (ISO 8601).'),
          by_username: z.string().nullable().describe('The profile that redid (or is redoing) it: the same one or another.'),
          refund: z.string().describe('USD given back to the balance for it ("0.00" when redone, or under a package).'),
          usage_returned: z.boolean().describe('Under a package: the order’s daily use was given back (none of its actions remained).'),
          done_at: z.string().nullable().describe('When it was made good (ISO 8601).'),
        }),
      )
      .describe('Each action found undone, made good exactly once: redone by the same profile, else by another, else given back.'),
  })
  .catchall(z.unknown());

/** One order of a history or statistics list. */
const transactionResponse = z.object({ id: uuidField, order_number: orderNumberField }).catchall(z.unknown());

/** GET /api/users/transactions/me. */
export const transactionsPageResponse = z.object({ transactions: z.array(transactionResponse), next_cursor: z.string().nullable() });

/** GET /api/islem-gecmisi/user/{userId}/service/{service}. */
export const historyPageResponse = z.object({ transactions: z.array(transactionResponse), total: z.number().int() });

/** An order as a support thread names it (lib/domain/tickets TicketOrderSummary). */
const ticketOrderResponse = z.object({ task_id: uuidField, order_number: orderNumberField }).catchall(z.unknown());

/** GET /api/tickets/{id}: the ticket with the order it is about, named by its number. */
export const ticketResponse = z.object({ ticket: z.object({ order: ticketOrderResponse.nullable() }).catchall(z.unknown()) });

/** GET /api/tickets/admin/{id}: the same, with the customer's recent orders, each named by its number. */
export const adminTicketResponse = z.object({
  ticket: z.object({ order: ticketOrderResponse.nullable(), customer: z.object({ recent_orders: z.array(ticketOrderResponse) }).catchall(z.unknown()) }).catchall(z.unknown()),
});

/** GET /api/operations/{task_id}/repeat (issue #36 item 4): an own order as a draft to send again. */
export const repeatResponse = z.object({
  task_id: z.string(),
  order_number: orderNumberField,
  platform: z.string(),
  service: z.string(),
  target_url: z.string().nullable(),
  prompt: z.string().nullable(),
  tweet_text: z.string().nullable(),
  quote_tweet_url: z.string().nullable(),
  profiles: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string(),
      state: z.enum(['active', 'inactive', 'quarantined', 'disabled', 'gone']).describe('active: can act now; inactive: left the roster; quarantined, disabled: paused by us; gone: no longer exists'),
      done_on_target: z.boolean().describe('It already acted (or is acting) on the order’s target for this service: the same target would be refused with ALREADY_DONE.'),
    }),
  ),
});
