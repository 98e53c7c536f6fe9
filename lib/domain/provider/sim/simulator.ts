import { env } from '@/env';
import { ENDPOINT_KEYS, isPlatform, type Platform } from '@/lib/domain/catalogue/services';
import { sendRequestSchema, verifyRequestSchema, type ProviderTask } from '../contract';
import { simProfiles } from './profiles';
import { simProof } from './proof';
import { PLATFORM_SIMS } from '@/platforms/sim';
import { hashUnit } from './random';
import { commentsBySendBody, handleCommentDrafts } from './drafts-endpoint';
import { resetSimPosts, simAccountPosts, simPublish } from './account-posts';
import { simTargetFacts } from './target-facts';

/**
 * The simulated fulfilment provider (docs/provider-api.md, "Simulated provider"): the same
 * contract as a real one, in memory. Outcomes and delays of each profile are fixed by
 * (seed, order id, profile id), so a run is reproducible; failure modes are switched by tests
 * (configureSim) or, on a running server, by POST /sim-provider/_control from loopback.
 */
export type SimMode = 'normal' | 'down' | 'slow' | 'error500' | 'malformed' | 'wrong_shape';

export type SimConfig = {
  mode: SimMode;
  seed: string;
  /** Share of profiles whose action fails (0–1). */
  failRate: number;
  /** Each profile finishes after a delay in [minDelayMs, maxDelayMs]. */
  minDelayMs: number;
  maxDelayMs: number;
  /** How long 'slow' holds every answer. */
  slowMs: number;
  /** The next N calls answer 500 whatever the mode (then the mode applies again). */
  failNext: number;
  /** Contract 1.2: report each task's `start_count` (false: behave as a 1.1 provider that does not). */
  startCount: boolean;
  /** Contract 1.4: answer the `comment_drafts` call (false: behave as a provider without it, 404). */
  commentDrafts: boolean;
  /** Contract 1.5 (issue #38): the share of actions `verify` finds undone (0–1), fixed per order and profile. */
  undoRate?: number;
  /**
   * Issue #38 item 2: refuse a redo — a send whose profile already acted on the same service and
   * target in an earlier task of this simulator fails for that profile (`redo_refused`), as a
   * platform that does not let an account act on a post again would.
   */
  redoRefused?: boolean;
  /** Contract 1.3: answer `target_info` (false: behave as a provider without the call, 404). */
  targetInfo: boolean;
};

type SimTask = {
  taskId: string;
  orderId: string;
  platform: Platform;
  service: string;
  fingerprint: string;
  profileIds: string[];
  createdAt: number;
  targetUrl?: string;
  /** Contract 1.2: the target's count when the task started (none for a new tweet, or when switched off). */
  startCount?: number;
  plan: Map<string, { fails: boolean; delayMs: number; error?: string; proof?: { proof_url?: string; text?: string } }>;
};

type SimState = {
  config: SimConfig;
  tasks: Map<string, SimTask>;
  byTaskId: Map<string, SimTask>;
  stats: { calls: number; sends: number; tasksCreated: number; statusCalls: number; profileListCalls: number };
  /** Contract 1.4: per (target, profile), how many drafts were written and the last one. */
  drafts?: Map<string, { n: number; last: string }>;
};

export const DEFAULT_SIM_CONFIG: SimConfig = {
  mode: 'normal',
  seed: 'etkilesim',
  failRate: 0.1,
  minDelayMs: 300,
  maxDelayMs: 1500,
  slowMs: 15_000,
  failNext: 0,
  startCount: true,
  commentDrafts: true,
  targetInfo: true,
};

type Global = typeof globalThis & { __etkSim?: SimState };
const g = globalThis as Global;

function state(): SimState {
  g.__etkSim ??= {
    config: { ...DEFAULT_SIM_CONFIG, ...configFromEnv() },
    tasks: new Map(),
    byTaskId: new Map(),
    stats: { calls: 0, sends: 0, tasksCreated: 0, statusCalls: 0, profileListCalls: 0 },
  };
  return g.__etkSim;
}

function configFromEnv(): Partial<SimConfig> {
  return { seed: env.SIM_PROVIDER_SEED, mode: env.SIM_PROVIDER_MODE };
}

function isMode(v: unknown): v is SimMode {
  return typeof v === 'string' && ['normal', 'down', 'slow', 'error500', 'malformed', 'wrong_shape'].includes(v);
}

/** Changes the simulator's behaviour; `reset` also forgets every task and counter. */
export function configureSim(patch: Partial<SimConfig> & { reset?: boolean }): SimConfig {
  const s = state();
  const { reset, ...rest } = patch;
  if (reset) {
    s.tasks.clear();
    s.byTaskId.clear();
    s.stats = { calls: 0, sends: 0, tasksCreated: 0, statusCalls: 0, profileListCalls: 0 };
    s.drafts?.clear();
    s.config = { ...DEFAULT_SIM_CONFIG, ...configFromEnv() };
  }
  s.config = { ...s.config, ...rest };
  return s.config;
}

export function simStats() {
  const s = state();
  return { ...s.stats, config: s.config, tasks: s.tasks.size };
}

export type SimRequest = {
  method: string;
  /** Path after /sim-provider/, e.g. "twitter/like". */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string;
  /** Whether the caller is on loopback (the control endpoint answers only then). */
  loopback: boolean;
};

export type SimResponse = { status: number; body: string; delayMs?: number };

const json = (status: number, value: unknown): SimResponse => ({ status, body: JSON.stringify(value) });

export function handleSim(req: SimRequest): SimResponse {
  const s = state();
  const [first, key, ...rest] = req.path.split('/').filter(Boolean);
  if (first === '_control' && !key) return control(req);
  if (isPlatform(first) && key === 'verify' && rest.length === 0) return verify(s, req);
  if (!isPlatform(first) || !key || rest.length > 0 || !(ENDPOINT_KEYS[first] as readonly string[]).includes(key)) {
    return json(404, { error: 'not_found' });
  }
  if (key === 'target_info' && !s.config.targetInfo) return json(404, { error: 'not_found' });
  s.stats.calls++;
  const failure = failureMode(s.config);
  if (failure) return failure;

  if (key === 'target_info') {
    if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
    const target = req.query.get('target_url') ?? '';
    if (!target || target.length > 2000) return json(400, { error: 'invalid_request' });
    // Fixed by the link (target-facts.ts): the same target always gets the same answer.
    return json(200, simTargetFacts(target));
  }

  if (key === 'profile_list') {
    if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
    s.stats.profileListCalls++;
    return json(200, { profiles: simProfiles(first) });
  }
  if (key === 'comment_drafts') {
    if (!s.config.commentDrafts) return json(404, { error: 'not_found' });
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
    s.drafts ??= new Map();
    const answer = handleCommentDrafts(first, req.body, s.config.seed, s.drafts);
    return json(answer.status, answer.body);
  }
  if (key === 'islem_durumu') {
    if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
    s.stats.statusCalls++;
    const task = s.byTaskId.get(req.query.get('task_id') ?? '');
    if (!task || task.platform !== first) return json(404, { error: 'task_not_found' });
    return json(200, view(task));
  }
  if (key === 'account_posts') return accountPosts(s, first, req);
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  return send(s, first, key, req);
}

function failureMode(config: SimConfig): SimResponse | null {
  if (config.failNext > 0) {
    config.failNext--;
    return json(500, { error: 'internal' });
  }
  switch (config.mode) {
    case 'down':
      return json(503, { error: 'unavailable' });
    case 'error500':
      return json(500, { error: 'internal' });
    case 'malformed':
      return { status: 200, body: '{"task_id": "x", "status": ' };
    case 'wrong_shape':
      return json(200, { ok: true, data: [1, 2, 3] });
    case 'slow':
      return { ...json(503, { error: 'too_slow' }), delayMs: config.slowMs };
    default:
      return null;
  }
}

function send(s: SimState, platform: Platform, key: string, req: SimRequest): SimResponse {
  let raw: unknown;
  try {
    raw = JSON.parse(req.body || 'null');
  } catch {
    return json(400, { error: 'invalid_json' });
  }
  const parsed = sendRequestSchema.safeParse(raw);
  if (!parsed.success) return json(400, { error: 'invalid_request' });
  const body = parsed.data;
  // Contract 1.4: the approved texts, posted verbatim (a malformed list is refused like any bad body).
  const approved = commentsBySendBody(raw);
  if (approved === null) return json(400, { error: 'invalid_request' });
  if (body.service !== key) return json(400, { error: 'service_mismatch' });
  const idempotencyKey = req.headers['idempotency-key'] ?? body.order_id;
  if (idempotencyKey !== body.order_id) return json(400, { error: 'idempotency_key_mismatch' });
  s.stats.sends++;

  const fingerprint = JSON.stringify([platform, body.service, body.profile_ids, body.target_url ?? '', body.text ?? '', body.prompt ?? '', ...(approved.size > 0 ? [[...approved]] : [])]);
  const existing = s.tasks.get(idempotencyKey);
  if (existing) {
    if (existing.fingerprint !== fingerprint) return json(422, { error: 'idempotency_key_reused' });
    return json(200, view(existing));
  }
  const known = new Map(simProfiles(platform).map((p) => [p.id, p]));
  const { seed, failRate, minDelayMs, maxDelayMs } = s.config;
  const plan = new Map<string, { fails: boolean; delayMs: number; error?: string; proof?: { proof_url?: string; text?: string } }>();
  for (const id of body.profile_ids) {
    const profile = known.get(id);
    const delayMs = Math.round(minDelayMs + hashUnit(`${seed}|delay|${body.order_id}|${id}`) * Math.max(0, maxDelayMs - minDelayMs));
    if (!profile) plan.set(id, { fails: true, delayMs, error: 'unknown_profile' });
    else if (profile.status !== 'active') plan.set(id, { fails: true, delayMs, error: 'profile_inactive' });
    else if (s.config.redoRefused && body.target_url && actedBefore(s, body.service, body.target_url, id)) plan.set(id, { fails: true, delayMs, error: 'redo_refused' });
    else {
      const fails = hashUnit(`${seed}|outcome|${body.order_id}|${id}`) < failRate;
      const proof = fails
        ? undefined
        : simProof({ platform, service: body.service, username: profile.username, orderId: body.order_id, profileId: id, targetUrl: body.target_url, text: body.text, prompt: body.prompt, approved: approved.get(id) });
      plan.set(id, { fails, delayMs, error: fails ? 'action_rejected' : undefined, proof });
    }
  }
  const task: SimTask = {
    taskId: `sim_${hashUnit(`${seed}|task|${body.order_id}`).toString(36).slice(2, 12)}_${s.stats.tasksCreated + 1}`,
    orderId: body.order_id,
    platform,
    service: body.service,
    fingerprint,
    profileIds: body.profile_ids,
    createdAt: Date.now(),
    targetUrl: body.target_url,
    ...(s.config.startCount && body.target_url ? { startCount: targetCount(s, body.service, body.target_url) } : {}),
    plan,
  };
  prune(s, task.createdAt);
  s.tasks.set(idempotencyKey, task);
  s.byTaskId.set(task.taskId, task);
  s.stats.tasksCreated++;
  return json(202, view(task));
}

/** Whether a profile has a successful action on this service and target in an earlier task (issue #38 item 2). */
function actedBefore(s: SimState, service: string, targetUrl: string, profileId: string): boolean {
  for (const task of s.tasks.values()) {
    if (task.service !== service || task.targetUrl !== targetUrl) continue;
    const p = task.plan.get(profileId);
    if (p && !p.fails) return true;
  }
  return false;
}

/** Tasks are kept in memory for two hours (longer than any order is worked), at most 50,000. */
const TASK_TTL_MS = 2 * 3600_000;
const MAX_TASKS = 50_000;

function prune(s: SimState, now: number): void {
  for (const [key, task] of s.tasks) {
    if (now - task.createdAt < TASK_TTL_MS && s.tasks.size < MAX_TASKS) break;
    s.tasks.delete(key);
    s.byTaskId.delete(task.taskId);
  }
}

/**
 * The target's count of a service's action when a task on it starts: a number fixed by the seed,
 * the service and the link, plus what the earlier tasks of this simulator on the same target and
 * service delivered (or will deliver), so that a second order starts where the first one ended.
 */
function targetCount(s: SimState, service: string, targetUrl: string): number {
  const scale = Object.values(PLATFORM_SIMS).find((sim) => service in sim.countScale)?.countScale[service] ?? 1000;
  const base = Math.floor(hashUnit(`${s.config.seed}|count|${service}|${targetUrl}`) * scale);
  let delivered = 0;
  for (const task of s.tasks.values()) {
    if (task.service !== service || task.targetUrl !== targetUrl) continue;
    for (const p of task.plan.values()) if (!p.fails) delivered++;
  }
  return base + delivered;
}

function view(task: SimTask): ProviderTask {
  const elapsed = Date.now() - task.createdAt;
  const results = task.profileIds.map((id) => {
    const p = task.plan.get(id)!;
    if (elapsed < p.delayMs) return { profile_id: id, result: 'pending' as const };
    return p.fails ? { profile_id: id, result: 'failed' as const, error: p.error } : { profile_id: id, result: 'success' as const, ...p.proof };
  });
  const done = results.filter((r) => r.result !== 'pending').length;
  const failed = results.filter((r) => r.result === 'failed').length;
  const status = done === results.length ? (failed === results.length ? 'failed' : 'completed') : done > 0 ? 'processing' : 'pending';
  return { task_id: task.taskId, status, results, ...(task.startCount !== undefined ? { start_count: task.startCount } : {}) };
}

function control(req: SimRequest): SimResponse {
  if (!req.loopback) return json(404, { error: 'not_found' });
  if (req.method === 'GET') return json(200, simStats());
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  let patch: Record<string, unknown>;
  try {
    patch = JSON.parse(req.body || '{}') as Record<string, unknown>;
  } catch {
    return json(400, { error: 'invalid_json' });
  }
  const publish = publishOf(patch.publish);
  if (publish) return json(200, { post: simPublish(state().config.seed, publish.platform, publish.account) });
  const next: Partial<SimConfig> & { reset?: boolean } = {};
  if (patch.reset === true) {
    next.reset = true;
    resetSimPosts();
  }
  if (isMode(patch.mode)) next.mode = patch.mode;
  if (typeof patch.seed === 'string' && patch.seed) next.seed = patch.seed;
  if (typeof patch.startCount === 'boolean') next.startCount = patch.startCount;
  if (typeof patch.commentDrafts === 'boolean') next.commentDrafts = patch.commentDrafts;
  if (typeof patch.undoRate === 'number' && Number.isFinite(patch.undoRate) && patch.undoRate >= 0) next.undoRate = Math.min(1, patch.undoRate);
  if (typeof patch.targetInfo === 'boolean') next.targetInfo = patch.targetInfo;
  if (typeof patch.redoRefused === 'boolean') next.redoRefused = patch.redoRefused;
  for (const k of ['failRate', 'minDelayMs', 'maxDelayMs', 'slowMs', 'failNext'] as const) {
    const v = patch[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) next[k] = k === 'failRate' ? Math.min(1, v) : Math.round(v);
  }
  return json(200, configureSim(next));
}

/**
 * Contract 1.5 `verify` (issue #38 item 1): whether a profile's action on an order is still in
 * place. Undone for a share `undoRate` of (order, profile) pairs, fixed by the seed, so asking again
 * gives the same answer; the failure modes apply as to every call.
 */
function verify(s: SimState, req: SimRequest): SimResponse {
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  s.stats.calls++;
  const failure = failureMode(s.config);
  if (failure) return failure;
  let raw: unknown;
  try {
    raw = JSON.parse(req.body || 'null');
  } catch {
    return json(400, { error: 'invalid_json' });
  }
  const parsed = verifyRequestSchema.safeParse(raw);
  if (!parsed.success) return json(400, { error: 'invalid_request' });
  const undone = hashUnit(`${s.config.seed}|undo|${parsed.data.order_id}|${parsed.data.profile_id}`) < (s.config.undoRate ?? 0);
  return json(200, { state: undone ? 'undone' : 'kept' });
}

/** Contract 1.6 (issue #37): an account's recent posts (account-posts.ts). */
function accountPosts(s: SimState, platform: Platform, req: SimRequest): SimResponse {
  if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
  const account = req.query.get('account') ?? '';
  if (!ACCOUNT.test(account)) return json(400, { error: 'invalid_account' });
  return json(200, { posts: simAccountPosts(s.config.seed, platform, account) });
}

const ACCOUNT = /^[A-Za-z0-9_.-]{1,100}$/;

function publishOf(v: unknown): { platform: Platform; account: string } | null {
  if (!v || typeof v !== 'object') return null;
  const { platform, account } = v as Record<string, unknown>;
  if (!isPlatform(platform) || typeof account !== 'string' || !ACCOUNT.test(account)) return null;
  return { platform, account };
}
