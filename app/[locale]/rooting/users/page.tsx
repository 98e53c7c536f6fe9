import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { searchUsersWithPackages } from '@/lib/admin-users';
import { listPackages } from '@/lib/packages';
import { UsersManager } from '@/components/admin/users-manager';
import { ExportLink } from '@/components/admin/export-link';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[]; page?: string }> };

/** Cards per page: two columns of twelve on a desktop. */
const PAGE_SIZE = 24;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('users') };
}

/** /rooting/users: the user cards, searched by name, e-mail or phone and paged on the server. */
export default async function UsersPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const query = await searchParams;
  const q = (Array.isArray(query.q) ? query.q[0] : query.q)?.trim().slice(0, 100) ?? '';
  const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
  const [{ users, total }, packages] = await Promise.all([
    searchUsersWithPackages(db, { q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listPackages(db),
  ]);
  const te = await getTranslations('Admin.exports');
  return (
    <>
      <div className="mb-3 flex justify-end">
        <ExportLink kind="users" filters={{ q }} label={te('usersFiltered')} />
      </div>
      <UsersManager
        users={users}
        packages={packages.map((p) => ({ id: p.id, ad: p.ad }))}
        search={{ q, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total }}
      />
    </>
  );
}
