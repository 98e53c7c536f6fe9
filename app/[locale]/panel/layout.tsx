import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { browserMessages } from '@/components/layout/client-messages';
import { requirePageUser } from '@/app/_lib/page-guards';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

/**
 * /panel/* (§2): guarded on the server, a visitor goes to /login before anything renders. Each
 * page checks again (layouts do not re-run on client navigation between panel pages). The panel
 * tabs (announcements, subscription, statistics, settings) are in the site header for logged-in
 * users inside the panel (components/layout/panel-tabs.tsx), so they are not repeated here.
 */
export default async function PanelLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePageUser(locale);
  // The panel's texts are not shipped with public pages (components/layout/client-messages.ts).
  return (
    <NextIntlClientProvider messages={browserMessages(await getMessages(), 'panel')}>
      <div className="space-y-6">{children}</div>
    </NextIntlClientProvider>
  );
}
