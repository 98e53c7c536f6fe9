'use client';

import { useCallback, useEffect, useState } from 'react';
import { quotePath, type Service } from '@/lib/domain/catalogue/services';
import { api, type ApiBody, type ApiResult } from './service-api';

/** One profile of the new-tweet price, as the quote route (POST <send path>/quote) returns it. */
export type QuoteLine = { profileId: number; username: string; followers: number; tierMin: number; tierMax: number | null; priceCents: number };

/** The server's new-tweet price for one selection (`key`: the ids joined), with the balance before and after. */
export type TweetQuote = {
  key: string;
  lines: QuoteLine[];
  totalCents: number;
  /** The total in dollars as the server wrote it: sent back as the price the customer confirmed. */
  totalDollars: number;
  balanceCents: number;
  balanceAfterCents: number;
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The quote answer, or null when it is not one (so nothing half-read is ever shown as a price). */
export function parseQuote(body: ApiBody, key: string): TweetQuote | null {
  const lines: QuoteLine[] = [];
  if (!Array.isArray(body.kalemler)) return null;
  for (const raw of body.kalemler as Record<string, unknown>[]) {
    const profileId = num(raw.profil_id);
    const priceCents = num(raw.fiyat_cents);
    const tierMin = num(raw.kademe_min);
    if (profileId === null || priceCents === null || tierMin === null) return null;
    lines.push({ profileId, username: String(raw.kullanici_adi ?? ''), followers: num(raw.takipci_sayisi) ?? 0, tierMin, tierMax: num(raw.kademe_max), priceCents });
  }
  const totalCents = num(body.toplam_cents);
  const totalDollars = num(body.toplam);
  const balanceCents = num(body.bakiye_cents);
  const balanceAfterCents = num(body.kalan_bakiye_cents);
  if (totalCents === null || totalDollars === null || balanceCents === null || balanceAfterCents === null) return null;
  return { key, lines, totalCents, totalDollars, balanceCents, balanceAfterCents };
}

/**
 * The new-tweet price of the current selection, asked from the server 150 ms after the selection
 * settles (§9 prices are the server's; the browser shows them). `quote` is null while the answer
 * for this exact selection is not in; `refresh` asks again (after a top-up, the balance changed).
 */
export function usePriceQuote(options: { service: Service; enabled: boolean; selected: readonly number[]; locale: string; onError: (r: ApiResult) => void }) {
  const { enabled, locale, onError } = options;
  const path = quotePath(options.service);
  const key = options.selected.join(',');
  const [quote, setQuote] = useState<TweetQuote | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled || !key) return;
    let stale = false;
    const timer = setTimeout(async () => {
      const r = await api(path, locale, { body: { profile_ids: key.split(',').map(Number) } });
      if (stale) return;
      const parsed = r.ok ? parseQuote(r.body, key) : null;
      if (parsed) setQuote(parsed);
      else onError(r);
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [enabled, key, locale, onError, path, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const current = quote !== null && quote.key === key ? quote : null;
  return { quote: current, refresh };
}
