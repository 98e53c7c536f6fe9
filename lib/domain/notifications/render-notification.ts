import 'server-only';
import { createFormat, orderNumberText } from '@/lib/infra/format';
import type { Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { parseDollars } from '@/lib/infra/money';
import { packageNameOfParams } from '@/lib/domain/packages';

type Params = Record<string, string | number>;

/** Amounts a notice may carry, stored as integer cents under `<name>Cents` and shown as `{<name>}`. */
const MONEY = ['amount', 'refund', 'balance', 'threshold'] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/*
 * A notice's stored values are the language-neutral facts (cents, a service or platform key, a
 * calendar day, a payment kind, a package's name in each language it has), so one row reads right
 * in every language and a reader who changes language sees it in the new one (issue #32). They become words here, for one language,
 * through the one money and date formatter (lib/infra/format) and the catalogues.
 *
 * Notices written before that keep their old values: "$1.00" amounts (read back as cents) and
 * `what`, the package's name or the word "balance".
 */
function displayValues(locale: Locale, params: Params): Params {
  const format = createFormat(locale);
  const out: Params = { ...params };
  for (const name of MONEY) {
    const cents = params[`${name}Cents`];
    const legacy = params[name];
    if (typeof cents === 'number') out[name] = format.money(cents);
    else if (typeof legacy === 'string' && legacy.startsWith('$')) {
      const parsed = parseDollars(legacy.slice(1));
      if (parsed !== null) out[name] = format.money(parsed);
    }
  }
  // Issue #33: the order's number ("#123"); a notice written before numbers has none and its text names no number.
  out.number = typeof params.number === 'number' ? orderNumberText(params.number) : 'none';
  // Issue #37: a watch_ended notice written before it had a reason ended at its end date.
  if (params.reason === undefined) out.reason = 'none';
  if (typeof params.service === 'string') out.service = translate(locale, `Services.${params.service}`) ?? params.service;
  if (typeof params.platform === 'string') out.platform = translate(locale, `Platforms.${params.platform}`) ?? params.platform;
  if (typeof params.date === 'string' && ISO_DAY.test(params.date)) out.date = format.day(params.date);
  // A moment (a security notice's `at`, an ISO timestamp): date and time in the site's time zone.
  if (typeof params.at === 'string' && ISO_TIME.test(params.at)) out.at = format.dateTime(params.at);
  // A package's names in every language it has (`package`, `package_en`, `package_de`): the reader's one.
  const pkg = packageNameOfParams(params, locale);
  if (pkg !== undefined) out.package = pkg;
  const paymentKind = params.paymentKind ?? (params.what === 'balance' ? 'balance' : typeof params.what === 'string' ? 'package' : undefined);
  if (paymentKind === 'balance') out.what = translate(locale, 'Notifications.paymentFor.balance') ?? '';
  else if (paymentKind === 'package') out.what = translate(locale, 'Notifications.paymentFor.package', { name: pkg ?? params.what ?? '' }) ?? '';
  return out;
}

/** The notice's title and body in one language (the mail's, or the reader's page's). */
export function renderNotification(locale: Locale, kind: string, params: Params): { title: string; body: string } {
  const values = displayValues(locale, params);
  return {
    title: translate(locale, `Notifications.kinds.${kind}.title`, values) ?? kind,
    body: translate(locale, `Notifications.kinds.${kind}.body`, values) ?? '',
  };
}
