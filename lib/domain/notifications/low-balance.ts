import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notificationPreferences } from '@/db/schema';
import { notify } from './notify';

/**
 * Called with the balance after it changed (a paid send, a top-up), in that transaction. Falling
 * below the customer's threshold sends one `balance_low` notice; it is armed again once the
 * balance is back at or above the threshold, so a customer hears of it once per dip.
 */
export async function checkLowBalance(db: Db, userId: number, balanceCents: number): Promise<void> {
  const [prefs] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).for('update');
  if (!prefs || prefs.lowBalanceCents === null) return;
  if (balanceCents >= prefs.lowBalanceCents) {
    if (prefs.lowBalanceNotifiedAt) await db.update(notificationPreferences).set({ lowBalanceNotifiedAt: null }).where(eq(notificationPreferences.userId, userId));
    return;
  }
  if (prefs.lowBalanceNotifiedAt) return;
  await db.update(notificationPreferences).set({ lowBalanceNotifiedAt: new Date() }).where(eq(notificationPreferences.userId, userId));
  await notify(db, {
    userId,
    kind: 'balance_low',
    params: { balanceCents, thresholdCents: prefs.lowBalanceCents },
    link: '/panel/subscription',
  });
}
