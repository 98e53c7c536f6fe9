import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notificationPreferences } from '@/db/schema';
import { DEFAULT_CHANNELS, NOTIFICATION_KINDS, type Channels, type NotificationKind } from './categories';

export type Preferences = { channels: Record<NotificationKind, Channels>; lowBalanceCents: number | null };

/** A customer's choices, every category filled in (a category never chosen keeps its default). */
export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const channels = {} as Record<NotificationKind, Channels>;
  for (const kind of NOTIFICATION_KINDS) channels[kind] = { ...DEFAULT_CHANNELS[kind], ...row?.channels[kind] };
  return { channels, lowBalanceCents: row?.lowBalanceCents ?? null };
}

/** Saves the choices given; categories left out keep theirs. A new threshold re-arms the low-balance notice. */
export async function updatePreferences(
  db: Db,
  userId: number,
  input: { channels?: Partial<Record<NotificationKind, Partial<Channels>>>; lowBalanceCents?: number | null },
): Promise<Preferences> {
  const current = await getPreferences(db, userId);
  const channels = { ...current.channels };
  for (const [kind, c] of Object.entries(input.channels ?? {}) as [NotificationKind, Partial<Channels>][]) channels[kind] = { ...channels[kind], ...c };
  const lowBalanceCents = input.lowBalanceCents === undefined ? current.lowBalanceCents : input.lowBalanceCents;
  const values = { channels, lowBalanceCents, ...(input.lowBalanceCents !== undefined ? { lowBalanceNotifiedAt: null } : {}) };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return { channels, lowBalanceCents };
}

/** Turns one category's mails off (the unsubscribe link); doing it again changes nothing. */
export async function unsubscribeEmail(db: Db, userId: number, kind: NotificationKind): Promise<void> {
  await updatePreferences(db, userId, { channels: { [kind]: { email: false } } });
}
