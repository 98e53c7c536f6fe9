import { Ban, CalendarClock, Circle, CircleAlert, CircleCheck, CircleDot, CircleHelp, CircleX, Clock, LoaderCircle, MessageSquareReply, Archive, type LucideIcon } from 'lucide-react';
import type { Durum } from '@/lib/domain/order-figures';
import type { BadgeTone } from './badge';

/**
 * Every status of the product as one look (issue #15): a tone, an icon and the key of its words in
 * the `Status` messages. Colour never carries the meaning alone, and a status never flatters:
 * `kismi` (some profiles failed) is amber, not green.
 *
 * - order: a transaction's §4 `durum` (customer history, admin history, /operations/{id});
 *   the Turkish-lettered spellings of older rows are accepted.
 * - profile: one profile's operation state on the service page (§3 operationStatus).
 * - ticket: a support ticket.
 */
export type StatusKind = 'order' | 'profile' | 'ticket';

/** An order's `durum` (lib/domain/order-figures). */
export type OrderStatus = Durum;
export type ProfileStatus = 'idle' | 'pending' | 'success' | 'failed';
export type TicketStatus = 'open' | 'answered' | 'closed';

export type StatusLook = {
  /** The known status (the message key), or null for a value shown as it came. */
  key: string | null;
  tone: BadgeTone;
  icon: LucideIcon;
  /** The icon turns while the status is live (a profile being processed). */
  spin?: boolean;
};

type Look = Omit<StatusLook, 'key'>;

/**
 * One tone per meaning, shared by the order badge and the profile badge (§4: waiting is yellow,
 * success green, failure red), so the same state never looks two ways on one screen.
 */
const MEANING = {
  succeeded: { tone: 'success', icon: CircleCheck },
  failed: { tone: 'danger', icon: CircleX },
  waiting: { tone: 'pending', icon: Clock },
  idle: { tone: 'neutral', icon: Circle },
} as const satisfies Record<string, Look>;

const ORDER: Record<OrderStatus, Look> = {
  basarili: MEANING.succeeded,
  kismi: { tone: 'warning', icon: CircleAlert },
  basarisiz: MEANING.failed,
  beklemede: MEANING.waiting,
  // Issue #17: waiting for its start_at (or a spread order's first moment); cancellable.
  zamanlandi: { tone: 'brand', icon: CalendarClock },
  iptal: { tone: 'neutral', icon: Ban },
};

const ORDER_ALIASES: Record<string, OrderStatus> = {
  başarılı: 'basarili',
  kısmi: 'kismi',
  başarısız: 'basarisiz',
};

const PROFILE: Record<ProfileStatus, Look> = {
  idle: MEANING.idle,
  pending: { ...MEANING.waiting, icon: LoaderCircle, spin: true },
  success: MEANING.succeeded,
  failed: MEANING.failed,
};

const TICKET: Record<TicketStatus, Look> = {
  open: { tone: 'brand', icon: CircleDot },
  answered: { tone: 'info', icon: MessageSquareReply },
  closed: { tone: 'neutral', icon: Archive },
};

const TABLES: Record<StatusKind, Record<string, Look>> = { order: ORDER, profile: PROFILE, ticket: TICKET };

const UNKNOWN: Look = { tone: 'neutral', icon: CircleHelp };

/** The look of a status; an unknown value keeps its own text on grey with a question mark. */
export function statusLook(kind: StatusKind, status: string): StatusLook {
  let value = status.trim().toLocaleLowerCase('tr');
  if (kind === 'order') value = ORDER_ALIASES[value] ?? value;
  const look = Object.hasOwn(TABLES[kind], value) ? TABLES[kind][value] : undefined;
  return look ? { key: value, ...look } : { key: null, ...UNKNOWN };
}
