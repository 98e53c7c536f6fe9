import 'server-only';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/infra/errors';
import type { Prefetch } from '@/lib/domain/api-keys';
import { orderKey, parseOrderViewTexts, readOrderViewTexts, viewsOfOwnerSql } from '@/lib/domain/order-view';
import { MAX_IDS_PER_REQUEST } from './schemas';

export type ItemResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * `status` for up to 100 of the caller's orders (or, with `refills`, of their refills), in the
 * order asked: each an order's view (lib/domain/order-view OrderView) as JSON text, sent as it is. An
 * order is named by its number (issue #33) or its UUID (older integrations); an id that is
 * malformed, unknown or another user's is the same ORDER_NOT_FOUND (REFILL_NOT_FOUND), so ids of
 * other accounts cannot be probed. The map is keyed by the ids as given.
 */
export async function getOrderStatuses(db: Db, userId: number, ids: string[], kind: 'order' | 'refill' = 'order', prefetched?: { of: string; text: string | null }): Promise<Map<string, ItemResult<string>>> {
  const wanted = keysOf(ids);
  // Read with the key check (statusPrefetch) when it asked for exactly these orders.
  const views = kind === 'order' && prefetched?.of === wanted.join(',') ? parseOrderViewTexts(prefetched.text) : await readOrderViewTexts(db, userId, wanted, kind === 'refill');
  const out = new Map<string, ItemResult<string>>();
  for (const id of ids) {
    const key = orderKey(id);
    const view = key === null ? undefined : views.get(key);
    out.set(id, view ? { ok: true, value: view } : { ok: false, error: new AppError(kind === 'refill' ? 'REFILL_NOT_FOUND' : 'ORDER_NOT_FOUND') });
  }
  return out;
}

/** The well-formed ids among `ids` as orderKey keys, in the order given. */
function keysOf(ids: string[]): string[] {
  const keys: string[] = [];
  for (const id of ids) {
    const key = orderKey(id);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/**
 * For `status`: the views of the orders named in the raw fields, read in the key check's
 * statement (app/api/_lib/api-key-route.ts Prefetch). The ids are taken as the schema takes them
 * (a comma-separated text, a number or an array, trimmed); only well-formed ids are read, and
 * only for a list the schema would accept, so a request that fails validation reads nothing.
 */
export function statusPrefetch(fields: Record<string, unknown>): Prefetch | undefined {
  if (fields.action !== 'status') return undefined;
  const raw = fields.orders !== undefined ? fields.orders : fields.order;
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [raw] : []).map((x) => String(x).trim()).filter(Boolean);
  if (list.length === 0 || list.length > MAX_IDS_PER_REQUEST) return undefined;
  const wanted = keysOf(list);
  if (wanted.length === 0) return undefined;
  return { read: (owner) => viewsOfOwnerSql(owner, wanted), of: wanted.join(',') };
}
