/**
 * next-intl's message formatter, replaced (the build aliases `use-intl/format-message` to this
 * file in next.config.mjs for server code and server rendering, and to format-message.browser.ts
 * for the browser; tests import both directly and compare them with the default).
 *
 * The default one builds an `IntlMessageFormat` per message, and its constructor resolves the
 * locale with `Intl.NumberFormat.supportedLocalesOf`: the first call in a page loads the browser's
 * ICU number data, 20–100 ms on this machine's Chromium (four times that on the phone Lighthouse
 * simulates), in the middle of hydration, for messages such as "{count} followers" that format no
 * number at all. This one parses a message once with next-intl's own ICU compiler (`icu-minify`,
 * the one its build-time precompilation uses) and formats it with next-intl's precompiled-message
 * formatter, which asks `Intl` only for what a message really formats (a `number` or `date`
 * argument, a plural's category). Messages stay plain strings in the catalogues (`t.raw` keeps
 * working, and the server's own catalogue readers are untouched). The messages a page sends to the
 * browser arrive already compiled (lib/infra/i18n/precompile.ts), and this formatter, which also renders
 * those client components on the server, takes them as they are.
 */
import compile from 'icu-minify/compile';
import { IntlError, IntlErrorCode } from 'use-intl/core';
import { formatCompiledMessage, plain, refuseGroup, type FormatMessage } from './format-core';

const compiled = new Map<string, unknown>();

function formatMessage(...[key, message, values, options]: Parameters<FormatMessage>): ReturnType<FormatMessage> {
  const raw = message as unknown;
  if (Array.isArray(raw)) return formatCompiledMessage(key, raw, values, options); // compiled for the browser
  refuseGroup(key, raw);
  const text = String(raw);
  const simple = plain(text, values);
  if (simple !== undefined) return simple;
  let ast = compiled.get(text);
  if (ast === undefined) {
    try {
      ast = compile(text);
    } catch (error) {
      throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `${(error as Error).message} (${text})`);
    }
    compiled.set(text, ast);
  }
  return formatCompiledMessage(key, ast, values, options);
}

// Messages are the catalogue's strings, so `t.raw` may hand them out.
formatMessage.raw = true;

export default formatMessage;
