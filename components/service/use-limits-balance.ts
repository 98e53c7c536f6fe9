'use client';

import { useCallback, useState } from 'react';
import type { Service } from '@/lib/catalogue/services';
import { parseDollars } from '@/lib/money';
import { api } from './service-api';
import type { LimitView, Viewer } from './types';

/** §9: the profile limit of a package that does not name one. */
export const DEFAULT_PROFILE_LIMIT = 5;

/** How many profiles one order may name: null (no cap) for visitors, admins and unlimited packages. */
export function profileCap(viewer: Viewer, limits: LimitView | null): number | null {
  if (!viewer.loggedIn || viewer.isAdmin || !limits || limits.sinirsiz) return null;
  return limits.profil_limit ?? DEFAULT_PROFILE_LIMIT;
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
  /** In the signed-in app shell: the limits and balance GET /api/users/me/viewer answered, once it has. */
  shellPage?: { limits: LimitView | null; balanceCents: number | null };
}) {
  const { viewer, service, locale, shellPage } = options;
  // What was read after an order (or a top-up) wins over what the page came with.
  const [readLimits, setLimits] = useState<LimitView | null | undefined>(undefined);
  const [readBalance, setBalanceCents] = useState<number | null | undefined>(undefined);
  const limits = readLimits !== undefined ? readLimits : shellPage ? shellPage.limits : options.initialLimits;
  const balanceCents = readBalance !== undefined ? readBalance : shellPage ? shellPage.balanceCents : options.initialBalanceCents;
  const isNewTweet = service === 'new_tweet';

  const refreshLimits = useCallback(async () => {
    if (!viewer.loggedIn) return;
    const r = await api(`/api/users/limits/me?service=${service}`, locale);
    if (r.ok) setLimits((r.body.limitInfo as LimitView | null) ?? null);
  }, [viewer.loggedIn, service, locale]);

  const refreshBalance = useCallback(async () => {
    if (!viewer.loggedIn || !isNewTweet) return;
    const r = await api('/api/bakiye/kullanici-bakiye', locale);
    const cents = parseDollars(r.body.bakiye);
    if (r.ok && cents !== null) setBalanceCents(cents);
  }, [viewer.loggedIn, isNewTweet, locale]);

  return {
    limits,
    balanceCents,
    setBalanceCents,
    cap: profileCap(viewer, limits),
    used: limits?.hizmet_detaylari?.[service]?.kullanilan ?? 0,
    refreshLimits,
    refreshBalance,
  };
}
