import type { OperationResults, PlatformStats, TransactionPage } from './statistics-types';
import { FETCH_LIMIT } from './statistics-types';

/**
 * The browser's calls of the statistics page (§7 customer statistics). Same-origin GETs carry
 * the session cookie; the locale header makes error texts come back in the page's language.
 */
async function getJson<T>(url: string, locale: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json', 'x-locale': locale }, cache: 'no-store' });
  const body = (await res.json().catch(() => null)) as ({ success?: boolean; mesaj?: string } & T) | null;
  if (!res.ok || !body || body.success === false) throw new Error(body?.mesaj ?? `HTTP ${res.status}`);
  return body;
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

export async function fetchOperation(taskId: string, locale: string): Promise<OperationResults> {
  return getJson<OperationResults>(`/api/operations/${encodeURIComponent(taskId)}`, locale);
}
