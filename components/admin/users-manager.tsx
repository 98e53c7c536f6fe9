'use client';

import { useState, type ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { MoreHorizontal, PackagePlus, PanelRightOpen, Pencil, RotateCcw, Trash2, Users, XCircle } from 'lucide-react';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { SortHeader } from './sort-header';
import { adminApi, errorText } from './admin-api';
import { AdminPageHeader } from './admin-page-header';
import { AssignDialog } from './assign-dialog';
import { UserDialog, type EditableUser } from './user-dialog';

export type UserRow = EditableUser & {
  bakiye_cents: number;
  created_at: string;
  /** The phone number in international form, formatted on the server. */
  telefon_gosterim: string;
  aktif_paketler: { id: number; platform: string; paket_adi: string; bitis_tarihi: string }[];
};

type Sort = 'created' | 'balance' | 'name';
type Dir = 'asc' | 'desc';

export type UserSearchState = {
  q?: string;
  rol?: string;
  durum?: string;
  paket?: string;
  sort?: Sort;
  dir?: Dir;
  page: number;
  pages: number;
  total: number;
  filtered: boolean;
};

type Confirm =
  | { kind: 'delete'; user: UserRow }
  | { kind: 'reset'; subscriptionId: number; label: string }
  | { kind: 'cancel'; subscriptionId: number; label: string };

/** Names and balances read best from A and from the top; dates newest first. */
const FIRST_DIR: Record<Sort, Dir> = { name: 'asc', balance: 'desc', created: 'desc' };

/**
 * /rooting/users (§2, issue #15): a table of users (balance, sign-up date, packages as columns,
 * sortable headers; cards on a phone), a row menu with the destructive actions behind a confirm,
 * and a drawer with one user's details and running subscriptions (reset limits, cancel).
 * Filters and pager come from the server page.
 */
export function UsersManager({
  users,
  packages,
  search,
  filters,
  pager,
  exportLink,
}: {
  users: UserRow[];
  packages: { id: number; ad: string }[];
  search: UserSearchState;
  filters: ReactNode;
  pager: ReactNode;
  exportLink: ReactNode;
}) {
  const t = useTranslations('Admin.users');
  const tc = useTranslations('Admin.common');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [userDialog, setUserDialog] = useState(false);
  const [assignFor, setAssignFor] = useState<UserRow | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => router.refresh();
  // The drawer reads the row from the current props, so it shows fresh data after a refresh.
  const drawerUser = users.find((u) => u.id === drawerId) ?? null;

  async function runConfirmed() {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'delete') {
        await adminApi(`/api/users/${confirm.user.id}`, { method: 'DELETE', locale, fallback: t('deleteFailed') });
        toast.success(t('deleted'));
        if (drawerId === confirm.user.id) setDrawerId(null);
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

  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const actions = {
    details: (u: UserRow) => setDrawerId(u.id),
    edit: (u: UserRow) => {
      setEditing(u);
      setUserDialog(true);
    },
    assign: (u: UserRow) => setAssignFor(u),
    remove: (u: UserRow) => setConfirm({ kind: 'delete', user: u }),
  };

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
      >
        {exportLink}
      </AdminPageHeader>
      {filters}
      <p className="mb-2 text-sm text-muted" aria-live="polite" data-users-total={search.total}>
        {t('resultCount', { count: search.total })}
      </p>
      {users.length === 0 ? (
        <EmptyState icon={Users} title={search.filtered ? t('noMatch') : t('empty')} />
      ) : (
        <>
          {/* Desktop: a table with sortable headers. */}
          <Card className="hidden overflow-x-auto md:block" role="region" aria-label={t('tableLabel')} tabIndex={0}>
            <table className="w-full text-left text-sm" data-users-table>
              <thead className="border-b border-line text-muted">
                <tr>
                  <SortableHeader column="name" label={t('columns.name')} search={search} />
                  <th scope="col" className="whitespace-nowrap p-3 font-medium">
                    {t('columns.phone')}
                  </th>
                  <SortableHeader column="balance" label={t('columns.balance')} search={search} numeric />
                  <th scope="col" className="whitespace-nowrap p-3 font-medium">
                    {t('columns.packages')}
                  </th>
                  <SortableHeader column="created" label={t('columns.signedUp')} search={search} />
                  <th scope="col" className="whitespace-nowrap p-3 text-right font-medium">
                    <span className="sr-only">{tc('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} className="border-b border-line last:border-0 hover:bg-surface" data-user-row={u.id}>
                    <td className="max-w-72 p-3">
                      <button type="button" className="block max-w-full text-left hover:text-brand" onClick={() => actions.details(u)} aria-haspopup="dialog" data-user-open>
                        <UserIdentity user={u} />
                      </button>
                    </td>
                    <td className="whitespace-nowrap p-3 tabular-nums text-muted">{u.telefon_gosterim || '—'}</td>
                    <td className="whitespace-nowrap p-3 text-right tabular-nums" data-balance-cents={u.bakiye_cents}>
                      {money(u.bakiye_cents)}
                    </td>
                    <td className="p-3">
                      <PackageBadges packages={u.aktif_paketler} />
                    </td>
                    <td className="whitespace-nowrap p-3 tabular-nums text-muted">
                      <time dateTime={u.created_at}>{date(u.created_at)}</time>
                    </td>
                    <td className="p-3 text-right">
                      <RowMenu user={u} actions={actions} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          {/* Phone: one card per user, the same facts and menu. */}
          <ul className="flex flex-col gap-2 md:hidden" aria-label={t('tableLabel')}>
            {users.map((u) => (
              <li key={u.id}>
                <Card className="flex items-start gap-2 p-3">
                  <button type="button" className="min-w-0 flex-1 text-left" onClick={() => actions.details(u)} aria-haspopup="dialog" data-user-open>
                    <UserIdentity user={u} />
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <span className="font-semibold tabular-nums">{money(u.bakiye_cents)}</span>
                      <span className="text-xs text-muted tabular-nums">{date(u.created_at)}</span>
                    </span>
                    <span className="mt-1 block">
                      <PackageBadges packages={u.aktif_paketler} />
                    </span>
                  </button>
                  <RowMenu user={u} actions={actions} />
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      {pager}
      <Dialog open={drawerUser !== null} onOpenChange={(v) => !v && setDrawerId(null)}>
        {drawerUser ? (
          <DialogContent
            title={drawerUser.ad}
            description={t('drawerDescription')}
            closeLabel={tc('close')}
            className="left-auto right-0 top-0 h-dvh max-h-none w-full max-w-md translate-x-0 translate-y-0 rounded-none sm:rounded-l-xl"
            data-user-drawer
          >
            <UserDetails
              user={drawerUser}
              onEdit={() => actions.edit(drawerUser)}
              onAssign={() => actions.assign(drawerUser)}
              onReset={(subscriptionId, label) => setConfirm({ kind: 'reset', subscriptionId, label })}
              onCancel={(subscriptionId, label) => setConfirm({ kind: 'cancel', subscriptionId, label })}
            />
          </DialogContent>
        ) : null}
      </Dialog>
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

/** A column header that sorts the list on the server: a link to the same page with `sort` and `dir`. */
function SortableHeader({ column, label, search, numeric = false }: { column: Sort; label: string; search: UserSearchState; numeric?: boolean }) {
  const active = (search.sort ?? 'created') === column;
  const dir: Dir = active ? (search.dir ?? FIRST_DIR[column]) : FIRST_DIR[column];
  const next: Dir = active ? (dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[column];
  const query = Object.fromEntries(
    Object.entries({ q: search.q, rol: search.rol, durum: search.durum, paket: search.paket, sort: column, dir: next }).filter((e): e is [string, string] => !!e[1]),
  );
  return <SortHeader label={label} active={active} dir={dir} numeric={numeric} href={{ pathname: '/rooting/users', query }} />;
}

/** A user's name with their badges and e-mail: the table row and the phone card show the same. */
function UserIdentity({ user }: { user: UserRow }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-1.5 font-medium">
        <span className="truncate">{user.ad}</span>
        <UserBadges user={user} />
      </span>
      <span className="block truncate text-xs text-muted">{user.email}</span>
    </>
  );
}

function UserBadges({ user }: { user: UserRow }) {
  const t = useTranslations('Admin.users');
  return (
    <>
      {user.rol === 'admin' ? <Badge tone="brand">{t('adminBadge')}</Badge> : null}
      {!user.aktif ? <Badge tone="neutral">{t('inactiveBadge')}</Badge> : null}
    </>
  );
}

function PackageBadges({ packages }: { packages: UserRow['aktif_paketler'] }) {
  const t = useTranslations('Admin.users');
  const tp = useTranslations('Platforms');
  if (packages.length === 0) return <span className="text-xs text-muted">{t('noPackages')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {packages.map((p) => (
        <Badge key={p.id} tone="info" title={p.paket_adi}>
          {tp(p.platform as never)} · {p.paket_adi}
        </Badge>
      ))}
    </span>
  );
}

type Actions = { details: (u: UserRow) => void; edit: (u: UserRow) => void; assign: (u: UserRow) => void; remove: (u: UserRow) => void };

/** The row's actions; Delete, the destructive one, asks first (ConfirmDialog). */
function RowMenu({ user, actions }: { user: UserRow; actions: Actions }) {
  const t = useTranslations('Admin.users');
  const tc = useTranslations('Admin.common');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('menuFor', { name: user.ad })}>
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.details(user)}>
          <PanelRightOpen aria-hidden="true" className="size-4" />
          {tc('details')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.edit(user)}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.assign(user)}>
          <PackagePlus aria-hidden="true" className="size-4" />
          {t('addPackage')}
        </DropdownMenuItem>
        <DropdownMenuItem className="text-danger data-[highlighted]:text-danger" onSelect={() => actions.remove(user)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {tc('delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The drawer's body: the user's facts, then the running subscriptions with reset and cancel. */
function UserDetails({
  user,
  onEdit,
  onAssign,
  onReset,
  onCancel,
}: {
  user: UserRow;
  onEdit: () => void;
  onAssign: () => void;
  onReset: (subscriptionId: number, label: string) => void;
  onCancel: (subscriptionId: number, label: string) => void;
}) {
  const t = useTranslations('Admin.users');
  const tp = useTranslations('Platforms');
  const format = useFormatter();
  const facts: [string, ReactNode][] = [
    [t('fields.email'), <span key="e" className="wrap-anywhere">{user.email}</span>],
    [t('fields.phone'), user.telefon_gosterim || '—'],
    [t('profession'), user.meslek || '—'],
    [t('role'), t(`roles.${user.rol}`)],
    [t('filterStatus'), user.aktif ? t('statusActive') : t('statusInactive')],
    [t('columns.balance'), <span key="b" className="tabular-nums">{format.number(user.bakiye_cents / 100, { style: 'currency', currency: 'USD' })}</span>],
    [t('columns.signedUp'), format.dateTime(new Date(user.created_at), { dateStyle: 'long' })],
  ];
  return (
    <div className="flex flex-col gap-5">
      {user.rol === 'admin' || !user.aktif ? (
        <div className="flex flex-wrap gap-2">
          <UserBadges user={user} />
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('edit')}
        </Button>
        <Button variant="secondary" onClick={onAssign}>
          <PackagePlus aria-hidden="true" className="size-4" />
          {t('addPackage')}
        </Button>
      </div>
      <section aria-labelledby={`user-${user.id}-subscriptions`}>
        <h3 id={`user-${user.id}-subscriptions`} className="text-sm font-semibold">
          {t('subscriptions')}
        </h3>
        {user.aktif_paketler.length === 0 ? (
          <p className="mt-2 rounded-md border border-dashed border-line p-3 text-sm text-muted">{t('noSubscription')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {user.aktif_paketler.map((s) => {
              const label = `${tp(s.platform as never)} – ${s.paket_adi}`;
              return (
                <li key={s.id} className="rounded-md border border-line p-3" aria-label={label}>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone="info">{tp(s.platform as never)}</Badge>
                    <span className="font-medium">{s.paket_adi}</span>
                    <span className="text-muted">{t('endsAt', { date: format.dateTime(new Date(s.bitis_tarihi), { dateStyle: 'medium' }) })}</span>
                  </div>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button variant="secondary" size="sm" onClick={() => onReset(s.id, label)}>
                      <RotateCcw aria-hidden="true" className="size-4" />
                      {t('resetLimits')}
                    </Button>
                    <Button variant="ghost" size="sm" className="text-danger" onClick={() => onCancel(s.id, label)}>
                      <XCircle aria-hidden="true" className="size-4" />
                      {t('cancelSubscription')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
