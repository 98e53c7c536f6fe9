import { z } from 'zod';

/** The answer of POST /api/orders/bulk, for the OpenAPI description (issue #36 item 5). */
const lineResponse = z.object({
  line: z.number().int().describe('1-based, as sent.'),
  target: z.string(),
  status: z.enum(['accepted', 'refused']),
  task_id: z.string().optional(),
  order_number: z.number().int().optional().describe('Accepted lines: the order’s number.'),
  charge: z.string().optional().describe('Accepted lines: USD taken from the balance ("0.00" under a package).'),
  code: z.string().optional().describe('Refused lines: the error code a single send would have given.'),
  mesaj: z.string().optional(),
});

export const bulkOrderResponse = z.object({
  bulk_id: z.string().nullable().describe('The bulk order’s id, shared by every accepted line’s order (null when none was accepted).'),
  accepted: z.number().int(),
  refused: z.number().int(),
  lines: z.array(lineResponse),
});
