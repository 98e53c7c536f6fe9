import 'server-only';
import type { Logger } from 'pino';
import { logger } from '@/logger';
import { createRepeatGate, errorKind, type RepeatGate } from '@/lib/infra/log-repeats';

/** What a page got for a list: the list, or the empty one with `failed` set. */
export type ListRead<T> = { value: T; failed: boolean };

const pageGate = createRepeatGate();

/**
 * §8 "Announcement, package and platform load failures on the customer side are silent (empty
 * lists)", and the service page's "profile list load error": a list a customer page reads that
 * fails (the database away, the provider down) becomes `empty` with `failed: true`, so the page
 * still renders (the profile list then says it could not be loaded). This is the boundary: the
 * failure is logged here, once, through the structured logger (whose serializer keeps a database
 * error's statement and values out); while the same failure repeats, one line a minute per list.
 */
export async function readOrEmpty<T>(
  read: () => Promise<T>,
  empty: T,
  where: { list: string; page: string },
  { log = logger, gate = pageGate }: { log?: Pick<Logger, 'error'>; gate?: RepeatGate } = {},
): Promise<ListRead<T>> {
  try {
    return { value: await read(), failed: false };
  } catch (err) {
    const seen = gate(`${where.list}|${errorKind(err)}`);
    if (seen.log) log.error({ err, ...where, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, 'a customer list could not be read; it is shown empty');
    return { value: empty, failed: true };
  }
}
