import 'server-only';
import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import { userPackages } from '@/db/schema';

/**
 * Subscriptions' one home for "which package counts" (issue #14 item 9). Three questions, three
 * filters; every query on user_packages asks one of them instead of writing its own conditions.
 */

/**
 * Holds the user's one slot for that platform (the partial unique index user_packages_active_uq):
 * not cancelled, whether or not it has started or ended. Assignment extends this row and deletion
 * cancels it.
 */
export function holdsSlot(): SQL {
  return eq(userPackages.status, 'active');
}

/**
 * What the customer holds now or later: not cancelled and not yet ended (a package assigned to
 * start in the future is listed, with its dates).
 */
export function notEnded(now: Date): SQL {
  return and(eq(userPackages.status, 'active'), gt(userPackages.endsAt, now))!;
}

/** The package that applies right now: started and not ended. Sends, limits and the user's `paket` use it. */
export function inForce(now: Date): SQL {
  return and(eq(userPackages.status, 'active'), lte(userPackages.startsAt, now), gt(userPackages.endsAt, now))!;
}

/**
 * `inForce` as SQL text, for a statement written as a fixed text (issue #19: the send's,
 * lib/domain/operations/send-store.ts): `row` names the user_packages row, `now` the parameter
 * holding the instant (`$5::timestamptz`).
 */
export function inForceSql(row: string, now: string): string {
  return `${row}.status = 'active' and ${row}.starts_at <= ${now} and ${row}.ends_at > ${now}`;
}
