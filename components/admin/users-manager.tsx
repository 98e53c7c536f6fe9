'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { adminApi, errorText } from './admin-api';
import { AdminPageHeader } from './admin-page-header';
import { AssignDialog } from './assign-dialog';
import { UserDialog, type EditableUser } from './user-dialog';
import { dangerButton, secondaryButton } from './form-field';

export type UserCard = EditableUser & { aktif_paketler: { id: number; platform: string; paket_adi: string; bitis_tarihi: string }[] };

type Confirm =
  | { kind: 'delete'; user: UserCard }
  | { kind: 'reset'; subscriptionId: number; label: string }
  | { kind: 'cancel'; subscriptionId: number; label: string };

export type UserSearchState = { q: string; page: number; pages: number; total: number };

/**
 * /rooting/users (§2): cards with a menu, running subscriptions with reset and cancel, add user;
 * a search by name, e-mail or phone and pages of cards (a GET form and links: the server filters).
 */
export function UsersManager({ users, packages, search }: { users: UserCard[]; packages: { id: number; ad: string }[]; search: UserSearchState }) {
  const t = useTranslations('Admin.users');
  const tc = useTranslations('Admin.common');
  const tp = useTranslations('Platforms');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [userDialog, setUserDialog] = useState(false);
  const [assignFor, setAssignFor] = useState<UserCard | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => router.refresh();

  async function runConfirmed() {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'delete') {
        await adminApi(`/api/users/${confirm.user.id}`, { method: 'DELETE', locale, fallback: t('deleteFailed') });
        toast.success(t('deleted'));
      } else if (confirm.kind === 'reset') {
        await adminApi(`/api/kullanici-paketleri/${confirm.subscriptionId}/reset-limits`, { method: 'PUT', locale, fallback: t('resetFailed') });
        toast.success(t('resetDone'));
      } else {
        await adminApi(`/api/kullanici-paketleri/${confirm.subscriptionId}/cancel`, { method: 'PUT', locale, fallback: t('cancelFailed') });
        toast.success(t('cancelDone'));
      }
      setConfirm(null);
      refresh();
    } catch (e) {
      const fallback = confirm.kind === 'delete' ? t('deleteFailed') : confirm.kind === 'reset' ? t('resetFailed') : t('cancelFailed');
      toast.error(errorText(e, fallback));
    } finally {
      setBusy(false);
    }
  }

  const confirmText =
    confirm?.kind === 'delete'
      ? { title: t('confirmDelete', { name: confirm.user.ad }), action: tc('delete') }
      : confirm?.kind === 'reset'
        ? { title: t('confirmReset', { label: confirm.label }), action: t('resetLimits') }
        : confirm?.kind === 'cancel'
          ? { title: t('confirmCancel', { label: confirm.label }), action: t('cancelSubscription') }
          : { title: '', action: '' };

  return (
    <section aria-labelledby="users-title">
      <AdminPageHeader
        titleId="users-title"
        title={t('title')}
        addLabel={t('add')}
        onAdd={() => {
          setEditing(null);
          setUserDialog(true);
        }}
      />
      <form method="get" role="search" aria-label={t('searchLabel')} className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="users-q" className="text-sm font-medium">
            {t('searchLabel')}
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={search.q}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            className="min-h-11 w-full rounded-md border border-line bg-card px-3 py-2 text-sm text-ink"
          />
        </div>
        <button type="submit" className={secondaryButton}>
          {t('searchButton')}
        </button>
        {search.q ? (
          <Link href="/rooting/users" className={secondaryButton}>
            {t('searchClear')}
          </Link>
        ) : null}
      </form>
      <p className="mb-2 text-sm text-muted" aria-live="polite" data-users-total={search.total}>
        {t('resultCount', { count: search.total })}
      </p>
      {users.length === 0 ? <p className="rounded-lg bg-card p-6 text-muted">{search.q ? t('noMatch') : t('empty')}</p> : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {users.map((u) => (
          <li key={u.id} className="rounded-lg bg-card p-4 shadow-sm" aria-label={u.ad}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="truncate">{u.ad}</span>
                  {u.rol === 'admin' ? <span className="rounded bg-brand px-2 py-0.5 text-xs text-brand-ink">{t('adminBadge')}</span> : null}
                  {!u.aktif ? <span className="rounded bg-line px-2 py-0.5 text-xs text-ink">{t('inactiveBadge')}</span> : null}
                </h2>
                <p className="truncate text-sm text-muted">{u.email}</p>
                {u.telefon ? <p className="text-sm text-muted">{u.telefon}</p> : null}
                {u.meslek ? <p className="text-sm text-muted">{u.meslek}</p> : null}
              </div>
              <DropdownMenu>
                <DropdownMenuTrigger className={secondaryButton} aria-label={t('menuFor', { name: u.ad })}>
                  ⋮
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem
                    onSelect={() => {
                      setEditing(u);
                      setUserDialog(true);
                    }}
                  >
                    {t('edit')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setAssignFor(u)}>{t('addPackage')}</DropdownMenuItem>
                  <DropdownMenuItem className="text-danger" onSelect={() => setConfirm({ kind: 'delete', user: u })}>
                    {tc('delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
            <h3 className="mt-3 text-sm font-semibold">{t('subscriptions')}</h3>
            {u.aktif_paketler.length === 0 ? (
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-line p-3">
                <p className="text-sm text-muted">{t('noSubscription')}</p>
                <button type="button" className={secondaryButton} onClick={() => setAssignFor(u)}>
                  {t('addPackage')}
                </button>
              </div>
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {u.aktif_paketler.map((s) => {
                  const label = `${tp(s.platform as never)} – ${s.paket_adi}`;
                  return (
                    <li key={s.id} className="rounded-md border border-line p-3" aria-label={label}>
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="rounded bg-brand-soft px-2 py-0.5 text-xs font-semibold text-ink">{tp(s.platform as never)}</span>
                        <span className="font-medium">{s.paket_adi}</span>
                        <span className="text-muted">{t('endsAt', { date: format.dateTime(new Date(s.bitis_tarihi), { dateStyle: 'medium' }) })}</span>
                      </div>
                      <div className="mt-2 flex flex-wrap gap-2">
                        <button type="button" className={secondaryButton} onClick={() => setConfirm({ kind: 'reset', subscriptionId: s.id, label })}>
                          {t('resetLimits')}
                        </button>
                        <button type="button" className={dangerButton} onClick={() => setConfirm({ kind: 'cancel', subscriptionId: s.id, label })}>
                          {t('cancelSubscription')}
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {search.pages > 1 ? (
        <nav aria-label={t('pagination')} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          {search.page > 1 ? (
            <Link href={{ pathname: '/rooting/users', query: { ...(search.q ? { q: search.q } : {}), page: search.page - 1 } }} className={secondaryButton}>
              {t('previousPage')}
            </Link>
          ) : null}
          <span>{t('pageOf', { page: search.page, pages: search.pages })}</span>
          {search.page < search.pages ? (
            <Link href={{ pathname: '/rooting/users', query: { ...(search.q ? { q: search.q } : {}), page: search.page + 1 } }} className={secondaryButton}>
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <UserDialog user={editing} open={userDialog} onOpenChange={setUserDialog} onSaved={refresh} />
      {assignFor ? (
        <AssignDialog
          userId={assignFor.id}
          userName={assignFor.ad}
          packages={packages}
          open={!!assignFor}
          onOpenChange={(v) => !v && setAssignFor(null)}
          onSaved={refresh}
        />
      ) : null}
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(v) => !v && setConfirm(null)}
        title={confirmText.title}
        description={tc('areYouSure')}
        confirmLabel={confirmText.action}
        cancelLabel={tc('cancel')}
        onConfirm={runConfirmed}
        busy={busy}
        destructive={confirm?.kind !== 'reset'}
      />
    </section>
  );
}
