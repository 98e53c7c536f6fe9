import { createTranslator } from 'use-intl/core';
import { catalogues } from './messages';
import type { Locale } from './routing';

/**
 * Translates a dotted message key (`Errors.NOT_FOUND`) for server answers such as `mesaj`.
 * Returns undefined when the key does not exist, so callers can fall back.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string | undefined {
  const dot = key.indexOf('.');
  if (dot < 0) return undefined;
  const namespace = key.slice(0, dot);
  const rest = key.slice(dot + 1);
  const messages = catalogues[locale] as Record<string, unknown>;
  if (!hasPath(messages, key)) return undefined;
  const t = createTranslator({ locale, messages, namespace: namespace as never, onError: () => {} });
  return (t as unknown as (k: string, p: Record<string, string | number>) => string)(rest, params);
}

function hasPath(obj: Record<string, unknown>, key: string): boolean {
  let cur: unknown = obj;
  for (const part of key.split('.')) {
    if (!cur || typeof cur !== 'object' || !(part in (cur as Record<string, unknown>))) return false;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'string';
}
