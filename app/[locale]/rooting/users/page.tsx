import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { searchUsersWithPackages, userListPageSchema } from '@/lib/domain/admin-users';
import { listPackageNames } from '@/lib/domain/packages';
import { UsersManager } from '@/components/admin/users-manager';
import { ExportLink } from '@/components/admin/export-link';
import { AdminFilters, FilterSearch, FilterSelect } from '@/components/admin/admin-filters';
import { Pager } from '@/components/admin/pager';
import { adminPage } from '../admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Rows per page. */
const PAGE_SIZE = 24;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('users') };
}

/** A stored phone number in international form (+90 555 111 22 33); as typed when it does not parse. */
function formatPhone(phone: string): string {
  if (!phone) return '';
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * /rooting/users: the users table, searched by name, e-mail or phone, filtered by role, account
 * state and running package, sorted by sign-up date, balance or name and paged on the server
 * (the address holds it all, validated by userListPageSchema).
 */
export default async function UsersPage({ params, searchParams }: Props) {
  const { db } = await adminPage(params);
  const { page = 1, ...filters } = userListPageSchema.parse(await searchParams);
  const [{ users, total }, packages] = await Promise.all([
    searchUsersWithPackages(db, { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listPackageNames(db),
  ]);
  const t = await getTranslations('Admin.users');
  const te = await getTranslations('Admin.exports');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(filters.q || filters.rol || filters.durum || filters.paket);
  const sortKeep = { sort: filters.sort, dir: filters.dir };
  return (
    <UsersManager
      users={users.map((u) => ({ ...u, telefon_gosterim: formatPhone(u.telefon) }))}
      packages={packages}
      search={{ ...filters, page, pages, total, filtered }}
      exportLink={<ExportLink kind="users" filters={{ q: filters.q }} label={te('usersFiltered')} />}
      filters={
        <AdminFilters search label={t('searchLabel')} applyLabel={t('searchButton')} keep={sortKeep} clear={filtered ? { href: { pathname: '/rooting/users', query: Object.fromEntries(Object.entries(sortKeep).filter(([, v]) => v)) as Record<string, string> }, label: t('searchClear') } : undefined}>
          <FilterSearch id="users-q" name="q" label={t('searchLabel')} value={filters.q} placeholder={t('searchPlaceholder')} />
          <FilterSelect id="users-rol" name="rol" label={t('filterRole')} anyLabel={t('any')} value={filters.rol} options={[['user', t('roles.user')], ['admin', t('roles.admin')]]} />
          <FilterSelect id="users-durum" name="durum" label={t('filterStatus')} anyLabel={t('any')} value={filters.durum} options={[['aktif', t('statusActive')], ['pasif', t('statusInactive')]]} />
          <FilterSelect id="users-paket" name="paket" label={t('filterPackage')} anyLabel={t('any')} value={filters.paket} options={[['var', t('packageWith')], ['yok', t('packageWithout')]]} />
        </AdminFilters>
      }
      pager={<Pager label={t('pagination')} pathname="/rooting/users" query={filters} page={page} pages={pages} />}
    />
  );
}
