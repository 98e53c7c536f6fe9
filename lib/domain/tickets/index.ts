import 'server-only';
export { createTicket, TICKET_CREATE_LIMITS } from './create-ticket';
export { ADMIN_TICKET_SORTS, type AdminTicketSort, listTickets, listAdminTickets, countAdminTickets, getTicket, getAdminTicket, listTicketAdmins, listTicketableOrders, type TicketDetail, type AdminTicketDetail } from './read-tickets';
export { postCustomerMessage, postAdminReply, TICKET_MESSAGE_LIMIT } from './post-message';
export { closeTicket, reopenTicket, assignTicket } from './change-status';
export { TICKET_EVENT, announceTicket, type TicketEvent } from './events';
export type { TicketSummary, TicketMessageView, TicketOrderSummary } from './shapes';
export * from './schemas';
