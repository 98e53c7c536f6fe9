import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { platformOfService, type Service } from '@/lib/domain/catalogue/services';
import { crewForSend } from '@/lib/domain/crews';
import { AppError, isAppError, type ErrorCode, type ErrorParams } from '@/lib/infra/errors';
import { platformDescriptor, serviceDescriptor } from '@/platforms';
import type { BulkOrderBody } from './bulk-schemas';
import { BULK_MAX_TARGETS } from './bulk-schemas';
import { isLinkOf } from './limits';
import { sendInputSchema } from './schemas';
import { sendOperation, type Sender, type SendOptions } from './send-operation';

export type BulkLine =
  | { line: number; target: string; status: 'accepted'; taskId: string; orderNumber: number; priceCents: number }
  | { line: number; target: string; status: 'refused'; code: ErrorCode; params?: ErrorParams };

export type BulkResult = { bulkId: string | null; lines: BulkLine[] };

/** One bad line of a bulk order's body. */
export type BulkLineProblem = { line: number; code: 'BULK_LINE_EMPTY' | 'BULK_LINE_INVALID' | 'BULK_LINE_DUPLICATE'; first?: number };

/**
 * Refusals that hold for every line alike (the profiles, the package, the platform, the schedule):
 * the whole bulk order is refused with it, as a single send would be.
 */
const BATCH_WIDE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'UNAUTHORIZED',
  'NO_PACKAGE',
  'PROFILE_LIMIT_EXCEEDED',
  'MIN_PROFILES',
  'PROFILES_UNAVAILABLE',
  'PLATFORM_INACTIVE',
  'SERVICE_UNAVAILABLE',
  'START_AT_INVALID',
  'SPREAD_INVALID',
  'CREW_NOT_FOUND',
  'CREW_OTHER_PLATFORM',
]);

/**
 * Every line of a bulk order's body, checked before anything is sent: none empty, each a link
 * this service takes, none twice (after trimming; compared case-sensitively, as the send's
 * one-profile-per-target rule compares links). Returns every bad line, in order.
 */
export function checkBulkLines(service: Service, targets: string[]): BulkLineProblem[] {
  const found = serviceDescriptor(service);
  if (!found) throw new AppError('INVALID_SERVICE');
  const { platform, service: desc } = found;
  const problems: BulkLineProblem[] = [];
  const seen = new Map<string, number>();
  targets.forEach((raw, i) => {
    const line = i + 1;
    const target = raw.trim();
    if (target === '') return problems.push({ line, code: 'BULK_LINE_EMPTY' });
    if (!desc.targets.some((kind) => isLinkOf(platform.key, target, kind))) return problems.push({ line, code: 'BULK_LINE_INVALID' });
    const first = seen.get(target);
    if (first !== undefined) return problems.push({ line, code: 'BULK_LINE_DUPLICATE', first });
    seen.set(target, line);
  });
  return problems;
}

/**
 * A bulk order (issue #36 item 5, docs/orders.md "Bulk orders"): one service, one set of profiles
 * (named, or a crew's active ones), up to 100 targets.
 *
 * All or nothing for the body: more than 100 lines, an empty line, a link the service does not take
 * or a line given twice refuses the whole request (400, every bad line named in `lines`) before
 * anything is sent. So does a refusal that would hold for every line (BATCH_WIDE: no package, too
 * many profiles, a bad schedule, another platform's crew…).
 *
 * Line by line for the send's own rules: each line is an ordinary order through sendOperation
 * (the same checks, pricing, charge, usage counter and job), with this bulk order's id, inside one
 * transaction under the customer's row lock, each line in its own savepoint: a line the send
 * refuses (ALREADY_DONE, DAILY_LIMIT_EXCEEDED once the day's limit is used up, INSUFFICIENT_BALANCE…)
 * is refused alone and the answer names its reason; the accepted lines commit together. Parallel
 * bulk orders of one customer wait for each other's commit (the row lock), so the daily limit is
 * counted exactly and each accepted line is charged once. The cooldown is checked before the first
 * accepted line and waived between lines.
 */
export async function bulkOrder(db: Db, sender: Sender, input: BulkOrderBody, options: Pick<SendOptions, 'now' | 'timeZone' | 'enqueue' | 'random'> = {}): Promise<BulkResult> {
  const service = input.service;
  const platform = platformOfService(service);
  const desc = serviceDescriptor(service);
  if (!platform || !desc) throw new AppError('INVALID_SERVICE');
  if (desc.service.input === 'text') throw new AppError('BULK_SERVICE_UNSUPPORTED');
  if (input.targets.length > BULK_MAX_TARGETS) throw new AppError('BULK_TOO_MANY', { params: { max: BULK_MAX_TARGETS, count: input.targets.length } });
  const problems = checkBulkLines(service, input.targets);
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new AppError(first.code, {
      params: { line: first.line, ...(first.first ? { first: first.first } : {}), count: problems.length },
      extra: { lines: problems },
    });
  }

  // The crew's active profiles act; the others are skipped, never replaced.
  let profileIds = input.profile_ids ?? [];
  let crewId: number | undefined;
  if (input.crew_id !== undefined) {
    const crew = await crewForSend(db, { userId: sender.id, platform, ref: input.crew_id });
    if (crew.activeIds.length === 0) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: 0 } });
    profileIds = crew.activeIds;
    crewId = crew.id;
  }

  // Each line's send body, through the very schema of a single send (link field, prompt, schedule).
  const linkField = platformDescriptor(platform)!.linkField;
  const schema = sendInputSchema(service);
  const bodies = input.targets.map((raw) => {
    const body: Record<string, unknown> = { profile_ids: profileIds, [linkField]: raw.trim(), start_at: input.start_at, spread_minutes: input.spread_minutes };
    if (desc.service.input === 'prompt') body.prompt = input.prompt ?? undefined;
    const send = schema.parse(body);
    send.crewId = crewId;
    return send;
  });

  const bulkId = randomUUID();
  return db.transaction(async (tx) => {
    const lines: BulkLine[] = [];
    let accepted = 0;
    for (const [i, send] of bodies.entries()) {
      const target = send.targetUrl!;
      try {
        // A savepoint per line (sendOperation's transaction nests in this one).
        const r = await sendOperation(tx as unknown as Db, sender, service, send, { ...options, bulkId, waiveCooldown: accepted > 0 });
        accepted++;
        lines.push({ line: i + 1, target, status: 'accepted', taskId: r.taskId, orderNumber: r.orderNumber, priceCents: r.priceCents });
      } catch (err) {
        if (!isAppError(err)) throw err;
        if (BATCH_WIDE.has(err.code) || (err.code === 'COOLDOWN_ACTIVE' && accepted === 0)) throw err;
        lines.push({ line: i + 1, target, status: 'refused', code: err.code, params: err.params });
      }
    }
    return { bulkId: accepted > 0 ? bulkId : null, lines };
  });
}
