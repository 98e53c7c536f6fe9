'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { ListTree, Pause, Play } from 'lucide-react';
import type { AdminWatchDetail, AdminWatchView } from '@/lib/domain/watches/responses';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/components/ui/use-format';
import { PostOrders } from '@/components/watch/post-orders';
import { adminApi, errorText } from './admin-api';
import { AdminCard, AdminCards, AdminTable } from './admin-table';
import { cn } from '@/lib/infra/utils/cn';

const TONE: Record<AdminWatchView['status'], BadgeTone> = { active: 'success', paused: 'warning', ended: 'neutral' };

/**
 * /rooting/watches (issue #37 item 5): every customer's watches as a table (from `lg`) or cards
 * (below, so 390 px never scrolls sideways); each opens its posts and their orders in a dialog
 * (GET /api/admin/watches/{id}) and is paused or resumed (POST …/pause|resume, audited).
 */
export function WatchesList({ watches, emptyText }: { watches: AdminWatchView[]; emptyText: string }) {
  const t = useTranslations('Admin.watches');
  const tw = useTranslations('Watch.status');
  const tp = useTranslations('Platforms');
  const format = useFormat();
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);
  const [open, setOpen] = useState<AdminWatchView | null>(null);

  const when = (iso: string | null) => (iso ? format.dateTime(iso) : t('never'));
  const name = (w: AdminWatchView) => `@${w.account} · ${tp(w.platform as never)}`;

  async function act(w: AdminWatchView, what: 'pause' | 'resume') {
    setBusy(w.id);
    try {
      await adminApi(`/api/admin/watches/${w.id}/${what}`, { method: 'POST', locale, fallback: t('actFailed') });
      toast.success(t(what === 'pause' ? 'paused' : 'resumed'));
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('actFailed')));
    } finally {
      setBusy(null);
    }
  }

  const status = (w: AdminWatchView) => (
    <Badge tone={TONE[w.status]} data-watch-status={w.status}>
      {tw(w.status)}
    </Badge>
  );
  const failures = (w: AdminWatchView) => (w.failures > 0 ? t('failuresWith', { count: w.failures, error: w.last_error ?? '' }) : '0');
  const posts = (w: AdminWatchView) => t('postsCounts', { found: w.posts_found, acted: w.posts_acted, skipped: w.posts_skipped });
  const actions = (w: AdminWatchView, inTable = false) => (
    <div className={cn('flex items-center justify-end gap-2', inTable ? 'flex-nowrap' : 'flex-wrap')}>
      <Button variant="secondary" onClick={() => setOpen(w)} aria-label={t('postsOf', { name: name(w) })}>
        <ListTree aria-hidden="true" className="size-4" />
        {t('posts')}
      </Button>
      {w.status === 'active' ? (
        <Button variant="secondary" disabled={busy === w.id} onClick={() => act(w, 'pause')} aria-label={t('pauseOf', { name: name(w) })}>
          <Pause aria-hidden="true" className="size-4" />
          {t('pause')}
        </Button>
      ) : w.status === 'paused' ? (
        <Button variant="secondary" disabled={busy === w.id} onClick={() => act(w, 'resume')} aria-label={t('resumeOf', { name: name(w) })}>
          <Play aria-hidden="true" className="size-4" />
          {t('resume')}
        </Button>
      ) : null}
    </div>
  );

  return (
    <>
      <AdminTable
        phoneCards
        label={t('listLabel')}
        isEmpty={watches.length === 0}
        emptyText={emptyText}
        numeric={[4]}
        columns={[t('customer'), t('account'), t('status'), t('lastPoll'), t('failures'), t('postsColumn'), t('ends')]}
      >
        {watches.map((w) => (
          <tr key={w.id} className="border-b border-line last:border-0" data-watch={w.id}>
            <td className="min-w-40 p-3">
              <span className="block font-medium">{w.user.ad_soyad}</span>
              <span className="block text-muted [overflow-wrap:anywhere]">{w.user.email}</span>
            </td>
            <td className="p-3">
              <span className="block font-medium whitespace-nowrap">@{w.account}</span>
              <span className="block text-xs whitespace-nowrap text-muted">
                {tp(w.platform as never)} · {t('number', { number: format.orderNumber(w.number) })}
              </span>
            </td>
            <td className="p-3">{status(w)}</td>
            <td className="min-w-28 p-3">{when(w.last_polled_at)}</td>
            <td className="p-3 text-right" data-watch-failures={w.failures}>
              {failures(w)}
            </td>
            <td className="min-w-32 p-3">{posts(w)}</td>
            <td className="min-w-28 p-3">{format.dateTime(w.ends_at)}</td>
            <td className="p-3">{actions(w, true)}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminCards label={t('listLabel')} isEmpty={watches.length === 0} emptyText={emptyText}>
        {watches.map((w) => (
          <AdminCard
            key={w.id}
            data-watch={w.id}
            title={name(w)}
            badge={status(w)}
            fields={[
              [t('customer'), `${w.user.ad_soyad} (${w.user.email})`],
              [t('numberColumn'), format.orderNumber(w.number)],
              [t('lastPoll'), when(w.last_polled_at)],
              [t('failures'), failures(w)],
              [t('postsColumn'), posts(w)],
              [t('ends'), format.dateTime(w.ends_at)],
            ]}
            actions={actions(w)}
          />
        ))}
      </AdminCards>
      <Dialog open={open !== null} onOpenChange={(o) => (o ? null : setOpen(null))}>
        {open ? (
          <DialogContent title={t('postsOf', { name: name(open) })} closeLabel={t('close')}>
            <WatchPosts id={open.id} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/** One watch's posts and their orders, read when its dialog opens: loading, error and empty states. */
function WatchPosts({ id }: { id: number }) {
  const t = useTranslations('Admin.watches');
  const format = useFormat();
  const locale = useLocale();
  const [state, setState] = useState<{ watch?: AdminWatchDetail; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ watch: AdminWatchDetail }>(`/api/admin/watches/${id}`, { locale, fallback: t('loadFailed') }).then(
      (res) => live && setState({ watch: res.watch }),
      (err: unknown) => live && setState({ error: errorText(err, t('loadFailed')) }),
    );
    return () => {
      live = false;
    };
  }, [id, locale, t]);
  if (!state) return <Skeleton className="h-24 w-full" />;
  if (state.error) return <p className="text-danger">{state.error}</p>;
  const list = state.watch!.posts;
  if (list.length === 0) return <p className="text-muted">{t('noPosts')}</p>;
  return (
    <ul className="space-y-3" aria-label={t('posts')}>
      {list.map((post) => (
        <li key={post.id} className="space-y-1 border-b border-line pb-2 text-sm last:border-0" data-watch-post={post.post_id}>
          <a href={post.url} target="_blank" rel="noopener noreferrer" className="block break-all text-brand underline">
            {post.url}
          </a>
          <span className="text-xs text-muted">{t('foundAt', { at: format.dateTime(post.found_at) })}</span>
          {post.status === 'skipped' ? <p className="text-xs text-warning">{t('skipped', { reason: post.reason ?? '' })}</p> : null}
          <PostOrders orders={post.orders} />
        </li>
      ))}
    </ul>
  );
}
