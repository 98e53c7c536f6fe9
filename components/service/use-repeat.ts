'use client';

import { useEffect, useState } from 'react';
import type { Service } from '@/lib/domain/catalogue/services';
import type { RepeatDraft, RepeatProfile } from '@/lib/domain/operations/repeat-order';
import { callApi } from '@/components/client/api';
import { orderNumberText } from '@/lib/infra/format';

/**
 * Issue #36 item 4 "Reorder": `/service/<service>?repeat=<order number>` opens the page with that
 * order's profiles ticked and its target, prompt or tweet text filled in. The page itself is the
 * same document for everyone (the page cache keeps it whatever the query, docs/decisions.md "The
 * app shell"), so the browser reads the parameter once the page knows its customer and asks
 * GET /api/operations/{number}/repeat, which answers the customer's own order only.
 */
export type RepeatState =
  | { kind: 'none' }
  | { kind: 'loading'; number: string }
  | { kind: 'login'; number: string }
  | { kind: 'notFound'; number: string }
  | { kind: 'error'; number: string }
  | { kind: 'otherService'; number: string; service: Service }
  | { kind: 'ready'; number: string; draft: RepeatDraft; ticked: number[]; unavailable: RepeatProfile[]; capped: number | null };

/** The order a `repeat` parameter names, as "#123"; null when there is none. Anything else is kept as typed (it is then not found). */
export function repeatNumber(value: string | null): string | null {
  const raw = value?.trim().replace(/^#\s*/, '') ?? '';
  if (!raw) return null;
  return /^\d{1,15}$/.test(raw) ? orderNumberText(Number(raw)) : raw.slice(0, 40);
}

/**
 * What the page ticks for a draft: the order's profiles that can act now and are on the page's
 * list, in the order's own order, within the profile cap; the rest are named, never replaced.
 */
export function planRepeat(draft: RepeatDraft, pageIds: ReadonlySet<number>, cap: number | null): { ticked: number[]; unavailable: RepeatProfile[]; capped: number | null } {
  const usable = draft.profiles.filter((p) => p.state === 'active' && pageIds.has(p.id));
  const unavailable = draft.profiles.filter((p) => !(p.state === 'active' && pageIds.has(p.id))).map((p) => (p.state === 'active' ? { ...p, state: 'inactive' as const } : p));
  const ticked = (cap === null ? usable : usable.slice(0, cap)).map((p) => p.id);
  return { ticked, unavailable, capped: cap !== null && usable.length > cap ? cap : null };
}

type Options = {
  /** The page's `repeat` parameter. */
  param: string | null;
  service: Service;
  locale: string;
  /** The page knows its customer (the app shell has its viewer): profile cap included. */
  ready: boolean;
  loggedIn: boolean;
  pageIds: ReadonlySet<number>;
  cap: number | null;
  /** Fills the form and ticks the profiles, once per loaded draft. */
  onDraft: (draft: RepeatDraft, ticked: number[]) => void;
};

export function useRepeat({ param, service, locale, ready, loggedIn, pageIds, cap, onDraft }: Options) {
  const number = repeatNumber(param);
  const key = `${service}|${number ?? ''}`;
  const asks = !!number && ready && loggedIn && /^#\d+$/.test(number);
  const [fetched, setFetched] = useState<{ key: string; state: RepeatState } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!asks || !number) return;
    let live = true;
    void callApi(`/api/operations/${number.slice(1)}/repeat`, { locale }).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setFetched({ key, state: r.status === 404 ? { kind: 'notFound', number } : { kind: 'error', number } });
        return;
      }
      const draft = r.body as unknown as RepeatDraft;
      if (draft.service !== service) {
        setFetched({ key, state: { kind: 'otherService', number, service: draft.service } });
        return;
      }
      const plan = planRepeat(draft, pageIds, cap);
      onDraft(draft, plan.ticked);
      setFetched({ key, state: { kind: 'ready', number, draft, ...plan } });
    });
    return () => {
      live = false;
    };
    // Once per order named and customer known: the list and cap are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asks, key, locale]);

  let state: RepeatState;
  if (!number || !ready || dismissed === key) state = { kind: 'none' };
  else if (!loggedIn) state = { kind: 'login', number };
  else if (!asks) state = { kind: 'notFound', number };
  else state = fetched?.key === key ? fetched.state : { kind: 'loading', number };

  /** The order was placed again: the page is an ordinary service page from here on. */
  return { state, done: () => setDismissed(key) };
}
