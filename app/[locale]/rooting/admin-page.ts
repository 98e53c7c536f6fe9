import 'server-only';
import { setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { requirePageAdmin } from '@/app/_lib/page-guards';

/**
 * Every /rooting page checks the session itself (the layout's check does not run again on
 * client navigation) and gets the database.
 */
export async function adminPage(params: Promise<{ locale: string }>) {
  const { locale } = await params;
  setRequestLocale(locale);
  const admin = await requirePageAdmin(locale);
  return { locale, admin, db: await getDb() };
}
