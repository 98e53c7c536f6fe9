import { z } from 'zod';
import { id, idParam, int, text } from '@/lib/infra/validation';

export const TICKET_CATEGORIES = ['order', 'payment', 'package', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;
/** A closed ticket can be reopened by its owner for this long. */
export const REOPEN_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An order's number as a person types it: "#123" or "123" (issue #33). */
const ORDER_NUMBER = /^\s*#?\s*0*[1-9][0-9]{0,14}\s*$/;

const message = text({ max: MESSAGE_MAX, message: 'TicketValidation.message_required', tooLong: 'TicketValidation.message_too_long' }).min(1, 'TicketValidation.message_required');

/** POST /api/tickets: the form of /panel/support and of the help drawer. */
export const createTicketSchema = z.object({
  category: z.enum(TICKET_CATEGORIES, 'TicketValidation.category_invalid'),
  subject: text({ max: SUBJECT_MAX, message: 'TicketValidation.subject_required', tooLong: 'TicketValidation.subject_too_long' }).min(3, 'TicketValidation.subject_required'),
  message,
  /** One of the caller's orders: its number ("#123", "123", issue #33) or its task_id; empty means none. */
  order_id: z
    .union([z.literal(''), text({ max: 36, message: 'TicketValidation.order_invalid' }).refine((v) => UUID.test(v) || ORDER_NUMBER.test(v), 'TicketValidation.order_invalid')], 'TicketValidation.order_invalid')
    .nullish()
    .transform((v) => v?.trim().replace(/^#\s*/, '') || null),
});
export type CreateTicketInput = z.output<typeof createTicketSchema>;

/** POST /api/tickets/{id}/messages and the admin reply. */
export const ticketMessageSchema = z.object({ message });
export type TicketMessageInput = z.output<typeof ticketMessageSchema>;

/** How the inbox may be ordered: newest or oldest activity (the longest-waiting first), newest ticket, or by status (open first). */
export const ADMIN_TICKET_SORTS = ['activity', 'waiting', 'created', 'status'] as const;
export type AdminTicketSort = (typeof ADMIN_TICKET_SORTS)[number];

/** Tickets per page of the admin inbox and of `GET /api/tickets/admin`. */
export const ADMIN_TICKET_PAGE = 30;

/** GET /api/tickets/admin filters and page. */
export const adminTicketQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  sort: z.enum(ADMIN_TICKET_SORTS).optional(),
  /** One page (issue #35: it answered up to 500 tickets, 226 ms at 20,000); the inbox shows 30. */
  limit: int({ min: 1, max: 100 }).default(ADMIN_TICKET_PAGE),
  offset: int({ min: 0, max: 1_000_000 }).default(0),
});


/** PUT /api/admin/tickets/{id}/assign: an admin's id, or null to unassign. */
export const assignTicketSchema = z.object({ admin_id: id().nullable() });

/** {id} of /api/tickets/{id}/… */
export const ticketIdParams = z.object({ id: idParam });
