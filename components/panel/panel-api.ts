import { apiOrThrow } from '@/components/client/api';
import type { OperationResults, PlatformStats, TransactionPage } from './statistics-types';
import { FETCH_LIMIT } from './statistics-types';

/**
 * The browser's calls of the statistics page (§7 customer statistics). Same-origin GETs carry
 * the session cookie; the locale header makes error texts come back in the page's language.
 */
function getJson<T extends object>(url: string, locale: string): Promise<T> {
  return apiOrThrow<T>(url, { locale });
}

export async function fetchPlatformStats(platform: string, locale: string): Promise<PlatformStats> {
  const body = await getJson<{ stats: PlatformStats }>(`/api/islem-gecmisi/stats/benim/platform/${encodeURIComponent(platform)}`, locale);
  return body.stats;
}

/** A platform's transactions, all its services together, newest first. */
export async function fetchTransactions(platform: string, locale: string, cursor?: string | null): Promise<TransactionPage> {
  const q = new URLSearchParams({ platform, limit: String(FETCH_LIMIT) });
  if (cursor) q.set('cursor', cursor);
  const body = await getJson<{ transactions: TransactionPage['transactions']; next_cursor?: string | null }>(`/api/users/transactions/me?${q}`, locale);
  return { transactions: body.transactions, next_cursor: body.next_cursor ?? null };
}

/** One order's per-profile results, with the profiles' usernames where they are known. */
export async function fetchOperation(taskId: string, locale: string): Promise<OperationResults> {
  const op = await getJson<OperationResults & { platform?: string }>(`/api/operations/${encodeURIComponent(taskId)}`, locale);
  if (!op.platform || op.result.length === 0) return op;
  const names = await fetchProfileNames(op.platform, locale);
  return { ...op, result: op.result.map((r) => ({ ...r, username: names.get(String(r.profile_id)) ?? null })) };
}

const profileNames = new Map<string, Promise<Map<string, string>>>();

/**
 * Usernames of a platform's managed profiles (the public GET /api/{platform}/profiles), loaded
 * once per page, so the results dialog can name the profiles it lists by id.
 */
export function fetchProfileNames(platform: string, locale: string): Promise<Map<string, string>> {
  let names = profileNames.get(platform);
  if (!names) {
    names = getJson<{ profiles: { id: number | string; username: string }[] }>(`/api/${encodeURIComponent(platform)}/profiles`, locale)
      .then((body) => new Map(body.profiles.map((p) => [String(p.id), p.username])))
      .catch(() => {
        profileNames.delete(platform);
        return new Map<string, string>();
      });
    profileNames.set(platform, names);
  }
  return names;
}

/** Cancels a scheduled order (issue #17); the dollars refunded. */
export async function cancelOperation(taskId: string, locale: string): Promise<number> {
  const body = await apiOrThrow<{ iade_edilen?: number }>(`/api/operations/${encodeURIComponent(taskId)}/cancel`, { locale, method: 'POST' });
  return body.iade_edilen ?? 0;
}
