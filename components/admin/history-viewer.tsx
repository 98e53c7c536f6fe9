'use client';

import { useEffect, useState } from 'react';
import { SortHeader, type SortDir } from './sort-header';
import { ExportLink } from './export-link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { orderNumberText } from '@/lib/infra/format';
import { PLATFORM_REGISTRY } from '@/platforms';
import { StatusBadge } from '@/components/ui/status-badge';
import { Card } from '@/components/ui/card';
import { adminApi } from './admin-api';
import { FormField } from './form-field';
import { Button } from '@/components/ui/button';
import { UserSearch, type PickedUser } from './user-search';
import type { Transaction, UserStats as Stats } from '@/lib/domain/history';

// The server's own shapes (types only: no server code reaches the browser).
type Page = { transactions: Transaction[]; total: number };

/** §7: the services the admin history shows, grouped by platform (§2): every service of the registry (issue #34). */
const GROUPS = PLATFORM_REGISTRY.map((p) => ({ platform: p.key, services: p.services.map((s) => s.key) }));

/**
 * /rooting/history (§2): pick a user, see four figures and one table per service (2 rows, then +5).
 * It opens on `initialUser`, the customer of the most recent order (issue #32).
 */
export function HistoryViewer({ initialUser }: { initialUser: PickedUser | null }) {
  const t = useTranslations('Admin.history');
  const tp = useTranslations('Platforms');
  const te = useTranslations('Admin.exports');
  const locale = useLocale();
  const format = useFormatter();
  const [userId, setUserId] = useState('');
  const [picked, setPicked] = useState<PickedUser | null>(initialUser);
  const [stats, setStats] = useState<Stats | null>(null);
  const [lists, setLists] = useState<Record<string, Page>>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (initialUser !== null) void load(String(initialUser.id));
    // Once, on the first render: later choices come from the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function load(id: string) {
    setUserId(id);
    setStats(null);
    setLists({});
    if (!id) return;
    setLoading(true);
    const services = GROUPS.flatMap((g) => g.services);
    try {
      const [s, ...txs] = await Promise.all([
        adminApi<{ stats: Stats }>(`/api/islem-gecmisi/stats/user/${id}`, { locale, fallback: '' }),
        ...services.map((svc) => adminApi<Page>(`/api/islem-gecmisi/user/${id}/service/${svc}?limit=${FIRST_PAGE}`, { locale, fallback: '' })),
      ]);
      setStats(s.stats);
      setLists(Object.fromEntries(services.map((svc, i) => [svc, txs[i]!])));
    } catch (err) {
      // §8: history load failures are only logged.
      console.error('history load failed', err);
    } finally {
      setLoading(false);
    }
  }

  const cards = stats
    ? [
        { label: t('total'), value: format.number(stats.toplam_islem) },
        { label: t('successful'), value: format.number(stats.basarili_islem) },
        { label: t('partial'), value: format.number(stats.kismi_islem) },
        { label: t('failed'), value: format.number(stats.basarisiz_islem) },
        { label: t('spent'), value: format.number(stats.toplam_harcanan, { style: 'currency', currency: 'USD' }) },
      ]
    : [];

  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <FormField id="history-user" label={t('user')} className="max-w-md">
        <UserSearch
          id="history-user"
          value={picked}
          onPick={(u) => {
            setPicked(u);
            void load(String(u.id));
          }}
        />
      </FormField>
      {loading ? (
        <p role="status" className="mt-4 text-muted">
          {t('loading')}
        </p>
      ) : null}
      {stats ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {cards.map((c) => (
              <Card key={c.label} className="p-4">
                <dt className="text-sm text-muted">{c.label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{c.value}</dd>
              </Card>
            ))}
          </dl>
          <div className="mt-3">
            <ExportLink kind="orders" filters={{ user_id: userId }} label={te('ordersOfUser')} />
          </div>
          {GROUPS.map((g) => (
            <section key={g.platform} className="mt-6" aria-labelledby={`history-${g.platform}`}>
              <h2 id={`history-${g.platform}`} className="text-xl font-semibold">
                {tp(g.platform)}
              </h2>
              {g.services.map((svc) => (
                <ServiceTable key={`${userId}-${svc}`} userId={userId} service={svc} first={lists[svc] ?? { transactions: [], total: 0 }} />
              ))}
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}

/** Orders read per request: what the first two "show more" presses show, then ten at a time as they are needed. */
const FIRST_PAGE = 7;
const MORE_PAGE = 10;
type Sort = 'created' | 'status' | 'profiles' | 'spent';
const FIRST_DIR: Record<Sort, SortDir> = { created: 'desc', status: 'asc', profiles: 'desc', spent: 'desc' };

/**
 * One service's orders (§2: 2 rows, then 5 more per "show more"). Sorted and read on the server a
 * page at a time, so every order of the customer is reachable, not only the newest hundred.
 */
function ServiceTable({ userId, service, first }: { userId: string; service: string; first: Page }) {
  const t = useTranslations('Admin.history');
  const ts = useTranslations('Services');
  const format = useFormatter();
  const locale = useLocale();
  const [shown, setShown] = useState(2);
  const [page, setPage] = useState<Page>(first);
  const [sort, setSort] = useState<{ by: Sort; dir: SortDir }>({ by: 'created', dir: 'desc' });
  const [busy, setBusy] = useState(false);
  const rows = page.transactions;
  const total = page.total;

  async function read(by: Sort, dir: SortDir, offset: number, limit: number): Promise<Page | null> {
    setBusy(true);
    try {
      const q = new URLSearchParams({ sort: by, dir, offset: String(offset), limit: String(limit) });
      return await adminApi<Page>(`/api/islem-gecmisi/user/${userId}/service/${service}?${q}`, { locale, fallback: '' });
    } catch (err) {
      // §8: history load failures are only logged.
      console.error('history load failed', err);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function sortBy(by: Sort) {
    const dir: SortDir = sort.by === by ? (sort.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[by];
    const next = await read(by, dir, 0, Math.min(100, Math.max(FIRST_PAGE, shown)));
    if (!next) return;
    setSort({ by, dir });
    setPage(next);
  }

  async function showMore() {
    const want = shown + 5;
    if (want > rows.length && rows.length < total) {
      const more = await read(sort.by, sort.dir, rows.length, MORE_PAGE);
      if (!more) return;
      setPage({ total: more.total, transactions: [...rows, ...more.transactions] });
    }
    setShown(want);
  }

  const header = (by: Sort, label: string, numeric = false) => (
    <SortHeader label={label} active={sort.by === by} dir={sort.by === by ? sort.dir : FIRST_DIR[by]} numeric={numeric} onSort={() => void sortBy(by)} />
  );
  return (
    <Card className="mt-3 p-3">
      <h3 className="font-medium">
        {ts(service as never)} <span className="text-sm text-muted">({total})</span>
      </h3>
      {total === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('none')}</p>
      ) : (
        <div className="mt-2" data-history-service={service} aria-busy={busy || undefined}>
          {/* From lg up a sortable table; beside the sidebar a narrower screen gets one card per order (issue #32 item 9). */}
          <div className="hidden overflow-x-auto lg:block">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="whitespace-nowrap p-2 font-medium">{t('order')}</th>
                  {header('created', t('date'))}
                  <th scope="col" className="whitespace-nowrap p-2 font-medium">{t('target')}</th>
                  {header('status', t('status'))}
                  {header('profiles', t('profiles'), true)}
                  {header('spent', t('balanceSpent'), true)}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map((r) => (
                  <tr key={r.id} className="border-t border-line">
                    {/* The order's number heads its row (issue #33). */}
                    <th scope="row" className="p-2 whitespace-nowrap font-normal tabular-nums">
                      {orderNumberText(r.order_number)}
                    </th>
                    <td className="p-2 whitespace-nowrap tabular-nums">{format.dateTime(new Date(r.created_at), { dateStyle: 'short', timeStyle: 'short' })}</td>
                    <td className="max-w-xs truncate p-2">{r.hedef_url ?? '—'}</td>
                    <td className="p-2">
                      <StatusBadge kind="order" status={r.durum} />
                    </td>
                    <td className="p-2 text-right tabular-nums">{r.profil_sayisi}</td>
                    <td className="p-2 text-right tabular-nums">{format.number(r.bakiye_harcanan, { style: 'currency', currency: 'USD' })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-2 lg:hidden" aria-label={ts(service as never)}>
            {rows.slice(0, shown).map((r) => (
              <li key={r.id} className="rounded-lg border border-line p-3 text-sm" data-history-card={r.id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <span className="font-medium tabular-nums">
                    <span className="mr-1.5 text-muted">{orderNumberText(r.order_number)}</span>
                    {format.dateTime(new Date(r.created_at), { dateStyle: 'short', timeStyle: 'short' })}
                  </span>
                  <StatusBadge kind="order" status={r.durum} />
                </div>
                <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1">
                  <dt className="text-muted">{t('target')}</dt>
                  <dd className="min-w-0 text-right wrap-anywhere">{r.hedef_url ?? '—'}</dd>
                  <dt className="text-muted">{t('profiles')}</dt>
                  <dd className="text-right tabular-nums">{r.profil_sayisi}</dd>
                  <dt className="text-muted">{t('balanceSpent')}</dt>
                  <dd className="text-right tabular-nums">{format.number(r.bakiye_harcanan, { style: 'currency', currency: 'USD' })}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {shown < total ? (
              <Button variant="secondary" loading={busy} onClick={() => void showMore()}>
                {t('showMore')}
              </Button>
            ) : null}
            <span className="text-sm text-muted tabular-nums">{t('shownOf', { shown: Math.min(shown, rows.length), total })}</span>
          </div>
        </div>
      )}
    </Card>
  );
}
