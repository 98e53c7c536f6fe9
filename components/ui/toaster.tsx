'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, Info, Loader2, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { toast as sonner, useSonner, type ToastT } from 'sonner';
import { cn } from '@/lib/infra/utils/cn';
import { nextShown, removeLeft, TOAST_CONFIG, toastDuration, toastKind, type Shown, type ToastKind } from './toast-config';

/**
 * The toasts (§9, see toast-config.ts). Screens call sonner's `toast.success(…)` etc.; this renders
 * sonner's toast list itself, because sonner unmounts a toast 200 ms after it starts leaving while
 * §9 wants a 400 ms exit, and sonner's plain `toast()` has no type while §9's default is success.
 */
const KINDS: Record<ToastKind, { icon: LucideIcon; className: string; role: 'status' | 'alert' }> = {
  success: { icon: CircleCheck, className: 'border-success/40 bg-card text-ink [&_[data-icon]]:text-success', role: 'status' },
  error: { icon: CircleAlert, className: 'border-danger/50 bg-card text-ink [&_[data-icon]]:text-danger', role: 'alert' },
  warning: { icon: TriangleAlert, className: 'border-warning/50 bg-card text-ink [&_[data-icon]]:text-warning', role: 'status' },
  info: { icon: Info, className: 'border-brand/40 bg-card text-ink [&_[data-icon]]:text-brand', role: 'status' },
  loading: { icon: Loader2, className: 'border-line bg-card text-ink [&_[data-icon]]:animate-spin', role: 'status' },
};

const render = (node: ToastT['title']) => (typeof node === 'function' ? node() : node);

function ToastItem({ item, closeLabel, onGone }: { item: Shown<ToastT>; closeLabel: string; onGone: (id: string | number) => void }) {
  const { toast: t, leaving } = item;
  const kind = toastKind(t.type);
  const { icon: Icon, className, role } = KINDS[kind];
  const [entered, setEntered] = useState(false);
  const paused = useRef(false);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Gone from the list: the exit animation runs for TOAST_CONFIG.exitMs, then it is unmounted.
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => onGone(t.id), TOAST_CONFIG.exitMs);
    return () => clearTimeout(timer);
  }, [leaving, onGone, t.id]);

  // Restarts when the toast is updated under the same id (the live-connection toast).
  useEffect(() => {
    if (leaving) return;
    const ms = toastDuration(kind, t.duration);
    if (!Number.isFinite(ms)) return;
    let left = ms;
    let started = Date.now();
    let timer = setTimeout(close, left);
    function close() {
      if (paused.current) return;
      t.onAutoClose?.(t);
      sonner.dismiss(t.id);
    }
    const pause = () => {
      paused.current = true;
      clearTimeout(timer);
      left -= Date.now() - started;
    };
    const resume = () => {
      paused.current = false;
      started = Date.now();
      timer = setTimeout(close, Math.max(left, 1000));
    };
    pauseResume.set(t.id, { pause, resume });
    return () => {
      clearTimeout(timer);
      pauseResume.delete(t.id);
    };
  }, [t, kind, leaving]);

  const action = t.action && typeof t.action === 'object' && 'label' in t.action ? t.action : null;
  const shown = entered && !leaving;

  return (
    // The <li> stays a list item (axe's list rule); the live region is the toast's content inside it.
    // Not `data-sonner-toast`: sonner injects an unlayered stylesheet that keeps that attribute at
    // opacity 0 until sonner's own list marks it mounted, which beat Tailwind's layered opacity-100
    // and left every toast invisible (issue #32).
    <li
      data-toast=""
      data-type={kind}
      data-removed={leaving ? 'true' : 'false'}
      onMouseEnter={() => pauseResume.get(t.id)?.pause()}
      onMouseLeave={() => pauseResume.get(t.id)?.resume()}
      className={cn(
        'pointer-events-auto w-full rounded-lg border p-3 text-sm shadow-lg transition-[opacity,transform] duration-[400ms] ease-out motion-reduce:transition-none',
        className,
        shown ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0',
      )}
    >
      <div role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'} className="flex items-start gap-3">
      <Icon data-icon="" aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 break-words">
        <p className="font-medium">{render(t.title)}</p>
        {t.description ? <p className="mt-0.5 text-muted">{render(t.description)}</p> : null}
        {action ? (
          <button
            type="button"
            className="mt-2 font-semibold text-brand underline-offset-2 hover:underline"
            onClick={(e) => {
              action.onClick(e);
              if (!e.defaultPrevented) sonner.dismiss(t.id);
            }}
          >
            {action.label}
          </button>
        ) : null}
      </div>
      <button type="button" aria-label={closeLabel} onClick={() => sonner.dismiss(t.id)} className="-m-1 shrink-0 rounded p-1 text-muted hover:bg-brand-soft hover:text-ink">
        <X aria-hidden="true" className="size-4" />
      </button>
      </div>
    </li>
  );
}

const pauseResume = new Map<string | number, { pause: () => void; resume: () => void }>();

export function Toaster() {
  const t = useTranslations('Toaster');
  const { toasts } = useSonner();
  const [shown, setShown] = useState<Shown<ToastT>[]>([]);
  // Follows sonner's list during render (React's "adjusting state when a prop changes").
  const [seen, setSeen] = useState(toasts);
  if (seen !== toasts) {
    setSeen(toasts);
    setShown((prev) => nextShown(prev, toasts));
  }

  const onGone = useCallback((id: string | number) => setShown((prev) => removeLeft(prev, id)), []);

  return (
    <section aria-label={t('label')} className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
      <ol className="flex w-full max-w-[600px] flex-col-reverse gap-2">
        {shown.map((item) => (
          <ToastItem key={item.toast.id} item={item} closeLabel={t('close')} onGone={onGone} />
        ))}
      </ol>
    </section>
  );
}
