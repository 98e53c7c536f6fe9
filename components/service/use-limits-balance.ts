'use client';

import { useCallback, useState } from 'react';
import { type Service, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { parseDollars } from '@/lib/infra/money';
import { api } from './service-api';
import type { LimitView, PerActionView, Viewer } from './types';

/** §9: the profile limit of a package that does not name one. */
export const DEFAULT_PROFILE_LIMIT = 5;

/**
 * How many profiles one order may name: null (no cap) for visitors, admins and unlimited packages;
 * without a package, the pay-per-action cap when the service has one (issue #33 item 7).
 */
export function profileCap(viewer: Viewer, limits: LimitView | null, perAction: PerActionView | null = null): number | null {
  if (!viewer.loggedIn || viewer.isAdmin) return null;
  if (!limits) return perAction ? perAction.maxProfiles : null;
  if (limits.sinirsiz) return null;
  return limits.profil_limit ?? DEFAULT_PROFILE_LIMIT;
}

/**
 * Issue #33 item 7: whether the next order of this customer will be paid per action from the
 * balance, as the server will decide it in the send: the service has a price on, the customer is
 * not an admin and has no package for the platform, or has used today's limit of the service.
 * (The send decides again under the row lock; this only tells the customer beforehand.)
 */
export function paysPerAction(viewer: Viewer, service: Service, limits: LimitView | null, used: number, perAction: PerActionView | null): boolean {
  if (!viewer.loggedIn || viewer.isAdmin || !perAction || isPaidByFollowers(service)) return false;
  if (!limits) return true;
  if (limits.sinirsiz) return false;
  return limits.gunluk_limit !== null && used >= limits.gunluk_limit;
}

/**
 * The customer's package limits for this service (§3) and, on the new-tweet page, their balance,
 * as the server rendered them, refreshed after each order.
 */
export function useLimitsAndBalance(options: {
  viewer: Viewer;
  service: Service;
  locale: string;
  initialLimits: LimitView | null;
  initialBalanceCents: number | null;
  /** The service's price per action when pay-per-action is on (issue #33 item 7). */
  initialPerAction?: PerActionView | null;
  /** In the signed-in app shell: the limits and balance GET /api/users/me/viewer answered, once it has. */
  shellPage?: { limits: LimitView | null; balanceCents: number | null; perAction?: PerActionView | null };
}) {
  const { viewer, service, locale, shellPage } = options;
  // What was read after an order (or a top-up) wins over what the page came with.
  const [readLimits, setLimits] = useState<LimitView | null | undefined>(undefined);
  const [readBalance, setBalanceCents] = useState<number | null | undefined>(undefined);
  const limits = readLimits !== undefined ? readLimits : shellPage ? shellPage.limits : options.initialLimits;
  const balanceCents = readBalance !== undefined ? readBalance : shellPage ? shellPage.balanceCents : options.initialBalanceCents;
  const isNewTweet = isPaidByFollowers(service);
  const perAction = shellPage?.perAction !== undefined ? shellPage.perAction : (options.initialPerAction ?? null);
  // The balance matters on the new-tweet page and wherever an order may be paid per action.
  const needsBalance = isNewTweet || perAction !== null;

  const refreshLimits = useCallback(async () => {
    if (!viewer.loggedIn) return;
    const r = await api(`/api/users/limits/me?service=${service}`, locale);
    if (r.ok) setLimits((r.body.limitInfo as LimitView | null) ?? null);
  }, [viewer.loggedIn, service, locale]);

  const refreshBalance = useCallback(async () => {
    if (!viewer.loggedIn || !needsBalance) return;
    const r = await api('/api/bakiye/kullanici-bakiye', locale);
    const cents = parseDollars(r.body.bakiye);
    if (r.ok && cents !== null) setBalanceCents(cents);
  }, [viewer.loggedIn, needsBalance, locale]);
  const used = limits?.hizmet_detaylari?.[service]?.kullanilan ?? 0;

  return {
    limits,
    balanceCents,
    setBalanceCents,
    cap: profileCap(viewer, limits, perAction),
    used,
    perAction,
    paysPerAction: paysPerAction(viewer, service, limits, used, perAction),
    refreshLimits,
    refreshBalance,
  };
}
