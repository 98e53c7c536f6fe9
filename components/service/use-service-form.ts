'use client';

import { useState } from 'react';
import { type Platform, type Service, PROMPT_SERVICES, takesText } from '@/lib/domain/catalogue/services';
import { PROMPT_MAX, TWEET_MAX, textLength } from '@/lib/domain/operations/limits';
import { linkFieldOf } from './service-api';

export { PROMPT_MAX, TWEET_MAX, textLength };

/**
 * `startAt`: the user's "at a time" as a datetime-local value (their own zone; '' = now);
 * `spread`: minutes to spread the profiles across ('0' = off). Issue #17.
 */
export type FormFields = { url: string; prompt: string; tweetText: string; quoteUrl: string; when: 'now' | 'at'; startAt: string; spread: string };
export type FieldName = Exclude<keyof FormFields, 'when'> | 'profiles';
/** Per field, the message key (Validation.*) of what is wrong with it. */
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_FIELDS: FormFields = { url: '', prompt: '', tweetText: '', quoteUrl: '', when: 'now', startAt: '', spread: '0' };

export const hasPrompt = (service: Service) => PROMPT_SERVICES.includes(service);

/** Which form field a send-body key belongs to. */
const FIELD_OF: Record<string, FieldName> = {
  profile_ids: 'profiles',
  tweet_url: 'url',
  reels_url: 'url',
  youtube_url: 'url',
  prompt: 'prompt',
  tweet_text: 'tweetText',
  quote_tweet_url: 'quoteUrl',
  start_at: 'startAt',
  spread_minutes: 'spread',
};

/**
 * A datetime-local value ("2026-12-01T09:30", the browser's zone) as an ISO time with its zone,
 * which is what the server accepts; null when it is not a time.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A moment as a datetime-local value in the browser's zone (the picker's `min`). */
export function isoToLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The §7 send body of a service from the form's fields and the ticked profiles. */
export function sendBody(service: Service, platform: Platform, fields: FormFields, profileIds: readonly number[]): Record<string, unknown> {
  const body: Record<string, unknown> = { profile_ids: [...profileIds] };
  if (takesText(service)) {
    body.tweet_text = fields.tweetText.trim();
    body.quote_tweet_url = fields.quoteUrl.trim() || null;
  } else {
    body[linkFieldOf(platform)] = fields.url.trim();
    if (hasPrompt(service)) body.prompt = fields.prompt.trim();
  }
  if (fields.when === 'at') body.start_at = localInputToIso(fields.startAt) ?? '';
  if (fields.spread !== '0') body.spread_minutes = Number(fields.spread);
  return body;
}

/**
 * Checks a send body with the very schema the route handler parses (lib/domain/operations/schemas.ts),
 * so the page and the server agree on every limit and link format; the first problem per field.
 * The schemas (and zod) load on the first check, not with the page.
 */
export async function validateSend(service: Service, body: Record<string, unknown>): Promise<FieldErrors> {
  const { SEND_SCHEMAS } = await import('@/lib/domain/operations/schemas');
  const result = SEND_SCHEMAS[service].safeParse(body);
  const errors: FieldErrors = {};
  // "At a time" needs a time; its range is the server's to check (its clock, START_AT_INVALID).
  if (body.start_at === '') errors.startAt = 'Validation.start_at_required';
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message.startsWith('Validation.') ? issue.message : 'Validation.too_long';
  }
  return errors;
}

/** The order form's fields and their errors; `check` validates a send and keeps what is wrong. */
export function useServiceForm(service: Service, platform: Platform) {
  const [fields, setFields] = useState<FormFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});

  function set<K extends keyof FormFields>(name: K, value: FormFields[K]) {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => (name !== 'when' && e[name as FieldName] ? { ...e, [name]: undefined } : e));
  }

  /** The send body when it is valid, else null and what is wrong (also shown by the fields). */
  async function check(profileIds: readonly number[]): Promise<{ body: Record<string, unknown> | null; errors: FieldErrors }> {
    const body = sendBody(service, platform, fields, profileIds);
    const errors = await validateSend(service, body);
    setErrors(errors);
    return { body: Object.keys(errors).length === 0 ? body : null, errors };
  }

  return {
    fields,
    errors,
    set,
    check,
    clearProfilesError: () => setErrors((e) => (e.profiles ? { ...e, profiles: undefined } : e)),
    /** Marks one field with a message key (a refusal of the server that is about it: a repeat's ALREADY_DONE). */
    setError: (field: FieldName, key: string) => setErrors((e) => ({ ...e, [field]: key })),
    reset: () => {
      setFields(EMPTY_FIELDS);
      setErrors({});
    },
    /** Puts back what a visitor typed before logging in (send-draft.ts). */
    restore: (draft: FormFields) => setFields(draft),
  };
}
