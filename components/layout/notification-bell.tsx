'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { useFormat } from '@/components/ui/use-format';
import { useIdle } from '@/components/ui/use-idle';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/infra/utils/cn';
import { getJson, sendJson } from '@/components/auth/api';
import { useSocketEvents } from '@/components/realtime/use-socket-events';
import { useViewerState } from './viewer-context';

type Item = { id: number; kind: string; title: string; body: string; link: string | null; read: boolean; created_at: string };
type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; items: Item[]; unread: number };

/**
 * The notification centre of a logged-in customer's header (issue #18): a bell with the unread
 * count, a list of the newest notices (written by the server in the page's language, amounts,
 * services and days in words: lib/domain/notifications renderNotification), marking one or all as read.
 * A `notification:new` event on the user's own socket room reads the list again.
 */
export function NotificationBell() {
  const viewer = useViewerState();
  const socketToken = viewer.phase === 'member' ? viewer.account.socketToken : null;
  const t = useTranslations('Notifications');
  const format = useFormat();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const box = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    const res = await getJson('/api/notifications', locale);
    if (!res.ok) {
      setState((s) => (s.phase === 'ready' ? s : { phase: 'error' }));
      return;
    }
    setState({ phase: 'ready', items: res.body.notifications as Item[], unread: Number(res.body.unread) || 0 });
  }, [locale]);

  // The list and the live connection wait until the page has loaded and the browser is idle: the
  // page itself comes first on a phone (the count shows a moment later, never a wrong one).
  const idle = useIdle();
  useEffect(() => {
    if (!idle) return;
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [idle, load]);
  useSocketEvents(idle ? socketToken : null, { 'notification:new': () => void load() }, () => void load());

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  async function markRead(body: { ids: number[] } | { all: true }) {
    const res = await sendJson('/api/notifications/read', body, locale);
    if (res.ok) await load();
  }

  const unread = state.phase === 'ready' ? state.unread : 0;

  return (
    <div ref={box} className="relative" data-notification-bell>
      <Button
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-label={t('bellLabel', { count: unread })}
        onClick={() => setOpen((o) => !o)}
        className="relative"
      >
        <Bell aria-hidden="true" className="size-5" />
      </Button>
      {/* Beside the button, not in it: the count is in the button's name (WCAG 2.5.3). */}
      {unread > 0 ? (
        <span aria-hidden="true" className="pointer-events-none absolute right-0.5 top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs font-bold leading-5 text-brand-ink" data-unread={unread}>
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
      {open ? (
        <div
          id={`${id}-panel`}
          role="region"
          aria-label={t('title')}
          className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-lg border border-line bg-card p-2 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-1 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="text-base font-semibold">{t('title')}</h2>
            {unread > 0 ? (
              <Button variant="ghost" onClick={() => void markRead({ all: true })} className="px-2 text-brand">
                <CheckCheck aria-hidden="true" className="size-4" />
                {t('markAll')}
              </Button>
            ) : null}
          </div>
          {state.phase === 'loading' ? <p className="p-3 text-sm text-muted">{t('loading')}</p> : null}
          {state.phase === 'error' ? <p className="p-3 text-sm text-danger">{t('loadError')}</p> : null}
          {state.phase === 'ready' && state.items.length === 0 ? <p className="p-3 text-sm text-muted">{t('empty')}</p> : null}
          {state.phase === 'ready' && state.items.length > 0 ? (
            <ul className="space-y-1" data-notification-list>
              {state.items.map((item) => {
                const content = (
                  <>
                    <span className="flex items-start gap-2">
                      {!item.read ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" /> : null}
                      <span className={cn('min-w-0 flex-1', !item.read && 'font-semibold')}>{item.title}</span>
                    </span>
                    <span className="block break-words text-muted">{item.body}</span>
                    <time dateTime={item.created_at} className="block text-xs text-muted">
                      {format.relative(item.created_at)}
                    </time>
                    {!item.read ? <span className="sr-only">{t('unread')}</span> : null}
                  </>
                );
                const cls = cn('block min-h-11 w-full rounded-md p-2 text-left text-sm hover:bg-brand-soft', !item.read && 'bg-surface');
                const onOpen = () => {
                  if (!item.read) void markRead({ ids: [item.id] });
                  setOpen(false);
                };
                return (
                  <li key={item.id} data-notification={item.kind}>
                    {item.link ? (
                      <Link href={item.link} onClick={onOpen} className={cls}>
                        {content}
                      </Link>
                    ) : (
                      <button type="button" onClick={onOpen} className={cls}>
                        {content}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
          <Link href="/panel/settings#notifications" onClick={() => setOpen(false)} className={buttonVariants({ variant: 'link', className: 'mt-1 px-2 underline' })}>
            <Settings aria-hidden="true" className="size-4" />
            {t('preferences')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
