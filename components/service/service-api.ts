'use client';

import type { Platform } from '@/lib/domain/catalogue/services';
import { callApi, type ApiResult } from '@/components/client/api';
import { platformDescriptor } from '@/platforms';

/** The name of the target field in a platform's send body (`tweet_url`, …). */
export function linkFieldOf(platform: Platform): string {
  return platformDescriptor(platform)!.linkField;
}

export type { ApiBody, ApiResult } from '@/components/client/api';

/** Calls our own API from the service page through the one API client (components/client/api.ts); never throws. */
export function api(path: string, locale: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult> {
  return callApi(path, { locale, ...init });
}

/** The public profile page of a username on its platform. */
export function profileUrl(platform: Platform, username: string): string {
  return platformDescriptor(platform)!.profileUrl(username.replace(/^@/, ''));
}
