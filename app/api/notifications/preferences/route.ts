import { getPreferences, preferencesSchema, updatePreferences } from '@/lib/domain/notifications';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/notifications/preferences → {preferences: {channels: {kind: {inApp, email}}, low_balance_cents}}. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => {
  const p = await getPreferences(db, user.id);
  return ok({ preferences: { channels: p.channels, low_balance_cents: p.lowBalanceCents } });
});

/** PUT /api/notifications/preferences {channels?, low_balance_cents?} → {preferences}; categories left out keep their choice. */
export const PUT = route({ auth: 'user', body: preferencesSchema }, async ({ db, user, input }) => {
  const p = await updatePreferences(db, user.id, { channels: input.channels, lowBalanceCents: input.low_balance_cents });
  return ok({ preferences: { channels: p.channels, low_balance_cents: p.lowBalanceCents } });
});
