/**
 * The part of the message catalogue the browser needs. Texts only server components and the
 * server use (policy bodies, mail templates) stay on the server, which keeps every page's
 * payload smaller on phones.
 */
import { precompileMessages } from '@/lib/infra/i18n/precompile';

type Catalogue = Record<string, unknown>;

/**
 * Namespaces only the logged-in areas use: the public pages (the ones search engines and first
 * visits load) do not ship them; the /panel and /rooting layouts add them for their subtree.
 */
const AREA_ONLY = [
  'Admin',
  // The API reference (/docs/api) is rendered on the server only.
  'ApiDocs',
  'AdminValidation',
  'DiscountValidation',
  'PackageValidation',
  'AnnouncementValidation',
  'PlatformValidation',
  'SettingsValidation',
  'Discounts',
  'Panel',
  'Settings',
  // Order and payment status badges, and the notification settings' check: panel and back office.
  'Status',
  'NotificationValidation',
  // Issue #37: /panel/watch.
  'Watch',
  'WatchValidation',
];

/** Namespaces only the back office (/rooting) uses: the customer panel does not ship them either. */
const BACK_OFFICE_ONLY = ['Admin', 'AdminValidation', 'Discounts', 'PackageValidation', 'AnnouncementValidation', 'PlatformValidation', 'SettingsValidation'];

/**
 * Namespaces only server components read (the storefront hero, /pricing and its guarantee, /status, /unsubscribe, page
 * metadata, the 404 page, server.ts's outage page): no page ships them to the browser.
 */
const SERVER_ONLY = ['Mail', 'Pricing', 'Storefront', 'Unsubscribe', 'Meta', 'NotFound', 'Outage', 'StatusPage', 'Guarantee'];

/**
 * Namespaces only the sign-in pages (/login, /admin-login, /forgot-password, /reset-password) and
 * the logged-in areas use (issue #19: ~5 KB less on every other public page, which counts on a
 * phone); those pages add them with SignInMessages.
 */
const SIGN_IN_ONLY = ['Auth', 'TwoFactor'];

/**
 * What a part of the site ships: `public` (the root layout, for every page), `sign-in` (the
 * sign-in pages' own provider), `panel` (the customer panel's) and `all` (the back office's).
 * client-messages.test.ts checks each against the namespaces its client code uses.
 */
export type MessageScope = 'public' | 'sign-in' | 'panel' | 'all';

export function clientMessages(messages: Catalogue, scope: MessageScope = 'public'): Catalogue {
  const { Policies, Contact, ...rest } = messages as Catalogue & { Policies?: Catalogue; Contact?: Catalogue };
  const out: Catalogue = { ...rest };
  for (const ns of SERVER_ONLY) delete out[ns];
  if (scope === 'public' || scope === 'sign-in') for (const ns of AREA_ONLY) delete out[ns];
  if (scope === 'public') for (const ns of SIGN_IN_ONLY) delete out[ns];
  if (scope === 'panel') for (const ns of BACK_OFFICE_ONLY) delete out[ns];
  if (Policies) {
    // Only the titles are shown by client components (footer menu).
    out.Policies = Object.fromEntries(
      Object.entries(Policies).map(([key, value]) =>
        value && typeof value === 'object' && 'title' in value ? [key, { title: (value as Catalogue).title }] : [key, value],
      ),
    );
  }
  if (Contact) {
    const { mailSubject: _s, mailBody: _b, ...contact } = Contact;
    out.Contact = contact;
  }
  return out;
}

const forBrowser = new WeakMap<Catalogue, Map<MessageScope, Catalogue>>();

/**
 * What a NextIntlClientProvider is given: `clientMessages`, with its ICU messages compiled for the
 * browser's formatter (lib/infra/i18n/precompile.ts). Kept per catalogue and scope: a catalogue is one
 * object per locale for the life of the process (lib/infra/i18n/messages.ts).
 */
export function browserMessages(messages: Catalogue, scope: MessageScope = 'public'): Catalogue {
  let byScope = forBrowser.get(messages);
  if (!byScope) forBrowser.set(messages, (byScope = new Map()));
  let out = byScope.get(scope);
  if (!out) byScope.set(scope, (out = precompileMessages(clientMessages(messages, scope))));
  return out;
}
