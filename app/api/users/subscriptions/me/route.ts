import { listCurrentPlans } from '@/lib/domain/subscriptions';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/users/subscriptions/me → abonelikler: the caller's running (or scheduled) package per
 * platform, `{platform, paket_id, bitis_tarihi, yeni_bitis_tarihi}`, the last being the end a
 * purchase of that platform now would give (30 days on). The pricing page asks it in the browser
 * to mark the customer's current plans: the page itself is one cached document for everyone
 * (docs/decisions.md "The app shell").
 */
export const GET = route(
  {
    auth: 'user',
    description:
      'The caller’s running or scheduled package per platform: `abonelikler: [{platform, paket_id, bitis_tarihi, yeni_bitis_tarihi}]`; `yeni_bitis_tarihi` is where buying that platform again now would move the end (30 days on).',
  },
  async ({ db, user }) => {
    const plans = await listCurrentPlans(db, { userId: user.id });
    return ok({
      abonelikler: plans.map((p) => ({ platform: p.platform, paket_id: p.packageId, bitis_tarihi: p.endsAt.toISOString(), yeni_bitis_tarihi: p.extendsTo.toISOString() })),
    });
  },
);
