import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { browserMessages } from '@/components/layout/client-messages';
import { requirePageAdmin } from '@/app/_lib/page-guards';
import { AdminShell } from '@/components/admin/admin-shell';
import { requestSiteName } from '@/app/_lib/request-data';
import { getDb } from '@/db/client';
import { countAdminTickets } from '@/lib/domain/tickets';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** /rooting (§2): only an admin session from admin login gets in; everyone else goes to /admin-login. */
export default async function RootingLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const admin = await requirePageAdmin(locale);
  const [siteName, openTickets, messages] = await Promise.all([requestSiteName(locale), getDb().then((db) => countAdminTickets(db, { status: 'open' })), getMessages()]);
  // The back office's texts are not shipped with public pages (components/layout/client-messages.ts).
  return (
    <NextIntlClientProvider messages={browserMessages(messages, 'all')}>
      <AdminShell adminName={admin.adSoyad || admin.email} siteName={siteName} openTickets={openTickets}>
        {children}
      </AdminShell>
    </NextIntlClientProvider>
  );
}
