import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listUsersWithPackages } from '@/lib/admin-users';
import { listPackages } from '@/lib/packages';
import { UsersManager } from '@/components/admin/users-manager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('users') };
}

export default async function UsersPage({ params }: Props) {
  const { db } = await adminPage(params);
  const [users, packages] = await Promise.all([listUsersWithPackages(db), listPackages(db)]);
  return <UsersManager users={users} packages={packages.map((p) => ({ id: p.id, ad: p.ad }))} />;
}
