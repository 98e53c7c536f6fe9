import 'server-only';
import type { z } from 'zod';
import { env } from '@/env';
import { logger } from '@/logger';
import { endpointUrlProblem } from './address-policy';
import { ForbiddenAddressError, createGuardedFetch } from './guarded-fetch';
import {
  PROVIDER_API_VERSION,
  profileListSchema,
  taskSchema,
  commentDraftsAnswerSchema,
  type CommentDraftsAnswer,
  type CommentDraftsRequest,
  targetInfoSchema,
  type ProviderProfile,
  type TargetInfo,
  type ProviderTask,
  type SendRequest,
  verifyAnswerSchema,
  type VerifyRequest,
  type VerifyState,
} from './contract';
import { accountPostsSchema, type ProviderAccountPost } from './contract';
import { ProviderError } from './errors';

export type ProviderClientOptions = {
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Extra attempts after the first for retryable failures (default 2). */
  retries?: number;
  /** First backoff delay; doubled each retry, with jitter (default 300 ms). */
  backoffMs?: number;
  /** Loopback and private provider addresses may be called (default: PROVIDER_ALLOW_PRIVATE=1). */
  allowPrivateAddresses?: boolean;
  /** Replaces the guarded fetch (tests); the URL's own address is still checked. */
  fetch?: typeof fetch;
};

export type ProviderClient = {
  listProfiles(url: string): Promise<ProviderProfile[]>;
  /** POSTs a send; the order id is the idempotency key, so repeating it never starts a second task. */
  send(url: string, body: SendRequest): Promise<ProviderTask>;
  /** GETs a task's state from the islem_durumu endpoint. */
  status(url: string, taskId: string, orderId: string): Promise<ProviderTask>;
  /** Contract 1.4: POSTs to the `comment_drafts` endpoint; one draft per profile (provider ids). Not retried past the client's retries; no idempotency key (drafts are not an action). */
  commentDrafts?(url: string, body: CommentDraftsRequest): Promise<CommentDraftsAnswer>;
  /**
   * Contract 1.5 (issue #38): whether one profile's action is still in place. A provider without the
   * call (404, 405, 501) answers `unknown`; other failures throw, and the check is tried again later.
   */
  verify?(url: string, body: VerifyRequest): Promise<VerifyState>;
  /** 1.6 (issue #37): GETs an account's recent posts from the optional account_posts endpoint. */
  accountPosts?(url: string, account: string): Promise<ProviderAccountPost[]>;
  /**
   * 1.3: GETs the language and niche of a target link from the optional target_info endpoint.
   * Optional here too: a client without it (a test double) is a provider without the call.
   */
  targetInfo?(url: string, targetUrl: string): Promise<TargetInfo>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The client of docs/provider-api.md: every call has a timeout, retryable failures are retried
 * with exponential backoff, and every answer is validated with zod, so a garbage answer becomes a
 * ProviderError (never a crash, never a wrong result). Endpoints at link-local, loopback or private
 * addresses are refused before and, for host names, after DNS resolution (address-policy.ts).
 */
export function createProviderClient(options: ProviderClientOptions = {}): ProviderClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 300;
  const allowPrivate = options.allowPrivateAddresses ?? env.PROVIDER_ALLOW_PRIVATE === '1';
  const doFetch = options.fetch ?? createGuardedFetch({ allowPrivate });

  async function once<S extends z.ZodType>(url: string, init: RequestInit, schema: S): Promise<z.infer<S>> {
    const problem = endpointUrlProblem(url, { allowPrivate });
    if (problem === 'forbidden_address') throw new ProviderError('forbidden_address', 'provider address not allowed (PROVIDER_ALLOW_PRIVATE)');
    if (problem) throw new ProviderError('not_configured', 'provider endpoint is not an http(s) URL');
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (err) {
      if (err instanceof ForbiddenAddressError) throw new ProviderError('forbidden_address', 'provider address not allowed (PROVIDER_ALLOW_PRIVATE)', { cause: err });
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('timeout', `timeout after ${timeoutMs} ms`, { cause: err });
      throw new ProviderError('unreachable', 'provider unreachable', { cause: err });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new ProviderError('timeout', 'body not received', { cause: err });
    }
    if (!res.ok) {
      const retryable = res.status >= 500 || res.status === 408 || res.status === 429 || res.status === 409;
      throw new ProviderError(retryable ? 'http' : 'rejected', `provider answered ${res.status}`, { status: res.status, retryable });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError('invalid_response', 'provider answer is not JSON', { status: res.status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ProviderError('invalid_response', 'provider answer does not match the contract', { status: res.status });
    return parsed.data;
  }

  async function withRetries<T>(what: string, fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        const retryable = err instanceof ProviderError && err.retryable;
        if (!retryable || attempt >= retries) throw err;
        const delay = backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        logger.warn({ what, attempt: attempt + 1, kind: (err as ProviderError).kind, status: (err as ProviderError).status }, 'provider call failed; retrying');
        await sleep(delay);
      }
    }
  }

  const headers = (orderId?: string): Record<string, string> => ({
    accept: 'application/json',
    'x-provider-api-version': PROVIDER_API_VERSION,
    ...(orderId ? { 'idempotency-key': orderId } : {}),
  });

  return {
    async listProfiles(url) {
      if (!url) throw new ProviderError('not_configured', 'profile_list endpoint not set');
      const body = await withRetries('profile_list', () => once(url, { method: 'GET', headers: headers() }, profileListSchema));
      return body.profiles;
    },
    async send(url, body) {
      if (!url) throw new ProviderError('not_configured', `endpoint for ${body.service} not set`);
      return withRetries(body.service, () =>
        once(
          url,
          { method: 'POST', headers: { ...headers(body.order_id), 'content-type': 'application/json' }, body: JSON.stringify(body) },
          taskSchema,
        ),
      );
    },
    async status(url, taskId, orderId) {
      if (!url) throw new ProviderError('not_configured', 'islem_durumu endpoint not set');
      const u = new URL(url);
      u.searchParams.set('task_id', taskId);
      return withRetries('islem_durumu', () => once(u.toString(), { method: 'GET', headers: headers(orderId) }, taskSchema));
    },
    // Contract 1.4 (issue #36 item 6).
    async commentDrafts(url, body) {
      if (!url) throw new ProviderError('not_configured', 'comment_drafts endpoint not set');
      return withRetries('comment_drafts', () =>
        once(url, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) }, commentDraftsAnswerSchema),
      );
    },
    verify: (url, body) => verifyCall(url, body),
    async accountPosts(url, account) {
      if (!url) throw new ProviderError('not_configured', 'account_posts endpoint not set');
      const u = new URL(url);
      u.searchParams.set('account', account);
      const body = await withRetries('account_posts', () => once(u.toString(), { method: 'GET', headers: headers() }, accountPostsSchema));
      return body.posts;
    },
    async targetInfo(url, targetUrl) {
      if (!url) throw new ProviderError('not_configured', 'target_info endpoint not set');
      const u = new URL(url);
      u.searchParams.set('target_url', targetUrl);
      return withRetries('target_info', () => once(u.toString(), { method: 'GET', headers: headers() }, targetInfoSchema));
    },
  };

  async function verifyCall(url: string, body: VerifyRequest): Promise<VerifyState> {
    if (!url) throw new ProviderError('not_configured', 'verify endpoint not set');
    try {
      const answer = await withRetries('verify', () =>
        once(url, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) }, verifyAnswerSchema),
      );
      return answer.state;
    } catch (err) {
      if (err instanceof ProviderError && (err.status === 404 || err.status === 405 || err.status === 501)) return 'unknown';
      throw err;
    }
  }
}
