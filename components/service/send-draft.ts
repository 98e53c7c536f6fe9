import { EMPTY_FIELDS, type FormFields } from './use-service-form';

/**
 * What a visitor had ticked and typed on a service page when they pressed "log in to send"
 * (issue #32): kept in this tab's sessionStorage across the trip to /login, and put back once, when
 * the same service page opens signed in. Nothing of it reaches the server.
 */
export type SendDraft = { selected: number[]; fields: FormFields };

const KEY = (service: string) => `etk:send-draft:${service}`;
/** A draft older than this is not put back: the visitor has moved on. */
const MAX_AGE_MS = 60 * 60_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveDraft(service: string, draft: SendDraft, now = Date.now(), store: Store = globalThis.sessionStorage): void {
  try {
    store.setItem(KEY(service), JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // Storage off (private mode, quota): the visitor types again, nothing else is lost.
  }
}

/** The draft for this service, read once (it is removed), or null; anything malformed is ignored. */
export function takeDraft(service: string, now = Date.now(), store: Store = globalThis.sessionStorage): SendDraft | null {
  let raw: string | null = null;
  try {
    raw = store.getItem(KEY(service));
    store.removeItem(KEY(service));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { selected?: unknown; fields?: unknown; savedAt?: unknown };
    if (typeof value.savedAt !== 'number' || now - value.savedAt > MAX_AGE_MS || now < value.savedAt) return null;
    const selected = Array.isArray(value.selected) ? value.selected.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
    const fields = { ...EMPTY_FIELDS };
    const given = (value.fields ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(EMPTY_FIELDS) as (keyof FormFields)[]) {
      if (typeof given[key] === 'string' && (given[key] as string).length <= 10_000) (fields as Record<string, string>)[key] = given[key] as string;
    }
    if (fields.when !== 'now' && fields.when !== 'at') fields.when = 'now';
    return { selected, fields };
  } catch {
    return null;
  }
}

/**
 * Where /login sends a customer back to: a path of this site only (never another host), with at
 * most a service page's `?repeat=<order number>` (issue #36 item 4: a repeat link opened signed out).
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 200) return null;
  return /^\/(service|panel|pricing)(\/[A-Za-z0-9_-]*)*$/.test(next) || /^\/service\/[a-z_]+\?repeat=\d{1,15}$/.test(next) ? next : null;
}
