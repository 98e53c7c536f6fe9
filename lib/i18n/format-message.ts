/**
 * next-intl's message formatter, replaced (the build aliases `use-intl/format-message` to this
 * file in next.config.mjs; tests import it directly and compare it with the default).
 *
 * The default one builds an `IntlMessageFormat` per message, and its constructor resolves the
 * locale with `Intl.NumberFormat.supportedLocalesOf`: the first call in a page loads the browser's
 * ICU number data, 20–100 ms on this machine's Chromium (four times that on the phone Lighthouse
 * simulates), in the middle of hydration, for messages such as "{count} followers" that format no
 * number at all. This one parses a message once with next-intl's own ICU compiler (`icu-minify`,
 * the one its build-time precompilation uses) and formats it with next-intl's precompiled-message
 * formatter, which asks `Intl` only for what a message really formats (a `number` or `date`
 * argument, a plural's category). Messages stay plain strings everywhere (`t.raw` keeps working,
 * and the server's own catalogue readers are untouched).
 */
import compile from 'icu-minify/compile';
import formatCompiled from 'use-intl/format-message/format-only';
import { IntlError, IntlErrorCode } from 'use-intl/core';

type FormatMessage = typeof formatCompiled;
type Args = Parameters<FormatMessage>;
type Compiled = Args[1];

type Entry = { ast: Compiled; names: string[] };
const compiled = new Map<string, Entry>();

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

/** A message with nothing for ICU to do is returned as it is (the default formatter's hot path). */
function plain(message: string, values: unknown): string | undefined {
  return values || /'[{}<#|']/.test(message) || /<|{/.test(message) ? undefined : message;
}

function formatMessage(...[key, message, values, options]: Parameters<FormatMessage>): ReturnType<FormatMessage> {
  const raw = message as unknown;
  if (Array.isArray(raw)) throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `Message at \`${key}\` resolved to an array, but only strings are supported.`);
  if (typeof raw === 'object' && raw !== null) throw new IntlError(IntlErrorCode.INSUFFICIENT_PATH, `Message at \`${key}\` resolved to an object; use a \`.\` to reach a nested message.`);
  const text = String(raw);
  const simple = plain(text, values);
  if (simple !== undefined) return simple;
  let entry = compiled.get(text);
  if (entry === undefined) {
    let ast: Compiled;
    try {
      ast = compile(text) as Compiled;
    } catch (error) {
      throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `${(error as Error).message} (${text})`);
    }
    entry = { ast, names: Array.isArray(ast) ? [...namesOf(ast, new Set())] : [] };
    compiled.set(text, entry);
  }
  // As the default formatter: a value the message needs but was not given is an error (next-intl
  // reports it and shows the key), never the word "undefined" in the page.
  for (const name of entry.names) {
    if (!values || !(name in values)) throw new IntlError(IntlErrorCode.FORMATTING_ERROR, `The value \`${name}\` was not provided to \`${key}\``);
  }
  return formatCompiled(key, entry.ast, values, options);
}

// Messages are the catalogue's strings, so `t.raw` may hand them out.
formatMessage.raw = true;

export default formatMessage;
