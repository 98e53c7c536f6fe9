/**
 * What both message formatters share (lib/infra/i18n/format-message.ts on the server,
 * lib/infra/i18n/format-message.browser.ts in the browser): formatting a message compiled by next-intl's
 * ICU compiler (`icu-minify`), and the checks next-intl's default formatter makes. Nothing here
 * parses ICU, so the browser's bundle carries no parser.
 */
import formatCompiled from 'use-intl/format-message/format-only';
import { IntlError, IntlErrorCode } from 'use-intl/core';

export type FormatMessage = typeof formatCompiled;
type Compiled = Parameters<FormatMessage>[1];

/** The arguments and tags a compiled message reads (icu-minify's node shapes, see its types). */
function namesOf(list: unknown[], out: Set<string>): Set<string> {
  for (const node of list) {
    if (!Array.isArray(node)) continue; // text, or `#`
    const [name, type, ...rest] = node as [string, unknown, ...unknown[]];
    out.add(name);
    if (type === undefined || type === 4 || type === 5 || type === 6) continue; // argument, number, date, time
    if (typeof type !== 'number' || type === 0) {
      namesOf([type, ...rest], out); // a tag and its children
      continue;
    }
    for (const branch of Object.values(rest[0] as Record<string, unknown>)) if (Array.isArray(branch)) namesOf(branch, out); // select and plural branches
  }
  return out;
}

/** True for a message with nothing for ICU to do: no argument, tag, or quoted ICU character. */
export function isPlainText(message: string): boolean {
  return !/'[{}<#|']/.test(message) && !/<|{/.test(message);
}

/** A message with nothing for ICU to do and no values is returned as it is (the default formatter's hot path). */
export function plain(message: string, values: unknown): string | undefined {
  return values || !isPlainText(message) ? undefined : message;
}

/** The default formatter's error for a key that names a group of messages instead of one. */
export function refuseGroup(key: string, raw: unknown): void {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    throw new IntlError(IntlErrorCode.INSUFFICIENT_PATH, `Message at \`${key}\` resolved to an object; use a \`.\` to reach a nested message.`);
  }
}

const namesByMessage = new WeakMap<object, string[]>();

/**
 * Formats a compiled message. As the default formatter: a value the message needs but was not
 * given is an error (next-intl reports it and shows the key), never the word "undefined" in the page.
 */
export function formatCompiledMessage(key: string, ast: unknown, values: Parameters<FormatMessage>[2], options: Parameters<FormatMessage>[3]): ReturnType<FormatMessage> {
  if (Array.isArray(ast)) {
    let names = namesByMessage.get(ast);
    if (names === undefined) {
      names = [...namesOf(ast, new Set())];
      namesByMessage.set(ast, names);
    }
    for (const name of names) {
      if (!values || !(name in values)) throw new IntlError(IntlErrorCode.FORMATTING_ERROR, `The value \`${name}\` was not provided to \`${key}\``);
    }
  }
  return formatCompiled(key, ast as Compiled, values, options);
}
