/**
 * The notification categories a customer chooses per channel in /panel/settings (issue #18).
 * Shared by the server (lib/domain/notifications) and the settings form, so it imports nothing.
 */
export const NOTIFICATION_KINDS = [
  'order_failed',
  'order_ended',
  'package_expiring',
  'package_expired',
  'balance_low',
  'payment_receipt',
  'ticket_answered',
  'announcement',
  'watch_skipped',
  'watch_ended',
  'watch_acted',
  // Issue #38 item 2: an action found undone was redone or given back.
  'action_made_good',
  // Issue #37 item 5: an operator paused the customer's watch.
  'watch_paused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type Channels = { inApp: boolean; email: boolean };

/** What a customer who never chose gets: everything but the plain "order ended" notice. */
export const DEFAULT_CHANNELS: Record<NotificationKind, Channels> = {
  order_failed: { inApp: true, email: true },
  order_ended: { inApp: false, email: false },
  package_expiring: { inApp: true, email: true },
  package_expired: { inApp: true, email: true },
  balance_low: { inApp: true, email: true },
  payment_receipt: { inApp: true, email: true },
  ticket_answered: { inApp: true, email: true },
  announcement: { inApp: true, email: false },
  watch_skipped: { inApp: true, email: true },
  watch_ended: { inApp: true, email: true },
  // Issue #37 item 6: grouped, at most one per watch per hour; by mail only when the customer asks.
  watch_acted: { inApp: true, email: false },
  action_made_good: { inApp: true, email: true },
  watch_paused: { inApp: true, email: true },
};

export const isNotificationKind = (v: unknown): v is NotificationKind => typeof v === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(v);

/** The socket event that tells a user's open pages a notification arrived (they read the list again). */
export const NOTIFICATION_EVENT = 'notification:new';
