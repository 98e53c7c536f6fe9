/**
 * Collapses an error that repeats into one log line per window (issue #19, found in an outage
 * test): while PostgreSQL is away, each of pg-boss's workers reports a failed fetch every second,
 * about fifteen stack traces a second, nine thousand in ten minutes, which bury the lines that say
 * what happened (db/reachability.ts logs when the database goes and comes back). The first
 * occurrence of a kind is logged; the same kind again within `windowMs` is only counted, and the
 * next line logged for it says how many were left out.
 */
export type RepeatGate = (kind: string) => { log: true; repeated: number } | { log: false };

export function createRepeatGate({ windowMs = 60_000, maxKinds = 100, now = Date.now }: { windowMs?: number; maxKinds?: number; now?: () => number } = {}): RepeatGate {
  const kinds = new Map<string, { at: number; skipped: number }>();
  return (kind) => {
    const t = now();
    const seen = kinds.get(kind);
    if (seen && t - seen.at < windowMs) {
      seen.skipped++;
      return { log: false };
    }
    kinds.delete(kind);
    kinds.set(kind, { at: t, skipped: 0 });
    // A bounded memory of kinds: the oldest goes first.
    while (kinds.size > maxKinds) kinds.delete(kinds.keys().next().value!);
    return { log: true, repeated: seen?.skipped ?? 0 };
  };
}

/**
 * The kind of an error for the gate: its code and its message without the parts that differ
 * between otherwise equal errors (pg-boss appends "(Queue: …, Worker: <uuid>)"; numbers and ids).
 */
export function errorKind(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const plain = message
    .replace(/\s*\((?:Queue|Worker):[^)]*\)\s*$/, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d+/g, '<n>')
    .slice(0, 200);
  return `${typeof e.code === 'string' ? e.code : ''}|${plain}`;
}
