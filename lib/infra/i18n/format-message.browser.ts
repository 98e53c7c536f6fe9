/**
 * The browser's message formatter (next.config.mjs aliases `use-intl/format-message` to this file
 * for the client bundle only). The messages a page sends to the browser are compiled on the
 * server (lib/infra/i18n/precompile.ts): a message with arguments, tags or plurals arrives as
 * icu-minify's compiled form, plain text as it is. So the browser needs no ICU parser (~12 KB of
 * gzip script on every page, and its work during hydration); a message that arrives uncompiled is
 * refused with next-intl's error, which shows the key, never a half-formatted text.
 */
import { IntlError, IntlErrorCode } from 'use-intl/core';
import { formatCompiledMessage, isPlainText, refuseGroup, type FormatMessage } from './format-core';

function formatMessage(...[key, message, values, options]: Parameters<FormatMessage>): ReturnType<FormatMessage> {
  const raw = message as unknown;
  if (Array.isArray(raw)) return formatCompiledMessage(key, raw, values, options);
  refuseGroup(key, raw);
  const text = String(raw);
  if (isPlainText(text)) return text;
  throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `Message at \`${key}\` was not compiled for the browser (${text})`);
}

// `t.raw` hands out what the page was sent (compiled messages as compiled).
formatMessage.raw = true;

export default formatMessage;
